"""The checkout (docs/DESIGN.md §5) and the writes on orders.

A checkout reserves stock in one short transaction, charges the card outside it, then marks the order
paid or puts the stock back. Whatever fails on the way, no stock stays held and nothing is charged twice.
"""

import json
import logging
from dataclasses import dataclass
from datetime import timedelta

import stripe
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
    NothingToRefund,
    OrderCancelled,
    OrderNotFound,
    OrderTooLarge,
    PaymentInProgress,
    PaymentMethodUsed,
    PaymentUnavailable,
    RefundInvalid,
    WebhookRefused,
)
from .mails import ORDER_CANCELLED, ORDER_CONFIRMATION, ORDER_DISPUTED, ORDER_RECEIVED, ORDER_REFUNDED
from .models import Order, OrderLine, Refund, WebhookEvent
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


def _order_reserve(
    *, user: User, payment_method_id: str, lines: list[CartLine], amount: int, address: dict[str, str]
) -> Order | None:
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
                    **_shipping(address),
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


def _shipping(address: dict[str, str]) -> dict[str, str]:
    """The order's fields for the address the payment form sent (serializers.AddressInput checked it)."""
    return {
        "ship_name": address["name"],
        "ship_state": address["state"],
        "ship_city": address["city"],
        "ship_line1": address["line1"],
        "ship_postal_code": address["postalCode"],
    }


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


def order_checkout(
    *, user: User, payment_method_id: str, lines: list[CartLine], amount: int, address: dict[str, str]
) -> Checkout:
    """Pay for a cart: price it from the catalogue, hold its stock, charge the card, then keep or give back.

    A total that differs from the catalogue's (amount, in cents) is refused before anything is held.
    The same payment method sent again gives the first checkout's outcome and never a second charge.
    address ({name, state, city, line1, postalCode}) is where to ship, kept on the order as it is now.
    """
    try:
        gateway = gateway_get()
    except GatewayUnavailable as error:
        raise PaymentUnavailable(str(error)) from error
    for _attempt in range(3):
        existing = selectors.order_find_live(payment_method_id=payment_method_id)
        if existing is not None:
            return _checkout_resume(order=existing, user=user, gateway=gateway)
        order = _order_reserve(
            user=user, payment_method_id=payment_method_id, lines=lines, amount=amount, address=address
        )
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
    """Pending or Received: the admin's fulfilment toggle. The shopper is mailed when it becomes Received."""
    with transaction.atomic():
        current = Order.objects.select_for_update().values_list("status", flat=True).get(pk=order.pk)
        if current == Order.Status.CANCELLED:
            raise OrderCancelled()
        order.status = status
        order.save(update_fields=["status", "updated_at"])
        if status == Order.Status.RECEIVED and current != Order.Status.RECEIVED:
            mail_queue(kind=ORDER_RECEIVED, to=order.email, context={"order": order.pk})
    return order


def _pairs_chosen(*, order: Order, pairs: dict[int, int] | None) -> dict[OrderLine, int]:
    """{line: pairs to refund}: the pairs asked for (line id: pairs), or every pair not refunded yet."""
    lines = {line.pk: line for line in order.lines.select_for_update()}
    if pairs is None:
        chosen = {line: line.quantity - line.refunded_quantity for line in lines.values()}
    else:
        chosen = {}
        for line_id, count in pairs.items():
            line = lines.get(line_id)
            if line is None:
                raise RefundInvalid("That line is not part of this order.")
            if count > line.quantity - line.refunded_quantity:
                raise RefundInvalid(
                    f"Only {line.quantity - line.refunded_quantity} pairs of {line.name} size {line.size_label} "
                    "are left to refund."
                )
            chosen[line] = count
    return {line: count for line, count in chosen.items() if count > 0}


