"""manage.py import_shoes CSV [--images DIR] [--dry-run] [--progress]: shoes and stock from a CSV file."""

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalog.importing import COLUMNS, ImportFailed, shoes_import
from catalog.management.progress import ProgressBar

# Below this many rows the import is over before a bar would be worth reading.
PROGRESS_MIN_ROWS = 200


class Command(BaseCommand):
    help = (
        f"Create or update shoes and their stock from a CSV file with the columns {', '.join(COLUMNS)}; one row "
        "per size of a shoe. All or nothing: if any row is bad nothing is written and every bad row is listed. "
        "An archived shoe the file names is restored to the shop."
    )

    def add_arguments(self, parser):
        parser.add_argument("csv", type=Path, help="the CSV file (UTF-8, a header row)")
        parser.add_argument(
            "--images", type=Path, help="the folder the image paths are relative to (default: the CSV file's folder)"
        )
        parser.add_argument("--dry-run", action="store_true", help="check the file and report, writing nothing")
        parser.add_argument(
            "--progress", action="store_true", help="show the progress bar even when stderr is not a terminal"
        )

    def handle(self, *args, csv: Path, images: Path | None, dry_run: bool, progress: bool, **options):
        if not csv.is_file():
            raise CommandError(f"There is no file {csv}.")
        if images is not None and not images.is_dir():
            raise CommandError(f"There is no folder {images}.")
        started = time.monotonic()
        bar = (
            ProgressBar(self.stderr, always=progress, min_total=PROGRESS_MIN_ROWS)
            if progress or self.stderr.isatty()
            else None
        )
        try:
            summary = shoes_import(csv_path=csv, images_dir=images, dry_run=dry_run, progress=bar)
        except ImportFailed as error:
            raise CommandError(error.report()) from None
        finally:
            if bar:
                bar.close()
        self.stdout.write(f"{summary} ({time.monotonic() - started:.1f} s)")
