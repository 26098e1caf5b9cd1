"""An order for a payment authorised earlier (a release's draw, docs/DESIGN.md §11): its stock held, the
authorisation captured, then paid, or its pairs given back when the capture fails."""

from django.db import transaction

from accounts.models import User

from ..errors import CardDeclined, PaymentUnavailable
from ..models import Order, ShippingAddress
from ..payments import ChargeStatus, GatewayUnavailable
from ..selectors import CartLine
from ._held import gateway, order_paid, stock_return
from .checkout import _order_reserve

CAPTURE_FAILED = "The card's authorisation could not be charged."


def order_place_authorised(
    *,
    user: User,
    payment_method_id: str,
    payment_intent_id: str,
    lines: list[CartLine],
    amount: int,
    address: ShippingAddress,
    confirmation: bool = False,
) -> Order:
    """Hold the lines' stock in an order for the authorised intent and capture it: the paid order, or CardDeclined
    (nothing charged, the pairs back) when the authorisation is gone, CartChanged when the stock is short,
    AmountMismatch when the price moved. An intent that has its order already gives that order again.

    The capture's idempotency key is the intent's own, so a capture sent twice (a draw resumed) charges once.
    confirmation: queue the shop's order confirmation (a draw's own mail says it instead).
    """
    existing = Order.objects.filter(payment_intent_id=payment_intent_id).first()
    if existing is not None and existing.payment == Order.Payment.PAID:
        return existing
    order = existing or _order_reserve(
        user=user,
        payment_method_id=payment_method_id,
        lines=lines,
        amount=amount,
        address=address,
        payment_intent_id=payment_intent_id,
    )
    if order is None:
        # Its payment method has a live order already (the same entry placed twice at once): that one's outcome.
        order = Order.objects.get(payment_intent_id=payment_intent_id)
    try:
        charge = gateway().intent_capture(intent_id=payment_intent_id, idempotency_key=f"{payment_intent_id}-capture")
    except GatewayUnavailable as error:
        # Unknown whether it was charged: the order stays held, for the draw's next run to capture again (the same key).
        raise PaymentUnavailable() from error
    if charge.status == ChargeStatus.SUCCEEDED:
        with transaction.atomic():
            order_paid(order=order, confirmation=confirmation)
        return order
    stock_return(order=order, payment=Order.Payment.DECLINED, decline_message=CAPTURE_FAILED)
    raise CardDeclined(CAPTURE_FAILED)
