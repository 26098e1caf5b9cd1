"""The checkout (docs/DESIGN.md §5) and the writes on orders.

A checkout reserves stock in one short transaction, charges the card outside it, then marks the order
paid or puts the stock back. Whatever fails on the way, no stock stays held and nothing is charged twice.
"""

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Case, F, PositiveSmallIntegerField, Q, When
from django.utils import timezone

from accounts.models import User
from catalog import services as catalog_services
from mailing.models import Mail
from mailing.services import mail_queue

from . import selectors
from .errors import (
    AmountMismatch,
    CardDeclined,
    CartChanged,
    OrderTooLarge,
    PaymentInProgress,
    PaymentMethodUsed,
    PaymentUnavailable,
)
from .mails import ORDER_CONFIRMATION
from .models import Order, OrderLine
from .payments import Charge, ChargeStatus, GatewayUnavailable, PaymentGateway, gateway_get
from .selectors import HELD, CartLine

logger = logging.getLogger(__name__)

# The most one card payment may take: Stripe's limit for a charge in dollars ($999,999.99).
MAX_AMOUNT = 99_999_999
# How long a request may take to charge an order before another may take over (a crash, a lost
# answer): longer than a gunicorn worker's timeout, so two requests never charge at once.
CHARGE_LEASE = timedelta(minutes=2)


@dataclass(frozen=True)
class Checkout:
    """How a checkout ended: paid, or waiting for the browser's 3-D Secure."""

    order: Order
    # Paid by an earlier request with the same payment method: this one only repeated it.
    repeated: bool = False
    client_secret: str = ""

    @property
    def requires_action(self) -> bool:
        return self.order.payment == Order.Payment.REQUIRES_ACTION


def _order_reserve(*, user: User, payment_method_id: str, lines: list[CartLine], amount: int) -> Order | None:
    """Price the cart and hold its stock for a new order; None when this payment method already has one."""
    with transaction.atomic():
        cart = selectors.cart_price(lines=lines, lock=True)
        if cart.problems:
            raise CartChanged(lines=cart.problems)
        if cart.amount != amount:
            raise AmountMismatch(
                f"The total is ${cart.amount / 100:,.2f}, not ${amount / 100:,.2f}; nothing was charged.",
                extra={"amount": cart.amount},
            )
        if cart.amount > MAX_AMOUNT:
            raise OrderTooLarge(f"One card payment can take at most ${MAX_AMOUNT / 100:,.2f}; split the order.")
        try:
            with transaction.atomic():
                order = Order.objects.create(
                    user=user,
                    email=user.email,
                    amount=cart.amount,
                    currency=settings.SHOP_CURRENCY,
                    payment_method_id=payment_method_id,
                    charging_until=timezone.now() + CHARGE_LEASE,
                )
        except IntegrityError:
            # The same payment method raced this request and won; its checkout is the one to follow.
            return None
        # The rows cart_price locked, in this same transaction.
        catalog_services.stock_take(taken=[(line.entry, line.line.quantity) for line in cart.lines])
        OrderLine.objects.bulk_create(
            OrderLine(
                order=order,
                shoe=line.entry.shoe,
                stock_entry=line.entry,
                name=line.entry.shoe.name,
                brand=line.entry.shoe.brand.name,
                size=line.line.size,
                quantity=line.line.quantity,
                unit_price=line.unit_price,
            )
            for line in cart.lines
        )
    return order


def _stock_return(*, order: Order, payment: str, decline_message: str = "") -> bool:
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
    order.payment, order.decline_message, order.charging_until = payment, decline_message, None
    return True


def _order_paid(*, order: Order) -> None:
    now = timezone.now()
    with transaction.atomic():
        marked = Order.objects.filter(pk=order.pk, payment__in=HELD).update(
            payment=Order.Payment.PAID, paid_at=now, charging_until=None, updated_at=now
        )
        if not marked:
            # Only a charge that outlived its lease by minutes gets here: the card is charged for pairs
            # already given back. Staff must refund it or ship it by hand.
            logger.critical("Order %s was charged after its stock was released; refund or ship it.", order.pk)
            return
        order.payment, order.paid_at, order.charging_until = Order.Payment.PAID, now, None
        # In the same transaction as the payment: a paid order always has its confirmation in the outbox, sent by a
        # worker after the commit. The request never waits on the mail server.
        order_confirmation_queue(order=order)


def _charge_record(*, order: Order, charge: Charge) -> Charge:
    """Move the order on by what the gateway answered, or raise what the shopper is to be told."""
    if charge.status == ChargeStatus.SUCCEEDED:
        _order_paid(order=order)
    elif charge.status == ChargeStatus.REQUIRES_ACTION:
        Order.objects.filter(pk=order.pk).update(
            payment=Order.Payment.REQUIRES_ACTION, charging_until=None, updated_at=timezone.now()
        )
        order.payment, order.charging_until = Order.Payment.REQUIRES_ACTION, None
    elif charge.status in (ChargeStatus.DECLINED, ChargeStatus.CANCELED):
        message = charge.decline_message or CardDeclined.message
        _stock_return(order=order, payment=Order.Payment.DECLINED, decline_message=message)
        raise CardDeclined(message)
    else:
        # Unconfirmed or still processing at the gateway: keep the stock held and let a later request
        # (or release_stale_reservations) find out how it ended.
        Order.objects.filter(pk=order.pk).update(charging_until=None)
        raise PaymentInProgress()
    return charge


