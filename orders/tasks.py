"""The orders app's Celery tasks: beat's periodic settling of stale checkouts."""

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings

from . import services

logger = logging.getLogger(__name__)


@shared_task(name="orders.tasks.reservations_release_stale")
def reservations_release_stale() -> dict:
    """Every SHOP_RELEASE_STALE_EVERY_MINUTES: checkouts holding stock past SHOP_RESERVATION_MINUTES are settled with
    the card service (manage.py release_stale_reservations runs the same)."""
    report = services.reservations_release_stale(older_than=timedelta(minutes=settings.SHOP_RESERVATION_MINUTES))
    if report.paid or report.released or report.skipped:
        logger.info(
            "Stale checkouts: %s paid after all, %s released, %s left for the next run.",
            report.paid,
            report.released,
            report.skipped,
        )
    return {"paid": report.paid, "released": report.released, "skipped": report.skipped}
