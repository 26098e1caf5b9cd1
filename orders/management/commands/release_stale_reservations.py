"""manage.py release_stale_reservations: settle checkouts that a crash or an abandoned 3-D Secure left holding stock."""

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from orders import services


class Command(BaseCommand):
    help = (
        "Settle every checkout still holding stock after --minutes (default SHOP_RESERVATION_MINUTES): one the "
        "card service says was paid becomes a paid order; any other gives its pairs back. Run it from cron."
    )

    def add_arguments(self, parser):
        parser.add_argument("--minutes", type=int, default=settings.SHOP_RESERVATION_MINUTES)

    def handle(self, *args, minutes: int, **options):
        if minutes < 1:
            raise CommandError("--minutes must be at least 1: a younger checkout may still be charging.")
        report = services.reservations_release_stale(older_than=timedelta(minutes=minutes))
        self.stdout.write(
            f"Paid after all: {report.paid}. Released: {report.released}. Left for the next run: {report.skipped}."
        )
        if report.skipped:
            # A non-zero exit lets cron or a monitor notice that the card service is not answering.
            raise CommandError(f"{report.skipped} checkouts could not be settled; they are left for the next run.")
