"""manage.py import_shoes CSV [--images DIR] [--dry-run] [--progress]: shoes and stock from a CSV file."""

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, OutputWrapper

from catalog.importing import COLUMNS, ImportFailed, shoes_import

# Below this many rows the import is over before a bar would be worth reading.
PROGRESS_MIN_ROWS = 200


def _plain(text: str) -> str:
    # stderr is styled as an error on a terminal; the bar is not one.
    return text


class ProgressBar:
    """A one-line bar of rows done out of the total, redrawn in place with a carriage return."""

    def __init__(self, stream: OutputWrapper, *, always: bool, width: int = 30):
        self.stream = stream
        self.always = always
        self.width = width
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if total == 0 or (not self.always and total <= PROGRESS_MIN_ROWS):
            return
        filled = self.width * done // total
        bar = f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} rows"
        self.stream.write(bar, style_func=_plain, ending="")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("", style_func=_plain)


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
        bar = ProgressBar(self.stderr, always=progress) if progress or self.stderr.isatty() else None
        try:
            summary = shoes_import(csv_path=csv, images_dir=images, dry_run=dry_run, progress=bar)
        except ImportFailed as error:
            raise CommandError(error.report()) from None
        finally:
            if bar:
                bar.close()
        self.stdout.write(f"{summary} ({time.monotonic() - started:.1f} s)")
