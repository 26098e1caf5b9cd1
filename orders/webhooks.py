"""Stripe's events as they come in (docs/DESIGN.md §5): each stored once by its id and handed to a worker
(orders.tasks.webhook_event_handle) once committed. Apart from the services, which handle them, so the test gateway
(orders/payments/test.py) emits its events through this same door without importing the services that import it."""

import logging

from django.db import IntegrityError, transaction

from shopsite.background import tasks_hand_over

from .models import WebhookEvent

logger = logging.getLogger(__name__)

WEBHOOK_EVENT_TASK = "orders.tasks.webhook_event_handle"


def webhook_event_receive(*, event: dict) -> WebhookEvent | None:
    """Store an event checked to come from Stripe (or emitted by the test gateway) and hand it to a worker once
    committed; None for an event stored before (a replay, or Stripe's retry), which is not handled again."""
    try:
        with transaction.atomic():
            stored = WebhookEvent.objects.create(event_id=event["id"], type=event["type"], payload=event)
    except IntegrityError:
        logger.info("Stripe event %s (%s) came again; ignored.", event["id"], event["type"])
        return None
    # The row is stored unhandled whatever the broker does: beat's webhook_events_handle_pending takes it.
    tasks_hand_over(
        task=WEBHOOK_EVENT_TASK,
        calls=[(stored.pk,)],
        what="Stripe events",
        fallback="the periodic run (webhook_events_handle_pending) will handle them",
    )
    return stored