def order_refund(*, order: Order, by: User | None, pairs: dict[int, int] | None = None, cancel: bool = False) -> Order:
    """Give back the money of the pairs chosen ({line id: pairs}; None: every pair left) through the gateway, and
    put those pairs back in stock; with cancel, the order becomes Cancelled too.

    The order's row is locked first, so of two admins pressing at once the second finds the pairs refunded and is
    refused: one refund. The gateway's call is made under the lock with an idempotency key per refund of the order,
    so a refund whose answer was lost is asked again under the same key and never given twice. Never more than
    was paid and not refunded yet (a refund in Stripe's dashboard counts too).
    """
    gateway = _gateway()
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if locked.payment != Order.Payment.PAID:
            raise OrderNotFound()
        if locked.status == Order.Status.CANCELLED:
            raise OrderCancelled()
        chosen = _pairs_chosen(order=locked, pairs=pairs)
        if not chosen and not cancel:
            raise NothingToRefund()
        amount = min(sum(line.unit_price * count for line, count in chosen.items()), locked.amount - locked.refunded)
        refund = None
        if amount > 0:
            refund = Refund(order=locked, amount=amount, pairs={str(line.pk): n for line, n in chosen.items()}, by=by)
            number = locked.refunds.count() + 1
            try:
                refund.refund_id = gateway.refund_create(
                    intent_id=locked.payment_intent_id,
                    amount=amount,
                    idempotency_key=f"{locked.idempotency_prefix}-refund-{number}",
                )
            except GatewayUnavailable as error:
                raise PaymentUnavailable(
                    "The card service did not answer and nothing was refunded; please try again in a moment."
                ) from error
            refund.save()
            locked.refunded += amount
        for line, count in chosen.items():
            OrderLine.objects.filter(pk=line.pk).update(refunded_quantity=F("refunded_quantity") + count)
        returned = [(line.stock_entry_id, count) for line, count in chosen.items() if line.stock_entry_id]
        if returned:
            catalog_services.stock_release(pairs=dict(returned))
        if cancel:
            locked.status = Order.Status.CANCELLED
        locked.save(update_fields=["refunded", "status", "updated_at"])
        if cancel:
            mail_queue(kind=ORDER_CANCELLED, to=locked.email, context={"order": locked.pk})
        elif refund is not None:
            mail_queue(kind=ORDER_REFUNDED, to=locked.email, context={"order": locked.pk, "refund": refund.amount})
    logger.info(
        "Order %s: %s cents refunded by user %s%s.",
        locked.pk,
        amount,
        by.pk if by else "-",
        ", cancelled" if cancel else "",
    )
    return locked


def order_cancel(*, order: Order, by: User | None) -> Order:
    """Cancel a paid order: every pair not refunded yet is refunded and put back in stock."""
    return order_refund(order=order, by=by, pairs=None, cancel=True)


def _gateway() -> PaymentGateway:
    try:
        return gateway_get()
    except GatewayUnavailable as error:
        raise PaymentUnavailable(str(error)) from error


# ---- Stripe's events (docs/DESIGN.md §5): stored once by id, handled by orders.tasks.webhook_event_handle


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


def webhook_events_pending(*, older_than: timedelta) -> list[int]:
    """Events stored and not handled after older_than: their task was lost with the broker."""
    before = timezone.now() - older_than
    return list(
        WebhookEvent.objects.filter(handled_at__isnull=True, received_at__lt=before)
        .order_by("received_at", "id")
        .values_list("pk", flat=True)[:500]
    )


def _order_of(obj: dict) -> Order | None:
    """The order of an event's object: a PaymentIntent (its id), or a charge or dispute (its payment_intent)."""
    intent_id = obj.get("id") if obj.get("object") == "payment_intent" else obj.get("payment_intent")
    if not intent_id:
        return None
    return Order.objects.filter(payment_intent_id=intent_id).first()


