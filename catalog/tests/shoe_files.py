"""Helpers of the import and export tests: the commands run as an operator runs them, and the media storage's files."""

from io import StringIO
from pathlib import Path

from django.core.management import call_command

HEADER = "brand,name,color,price,description,image,size,quantity"
# The export's: the optional sale price too.
EXPORT_HEADER = f"{HEADER},salePrice"


def run_import(path: Path, *args: str, stderr: StringIO | None = None) -> str:
    out = StringIO()
    call_command("import_shoes", str(path), *args, stdout=out, stderr=stderr or StringIO())
    return out.getvalue()


def media_files(media: Path) -> list[str]:
    return sorted(str(path.relative_to(media)) for path in media.rglob("*") if path.is_file())
