"""Stale reservations (docs/DESIGN.md §5): checkouts a crash or an abandoned 3-D Secure left holding stock, settled
with the gateway by beat's task and `manage.py release_stale_reservations`."""

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from .. import payments, selectors
from ..models import Order
from ..payments import ChargeStatus, GatewayUnavailable
from ._held import lease_take, order_paid, stock_return

logger = logging.getLogger(__name__)


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
    gateway = payments.gateway_get()
    paid = released = skipped = 0
    for order in selectors.orders_stale(before=timezone.now() - older_than).select_related("user").iterator():
        if not lease_take(order=order):
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
            order_paid(order=order)
            paid += 1
        elif charge is None or charge.status in (ChargeStatus.CANCELED, ChargeStatus.DECLINED):
            stock_return(order=order, payment=Order.Payment.RELEASED)
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