def webhook_event_handle(*, event_pk: int) -> str:
    """Apply a stored event to its order, once; what it did, for the task's log."""
    with transaction.atomic():
        event = WebhookEvent.objects.select_for_update().filter(pk=event_pk, handled_at__isnull=True).first()
        if event is None:
            return "handled already"
        obj = event.payload.get("data", {}).get("object", {})
        order = _order_of(obj)
        if order is None:
            outcome = "no order of this shop"
        else:
            outcome = _EVENT_HANDLERS.get(event.type, _event_ignored)(order=order, obj=obj)
        event.handled_at = timezone.now()
        event.save(update_fields=["handled_at"])
    logger.info("Stripe event %s (%s): %s.", event.event_id, event.type, outcome)
    return outcome


def _event_ignored(*, order: Order, obj: dict) -> str:
    return "not an event the shop acts on"


def _intent_succeeded(*, order: Order, obj: dict) -> str:
    # A 3-D Secure payment finished after the shopper closed the tab: the order is settled now, not by cron.
    if order.payment in HELD:
        _order_paid(order=order)
        return "paid"
    if order.payment != Order.Payment.PAID:
        logger.critical("Order %s: its payment succeeded after its pairs were released; refund or ship it.", order.pk)
        return "paid after release: left for a person"
    return "paid already"


def _intent_failed(*, order: Order, obj: dict) -> str:
    error = obj.get("last_payment_error") or {}
    message = error.get("message") or CardDeclined.message
    return "released" if _stock_return(order=order, payment=Order.Payment.DECLINED, decline_message=message) else "-"


def _intent_canceled(*, order: Order, obj: dict) -> str:
    return "released" if _stock_return(order=order, payment=Order.Payment.RELEASED) else "released already"


def _charge_refunded(*, order: Order, obj: dict) -> str:
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


def _dispute(*, order: Order, obj: dict) -> str:
    status = str(obj.get("status") or "needs_response")[:32]
    Order.objects.filter(pk=order.pk).update(dispute=status, updated_at=timezone.now())
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


@dataclass(frozen=True)
class StaleReport:
    paid: int = 0
    released: int = 0
    skipped: int = 0


def reservations_release_stale(*, older_than: timedelta) -> StaleReport:
    """Settle checkouts a crash or an abandoned 3-D Secure left holding stock.

    Each is asked of the gateway first: one that was paid after all becomes a paid order; any other has
    its intent cancelled and its pairs put back, unless the cancel finds it paid meanwhile (then it is paid, its
    pairs stay sold). One the gateway cannot answer for is left for next time; one in a state the shop cannot
    settle is left held for a person, with a log line saying so, and never released.
    """
    gateway = gateway_get()
    paid = released = skipped = 0
    for order in selectors.orders_stale(before=timezone.now() - older_than).select_related("user").iterator():
        if not _lease_take(order=order):
            skipped += 1
            continue
        try:
            charge = gateway.intent_retrieve(intent_id=order.payment_intent_id) if order.payment_intent_id else None
            if charge and charge.status not in (ChargeStatus.SUCCEEDED, ChargeStatus.PROCESSING):
                charge = gateway.intent_cancel(intent_id=order.payment_intent_id)
        except GatewayUnavailable:
            logger.warning("Order %s: the gateway did not answer; left for the next run", order.pk)
            Order.objects.filter(pk=order.pk).update(charging_until=None)
            skipped += 1
            continue
        if charge and charge.status == ChargeStatus.SUCCEEDED:
            _order_paid(order=order)
            paid += 1
        elif charge is None or charge.status in (ChargeStatus.CANCELED, ChargeStatus.DECLINED):
            _stock_return(order=order, payment=Order.Payment.RELEASED)
            released += 1
        else:
            # Processing (the money may still move), or a state no cancel ends: its pairs stay held.
            logger.error(
                "Order %s: payment %s is %s and the shop cannot settle it; its pairs stay held until a person "
                "settles it in the card service's dashboard.",
                order.pk,
                order.payment_intent_id,
                charge.status,
            )
            Order.objects.filter(pk=order.pk).update(charging_until=None)
            skipped += 1
    return StaleReport(paid=paid, released=released, skipped=skipped)
