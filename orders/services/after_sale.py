"""After the sale (docs/DESIGN.md §5): the admins' fulfilment status, refunds and cancels of paid orders."""

import logging

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import User
from activity import services as activity
from catalog import services as catalog_services
from mailing.services import mail_queue

from ..errors import NothingToRefund, OrderCancelled, OrderNotFound, PaymentUnavailable, RefundInvalid
from ..mails import ORDER_CANCELLED, ORDER_RECEIVED, ORDER_REFUNDED
from ..models import Order, OrderLine, Refund
from ..payments import GatewayUnavailable
from ..pricing import refund_share
from ._held import gateway

logger = logging.getLogger(__name__)


def order_status_set(*, actor: activity.Actor, order: Order, status: str) -> Order:
    """Pending or Received: the admin's fulfilment toggle. The shopper is mailed when it becomes Received."""
    with transaction.atomic():
        current = Order.objects.select_for_update().values_list("status", flat=True).get(pk=order.pk)
        if current == Order.Status.CANCELLED:
            raise OrderCancelled()
        order.status = status
        if status == Order.Status.RECEIVED and current != Order.Status.RECEIVED:
            order.received_at = timezone.now()
        order.save(update_fields=["status", "received_at", "updated_at"])
        activity.record(actor, "order.status", order, before={"status": current}, after={"status": status})
        if status == Order.Status.RECEIVED and current != Order.Status.RECEIVED:
            mail_queue(kind=ORDER_RECEIVED, to=order.email, context={"order": order.pk})
    return order


def _pairs_chosen(*, lines: dict[int, OrderLine], pairs: dict[int, int] | None) -> dict[OrderLine, int]:
    """{line: pairs to refund}: the pairs asked for (line id: pairs), or every pair not refunded yet."""
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


def refund_amount(*, order: Order, lines: dict[int, OrderLine], chosen: dict[OrderLine, int]) -> tuple[int, int]:
    """(cents, of which tax) to give back for the pairs chosen: what each pair actually paid (its price less its share
    of the discount, plus its share of the tax), and the shipping (with its tax) only with the order's last pairs,
    when the whole order has been given back (docs/DESIGN.md §5, "Refunds"). Never more than was paid and not
    refunded yet (a refund in Stripe's dashboard counts too)."""
    money = tax = 0
    for line, count in chosen.items():
        line_money, line_tax = refund_share(
            unit_price=line.unit_price,
            quantity=line.quantity,
            discount=line.discount,
            tax=line.tax,
            tax_included=order.tax_included,
            before=line.refunded_quantity,
            count=count,
        )
        money, tax = money + line_money, tax + line_tax
    last_pairs = chosen and all(
        line.refunded_quantity + chosen.get(line, 0) == line.quantity for line in lines.values()
    )
    if last_pairs:
        shipping_tax = max(order.tax - sum(line.tax for line in lines.values()), 0)
        money += order.shipping_cost + (0 if order.tax_included else shipping_tax)
        tax += shipping_tax
    left = order.amount - order.refunded
    return min(money, left), min(tax, money, left)


def order_refund(
    *,
    order: Order,
    by: User | None,
    pairs: dict[int, int] | None = None,
    cancel: bool = False,
    via: str | None = None,
) -> Order:
    """Give back the money of the pairs chosen ({line id: pairs}; None: every pair left) through the gateway, and
    put those pairs back in stock; with cancel, the order becomes Cancelled too.

    The order's row is locked first, so of two admins pressing at once the second finds the pairs refunded and is
    refused: one refund. The gateway's call is made under the lock with an idempotency key per refund of the order,
    so a refund whose answer was lost is asked again under the same key and never given twice. Never more than
    was paid and not refunded yet (a refund in Stripe's dashboard counts too).
    """
    card_gateway = gateway()
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if locked.payment != Order.Payment.PAID:
            raise OrderNotFound()
        if locked.status == Order.Status.CANCELLED:
            raise OrderCancelled()
        lines = {line.pk: line for line in locked.lines.select_for_update()}
        chosen = _pairs_chosen(lines=lines, pairs=pairs)
        if not chosen and not cancel:
            raise NothingToRefund()
        amount, tax = refund_amount(order=locked, lines=lines, chosen=chosen)
        refund = None
        if amount > 0:
            refund = Refund(order=locked, amount=amount, pairs={str(line.pk): n for line, n in chosen.items()}, by=by)
            number = locked.refunds.count() + 1
            try:
                refund.refund_id = card_gateway.refund_create(
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
            locked.refunded_tax += tax
        for line, count in chosen.items():
            OrderLine.objects.filter(pk=line.pk).update(refunded_quantity=F("refunded_quantity") + count)
        returned = [(line.stock_entry_id, count) for line, count in chosen.items() if line.stock_entry_id]
        if returned:
            catalog_services.stock_release(pairs=dict(returned))
        before = {"status": locked.status, "refunded": locked.refunded - amount if refund else locked.refunded}
        if cancel:
            locked.status = Order.Status.CANCELLED
        locked.save(update_fields=["refunded", "refunded_tax", "status", "updated_at"])
        after = {"status": locked.status, "refunded": locked.refunded}
        if chosen:
            after["pairs"] = {f"{line.name} size {line.size_label}": count for line, count in chosen.items()}
        activity.record(by, "order.cancel" if cancel else "order.refund", locked, before=before, after=after, via=via)
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


def order_cancel(*, order: Order, by: User | None, via: str | None = None) -> Order:
    """Cancel a paid order: every pair not refunded yet is refunded and put back in stock."""
    return order_refund(order=order, by=by, pairs=None, cancel=True, via=via)
