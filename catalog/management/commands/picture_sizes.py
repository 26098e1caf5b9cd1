"""manage.py picture_sizes [--progress]: the smaller copies of the shoe pictures stored before they were made."""

import time

from django.core.management.base import BaseCommand

from catalog import selectors, services
from catalog.images import PICTURE_WIDTHS
from catalog.management.progress import ProgressBar


class Command(BaseCommand):
    help = (
        f"Store every shoe picture that has none yet at the widths {', '.join(map(str, PICTURE_WIDTHS))} (WebP), for "
        "the storefront's srcset. New uploads get theirs from a Celery task; this is for the pictures stored before. "
        "Safe to run again: it does only what is missing."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--progress", action="store_true", help="show the progress bar even when stderr is not a terminal"
        )

    def handle(self, *args, progress: bool, **options):
        started = time.monotonic()
        names = selectors.pictures_without_sizes()
        bar = ProgressBar(self.stderr, always=progress, unit="pictures") if progress or self.stderr.isatty() else None
        made = 0
        try:
            for done, name in enumerate(names, start=1):
                made += services.picture_sizes_make(name=name)
                if bar:
                    bar(done, len(names))
        finally:
            if bar:
                bar.close()
        self.stdout.write(f"{made} pictures sized, of {len(names)} without sizes ({time.monotonic() - started:.1f} s)")
