"""Fulfilment (docs/DESIGN.md §5): an admin hands an order, or an exchange's new size, to a carrier."""

from django.db import transaction

from activity import services as activity
from mailing.services import mail_queue

from ..carriers import CARRIERS, tracking_number_clean
from ..errors import OrderCancelled, OrderNotFound, ShipmentInvalid
from ..mails import ORDER_SHIPPED
from ..models import Order, Shipment


def order_ship(
    *, actor: activity.Actor, order: Order, carrier: str, tracking_number: str, exchange: bool = False
) -> Shipment:
    """Record the parcel (carrier and tracking number, checked against the carrier's shapes), move a Pending order
    to Shipped, and mail the shopper the tracking link. An order already Received stays Received (a second parcel,
    an exchange's)."""
    if carrier not in CARRIERS:
        raise ShipmentInvalid("Choose one of the carriers: " + ", ".join(CARRIERS) + ".")
    number = tracking_number_clean(carrier=carrier, number=tracking_number)
    if number is None:
        raise ShipmentInvalid(f"That is not a {carrier} tracking number.")
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if locked.payment != Order.Payment.PAID:
            raise OrderNotFound()
        if locked.status == Order.Status.CANCELLED:
            raise OrderCancelled()
        shipment = Shipment.objects.create(order=locked, carrier=carrier, tracking_number=number, exchange=exchange)
        before = {"status": locked.status}
        if locked.status == Order.Status.PENDING:
            locked.status = Order.Status.SHIPPED
            locked.save(update_fields=["status", "updated_at"])
        activity.record(
            actor,
            "order.ship",
            locked,
            before=before,
            after={"status": locked.status, "carrier": carrier, "tracking": number, "exchange": exchange},
        )
        mail_queue(kind=ORDER_SHIPPED, to=locked.email, context={"order": locked.pk, "shipment": shipment.pk})
    return shipment
