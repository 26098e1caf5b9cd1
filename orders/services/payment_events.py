"""Stripe's events (docs/DESIGN.md §5) as the task orders.tasks.webhook_event_handle applies them: checked by their
signature when they come in, then applied to their order once (orders/webhooks.py stores them between the two)."""

import json
import logging
from datetime import UTC, datetime

import stripe
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from mailing.services import mail_queue

from .. import selectors
from ..errors import CardDeclined, WebhookRefused
from ..mails import ORDER_DISPUTED, ORDER_REFUNDED
from ..models import Order, WebhookEvent
from ..selectors import HELD
from ._held import order_paid, stock_return

logger = logging.getLogger(__name__)


def webhook_event_verify(*, payload: bytes, signature: str) -> dict:
    """The event, once its Stripe-Signature header is checked with the stripe library against
    STRIPE_WEBHOOK_SECRET and a timestamp no older than STRIPE_WEBHOOK_TOLERANCE; WebhookRefused otherwise."""
    secret = settings.STRIPE_WEBHOOK_SECRET
    if not secret:
        raise WebhookRefused("This shop has no webhook secret: no event is accepted.")
    if not signature:
        raise WebhookRefused("The event is not signed.")
    try:
        stripe.Webhook.construct_event(payload, signature, secret, tolerance=settings.STRIPE_WEBHOOK_TOLERANCE)
        event = json.loads(payload)
    except stripe.SignatureVerificationError as error:
        raise WebhookRefused("The event's signature does not match, or it is too old.") from error
    except ValueError as error:
        raise WebhookRefused("The event is not JSON.") from error
    if not isinstance(event, dict) or not isinstance(event.get("id"), str) or not isinstance(event.get("type"), str):
        raise WebhookRefused("The event has no id or type.")
    return event


def webhook_event_handle(*, event_pk: int) -> str:
    """Apply a stored event to its order, once; what it did, for the task's log."""
    with transaction.atomic():
        event = WebhookEvent.objects.select_for_update().filter(pk=event_pk, handled_at__isnull=True).first()
        if event is None:
            return "handled already"
        obj = event.payload.get("data", {}).get("object", {})
        # A PaymentIntent names itself; a charge or a dispute names its payment_intent.
        intent_id = obj.get("id") if obj.get("object") == "payment_intent" else obj.get("payment_intent")
        order = selectors.order_find_by_intent(intent_id=intent_id) if intent_id else None
        if order is None:
            outcome = "no order of this shop"
        else:
            created = _event_created(event.payload)
            outcome = _EVENT_HANDLERS.get(event.type, _event_ignored)(order=order, obj=obj, created=created)
        event.handled_at = timezone.now()
        event.save(update_fields=["handled_at"])
    logger.info("Stripe event %s (%s): %s.", event.event_id, event.type, outcome)
    return outcome


def _event_created(payload: dict) -> datetime | None:
    """When Stripe created the event (its `created`, Unix seconds): the order events of one dispute are applied in."""
    created = payload.get("created")
    if isinstance(created, bool) or not isinstance(created, int):
        return None
    return datetime.fromtimestamp(created, tz=UTC)


def _event_ignored(*, order: Order, obj: dict, created: datetime | None) -> str:
    return "not an event the shop acts on"


def _intent_succeeded(*, order: Order, obj: dict, created: datetime | None) -> str:
    # The money Stripe took must be the order's, in its currency: the shop made the intent for exactly that, so
    # anything else (an intent changed in the dashboard or through a leaked key, another shop's intent on the same
    # account) is not a payment of this order. It is not applied: the order stays held, flagged for a person, and the
    # stale job leaves it alone. The webhook still answered 200 (the event is stored), so Stripe stops sending it.
    amount = obj.get("amount_received", obj.get("amount"))
    currency = str(obj.get("currency") or "").lower()
    if amount != order.amount or currency != order.currency.lower():
        problem = (
            f"Stripe's payment_intent.succeeded says {amount} {currency or '(no currency)'}; the order is "
            f"{order.amount} {order.currency}."
        )
        Order.objects.filter(pk=order.pk).update(payment_problem=problem[:255], updated_at=timezone.now())
        logger.critical("Order %s: %s Not applied: check the payment in Stripe's dashboard.", order.pk, problem)
        return "amount or currency not the order's: flagged for a person, not applied"
    # A 3-D Secure payment finished after the shopper closed the tab: the order is settled now, not by cron.
    if order.payment in HELD:
        order_paid(order=order)
        return "paid"
    if order.payment != Order.Payment.PAID:
        logger.critical("Order %s: its payment succeeded after its pairs were released; refund or ship it.", order.pk)
        return "paid after release: left for a person"
    return "paid already"


def _intent_failed(*, order: Order, obj: dict, created: datetime | None) -> str:
    error = obj.get("last_payment_error") or {}
    message = error.get("message") or CardDeclined.message
    return "released" if stock_return(order=order, payment=Order.Payment.DECLINED, decline_message=message) else "-"


def _intent_canceled(*, order: Order, obj: dict, created: datetime | None) -> str:
    return "released" if stock_return(order=order, payment=Order.Payment.RELEASED) else "released already"


def _charge_refunded(*, order: Order, obj: dict, created: datetime | None) -> str:
    """A refund made in Stripe's dashboard (or the echo of the shop's own): the order shows it; no pairs move,
    since the shop cannot know which pairs came back."""
    locked = Order.objects.select_for_update().get(pk=order.pk)
    refunded = min(int(obj.get("amount_refunded") or 0), locked.amount)
    if refunded <= locked.refunded:
        return "known already"
    given = refunded - locked.refunded
    locked.refunded = refunded
    locked.save(update_fields=["refunded", "updated_at"])
    mail_queue(kind=ORDER_REFUNDED, to=locked.email, context={"order": locked.pk, "refund": given})
    return f"{given} refunded in Stripe"


def _dispute(*, order: Order, obj: dict, created: datetime | None) -> str:
    """The dispute's status, in the order Stripe created its events: Stripe does not deliver them in order, and
    retries a failed one for days, so a late `created` (needs_response) must not undo a newer `closed` (won)."""
    status = str(obj.get("status") or "needs_response")[:32]
    locked = Order.objects.select_for_update().get(pk=order.pk)
    if locked.dispute_event_at is not None and (created is None or created < locked.dispute_event_at):
        return f"dispute {status} older than the one applied ({locked.dispute}): not applied"
    locked.dispute, locked.dispute_event_at = status, created or locked.dispute_event_at
    locked.save(update_fields=["dispute", "dispute_event_at", "updated_at"])
    mail_queue(kind=ORDER_DISPUTED, to=settings.SHOP_CONTACT_EMAIL, context={"order": order.pk, "status": status})
    return f"dispute {status}"


_EVENT_HANDLERS = {
    "payment_intent.succeeded": _intent_succeeded,
    "payment_intent.payment_failed": _intent_failed,
    "payment_intent.canceled": _intent_canceled,
    "charge.refunded": _charge_refunded,
    "charge.dispute.created": _dispute,
    "charge.dispute.closed": _dispute,
}