def _order_charge(*, order: Order, gateway: PaymentGateway) -> Charge:
    """Charge a held order this request has the lease on, outside any transaction."""
    prefix = order.idempotency_prefix
    if not order.payment_intent_id:
        try:
            intent_id = gateway.intent_create(
                amount=order.amount,
                currency=order.currency,
                idempotency_key=f"{prefix}-create",
                description=f"{settings.SHOP_NAME} order {order.pk}",
                receipt_email=order.email,
                metadata={"order": str(order.pk), "uid": order.user.uid},
            )
        except GatewayUnavailable as error:
            # No intent, so nothing was charged: the pairs go back and the shopper may simply retry.
            _stock_return(order=order, payment=Order.Payment.RELEASED)
            raise PaymentUnavailable() from error
        Order.objects.filter(pk=order.pk).update(payment_intent_id=intent_id)
        order.payment_intent_id = intent_id
    try:
        charge = gateway.intent_confirm(
            intent_id=order.payment_intent_id,
            # After 3-D Secure the intent already has the payment method.
            payment_method_id=order.payment_method_id if order.confirmations == 0 else None,
            idempotency_key=f"{prefix}-confirm-{order.confirmations}",
        )
    except GatewayUnavailable as error:
        # The charge may or may not have happened: the stock stays held, and the same request sent again
        # asks again with the same idempotency key, which can never charge twice.
        Order.objects.filter(pk=order.pk).update(charging_until=None)
        raise PaymentUnavailable(
            "The card service did not answer; please try again in a moment. You will not be charged twice."
        ) from error
    return _charge_record(order=order, charge=charge)


def _lease_take(*, order: Order) -> bool:
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


def _checkout_resume(*, order: Order, user: User, gateway: PaymentGateway) -> Checkout:
    """The same payment method again: the first order's outcome, or its charge carried on."""
    if order.user_id != user.pk:
        raise PaymentMethodUsed()
    if order.payment == Order.Payment.PAID:
        return Checkout(order=order, repeated=True)
    if order.payment == Order.Payment.DECLINED:
        raise CardDeclined(order.decline_message or None)
    if not _lease_take(order=order):
        raise PaymentInProgress()
    charge = _order_charge(order=order, gateway=gateway)
    return Checkout(order=order, client_secret=charge.client_secret)


def order_checkout(*, user: User, payment_method_id: str, lines: list[CartLine], amount: int) -> Checkout:
    """Pay for a cart: price it from the catalogue, hold its stock, charge the card, then keep or give back.

    A total that differs from the catalogue's (amount, in cents) is refused before anything is held.
    The same payment method sent again gives the first checkout's outcome and never a second charge.
    """
    try:
        gateway = gateway_get()
    except GatewayUnavailable as error:
        raise PaymentUnavailable(str(error)) from error
    for _attempt in range(3):
        existing = selectors.order_find_live(payment_method_id=payment_method_id)
        if existing is not None:
            return _checkout_resume(order=existing, user=user, gateway=gateway)
        order = _order_reserve(user=user, payment_method_id=payment_method_id, lines=lines, amount=amount)
        if order is not None:
            order.user = user
            charge = _order_charge(order=order, gateway=gateway)
            return Checkout(order=order, client_secret=charge.client_secret)
        # Lost the race for this payment method to a request now past its insert: follow that one.
    raise PaymentInProgress()


def order_confirmation_queue(*, order: Order) -> Mail:
    """Put the shopper's confirmation of a paid order in the outbox (orders/mails.py builds it when it is sent)."""
    return mail_queue(kind=ORDER_CONFIRMATION, to=order.email, context={"order": order.pk})


def order_status_set(*, order: Order, status: str) -> Order:
    """Pending or Received: the admin's fulfilment toggle."""
    order.status = status
    order.save(update_fields=["status", "updated_at"])
    return order


@dataclass(frozen=True)
class StaleReport:
    paid: int = 0
    released: int = 0
    skipped: int = 0


def reservations_release_stale(*, older_than: timedelta) -> StaleReport:
    """Settle checkouts a crash or an abandoned 3-D Secure left holding stock.

    Each is asked of the gateway first: one that was paid after all becomes a paid order; any other has
    its intent cancelled and its pairs put back. One the gateway cannot answer for is left for next time.
    """
    gateway = gateway_get()
    paid = released = skipped = 0
    for order in selectors.orders_stale(before=timezone.now() - older_than).select_related("user").iterator():
        if not _lease_take(order=order):
            skipped += 1
            continue
        try:
            charge = gateway.intent_retrieve(intent_id=order.payment_intent_id) if order.payment_intent_id else None
            if charge and charge.status == ChargeStatus.SUCCEEDED:
                _order_paid(order=order)
                paid += 1
                continue
            if charge and charge.status == ChargeStatus.PROCESSING:
                # The money may still move: neither cancel nor give the pairs back yet.
                Order.objects.filter(pk=order.pk).update(charging_until=None)
                skipped += 1
                continue
            if order.payment_intent_id:
                gateway.intent_cancel(intent_id=order.payment_intent_id)
        except GatewayUnavailable:
            logger.warning("Order %s: the gateway did not answer; left for the next run", order.pk)
            Order.objects.filter(pk=order.pk).update(charging_until=None)
            skipped += 1
            continue
        _stock_return(order=order, payment=Order.Payment.RELEASED)
        released += 1
    return StaleReport(paid=paid, released=released, skipped=skipped)
