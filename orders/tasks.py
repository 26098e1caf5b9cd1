"""The orders app's Celery tasks: beat's periodic settling of stale checkouts."""

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings

from . import selectors, services, webhooks

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


@shared_task(name=webhooks.WEBHOOK_EVENT_TASK, acks_late=True, reject_on_worker_lost=True)
def webhook_event_handle(event_pk: int) -> str:
    """Apply one stored Stripe event to its order (orders.services.webhook_event_handle); handling twice is a no-op."""
    return services.webhook_event_handle(event_pk=event_pk)


@shared_task(name="orders.tasks.webhook_events_handle_pending")
def webhook_events_handle_pending() -> int:
    """Every SHOP_RELEASE_STALE_EVERY_MINUTES: the events whose task the broker lost, handled now."""
    pending = selectors.webhook_events_pending(older_than=timedelta(minutes=2))
    for event_pk in pending:
        services.webhook_event_handle(event_pk=event_pk)
    return len(pending)
