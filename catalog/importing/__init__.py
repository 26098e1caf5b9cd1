"""Shoes in and out of CSV files (docs/DESIGN.md §9): the operator's all-or-nothing import and the export it can read
back. The import reads the file (reading.py), works out what it changes (diff.py, pure) and writes that (writing.py);
this door is what the commands use."""

from .exporting import shoes_export
from .reading import COLUMNS, ImportFailed
from .writing import ImportSummary, shoes_import

__all__ = ["COLUMNS", "ImportFailed", "ImportSummary", "shoes_export", "shoes_import"]
