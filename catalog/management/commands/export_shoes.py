"""manage.py export_shoes [CSV]: the catalogue as a file import_shoes reads back."""

import os
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from catalog.importing import shoes_export


class Command(BaseCommand):
    help = (
        "Write every shoe in the shop as CSV, one row per size (a shoe without sizes gets one row with no size), "
        "ordered by brand, name, color and size, to the file given or to stdout; archived shoes are left out. "
        "import_shoes reads it back."
    )

    def add_arguments(self, parser):
        parser.add_argument("csv", nargs="?", default="-", help='the file to write; "-" or nothing for stdout')

    def handle(self, *args, csv: str, **options):
        if csv == "-":
            try:
                # The csv writer ends every line with "\n", so the wrapper adds no newline of its own.
                shoes_export(out=self.stdout)
            except BrokenPipeError:
                # The reader (head, less) stopped early: not a failure. Python would complain again when it
                # flushes stdout at exit, so stdout now leads nowhere.
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return
        with Path(csv).open("w", encoding="utf-8", newline="") as out:
            rows = shoes_export(out=out)
        self.stdout.write(f"Exported {rows} rows to {csv}.")
