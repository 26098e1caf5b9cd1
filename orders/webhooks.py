"""Stripe's events as they come in (docs/DESIGN.md §5): each stored once by its id and handed to a worker
(orders.tasks.webhook_event_handle) once committed. Apart from the services, which handle them, so the test gateway
(orders/payments/test.py) emits its events through this same door without importing the services that import it."""

import logging

from celery import current_app
from django.db import IntegrityError, transaction

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
    transaction.on_commit(lambda: _event_enqueue(event_pk=stored.pk))
    return stored


def _event_enqueue(*, event_pk: int) -> None:
    # By name from the registry, as mailing.services.mails_enqueue does: orders.tasks imports the services, which
    # import this module.
    try:
        current_app.tasks[WEBHOOK_EVENT_TASK].apply_async(args=[event_pk])
    except Exception:
        # Whatever the broker raised: the row is stored unhandled, and beat's webhook_events_handle_pending takes it.
        logger.exception("Stripe event %s was not handed to a worker; the periodic run will handle it.", event_pk)
