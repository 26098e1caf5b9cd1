"""What the checkout, Stripe's events and the stale job share, for orders.services' modules alone: the gateway, the
lease on a held order's charge, and the two ways a hold ends (paid, with its confirmation in the outbox, or its pairs
given back)."""

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import Case, F, PositiveSmallIntegerField, Q, When
from django.utils import timezone

from catalog import services as catalog_services
from mailing.models import Mail
from mailing.services import mail_queue

from .. import payments
from ..errors import PaymentUnavailable
from ..mails import ORDER_CONFIRMATION
from ..models import Order
from ..payments import GatewayUnavailable, PaymentGateway
from ..selectors import HELD
from .pricing import discount_use_give_back

logger = logging.getLogger(__name__)

# How long a request may take to charge an order before another may take over (a crash, a lost
# answer): longer than a gunicorn worker's timeout, so two requests never charge at once.
CHARGE_LEASE = timedelta(minutes=2)


def gateway() -> PaymentGateway:
    """The shop's card gateway; PaymentUnavailable, the shopper's or admin's error, when it cannot take payments."""
    try:
        return payments.gateway_get()
    except GatewayUnavailable as error:
        raise PaymentUnavailable(str(error)) from error


def lease_take(*, order: Order) -> bool:
    """Claim the right to charge a held order; False while another request is charging it."""
    now = timezone.now()
    taken = (
        Order.objects.filter(pk=order.pk, payment__in=HELD)
        .filter(Q(charging_until__isnull=True) | Q(charging_until__lt=now))
        .update(
            charging_until=now + CHARGE_LEASE,
            payment=Order.Payment.RESERVED,
            # Back from 3-D Secure: a new confirm, so a new idempotency key.
            confirmations=Case(
                When(payment=Order.Payment.REQUIRES_ACTION, then=F("confirmations") + 1),
                default=F("confirmations"),
                output_field=PositiveSmallIntegerField(),
            ),
            updated_at=now,
        )
    )
    if taken:
        order.refresh_from_db(fields=["payment", "confirmations", "charging_until", "payment_intent_id"])
    return bool(taken)


def stock_return(*, order: Order, payment: str, decline_message: str = "") -> bool:
    """Put a held order's pairs back and leave it unlisted; False when it no longer held any."""
    with transaction.atomic():
        # The state moves first: of two requests releasing at once, only one puts the pairs back.
        released = Order.objects.filter(pk=order.pk, payment__in=HELD).update(
            payment=payment, decline_message=decline_message, charging_until=None, updated_at=timezone.now()
        )
        if not released:
            return False
        taken = order.lines.filter(stock_entry__isnull=False).values_list("stock_entry_id", "quantity")
        catalog_services.stock_release(pairs=dict(taken))
        # A failed payment does not burn its discount code's use.
        discount_use_give_back(order=order)
    order.payment, order.decline_message, order.charging_until = payment, decline_message, None
    return True


def order_paid(*, order: Order, confirmation: bool = True) -> None:
    """Mark a held order paid, with its confirmation in the outbox; settled already, or released, it is left."""
    now = timezone.now()
    with transaction.atomic():
        marked = Order.objects.filter(pk=order.pk, payment__in=HELD).update(
            payment=Order.Payment.PAID, paid_at=now, charging_until=None, updated_at=now
        )
        if not marked:
            if Order.objects.filter(pk=order.pk, payment=Order.Payment.PAID).exists():
                # Settled already, by Stripe's payment_intent.succeeded or by the request it raced.
                order.payment = Order.Payment.PAID
                return
            # Only a charge that outlived its lease by minutes gets here: the card is charged for pairs
            # already given back. Staff must refund it or ship it by hand.
            logger.critical("Order %s was charged after its stock was released; refund or ship it.", order.pk)
            return
        order.payment, order.paid_at, order.charging_until = Order.Payment.PAID, now, None
        # In the same transaction as the payment: a paid order always has its confirmation in the outbox, sent by a
        # worker after the commit. The request never waits on the mail server.
        if confirmation:
            order_confirmation_queue(order=order)


def order_confirmation_queue(*, order: Order) -> Mail:
    """Put the shopper's confirmation of a paid order in the outbox (orders/mails.py builds it when it is sent)."""
    return mail_queue(kind=ORDER_CONFIRMATION, to=order.email, context={"order": order.pk})
