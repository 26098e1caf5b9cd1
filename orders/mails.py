"""The orders app's mails, built when they are sent from the order and its lines: the confirmation of a paid order,
its news after the sale (received, cancelled, refunded) for the shopper, and a dispute for the shop's staff."""

from decimal import Decimal

from django.conf import settings

from catalog.images import image_url
from mailing.errors import MailUnbuildable
from mailing.kinds import MailContent, mail_kind
from mailing.models import Mail
from shopsite.templatetags.money import money

from .models import Order

ORDER_CONFIRMATION = "order_confirmation"
ORDER_RECEIVED = "order_received"
ORDER_CANCELLED = "order_cancelled"
ORDER_REFUNDED = "order_refunded"
ORDER_DISPUTED = "order_disputed"
ORDER_SHIPPED = "order_shipped"
ORDER_RETURN = "order_return"

RETURN_TEXTS = {
    "Requested": "We have your return request. Send the pairs back to us; we tell you when they arrive.",
    "Received": "The pairs you sent back reached us; we are checking them.",
    "Refunded": "We accepted your return and refunded its pairs to your card.",
    "Exchange shipped": "We accepted your exchange and shipped the new size, at no charge.",
    "Refused": "We could not accept your return. Write to us if you have a question.",
}


def _dollars(cents: int) -> str:
    """Cents as people read them, $1,234.50: the {{ price|money }} of every other mail and the screen's format."""
    return money(Decimal(cents) / 100)


def _absolute(url: str) -> str:
    """Media on object storage has full URLs already; the shop's own are made absolute for a mail client."""
    return url if url.startswith(("http://", "https://")) else f"{settings.SHOP_BASE_URL}{url}"


def breakdown_rows(order: Order) -> list[dict]:
    """The price's parts above the total, as the cart and the order page show them (docs/PRODUCT.md): none for an
    order that was all goods."""
    if not (order.discount or order.shipping_method or order.tax):
        return []
    rows = [{"label": "Subtotal", "value": _dollars(order.subtotal)}]
    if order.discount:
        rows.append({"label": f"Discount ({order.discount_code})", "value": f"-{_dollars(order.discount)}"})
    if order.shipping_method:
        method = order.shipping_method + (f", {order.shipping_estimate}" if order.shipping_estimate else "")
        cost = _dollars(order.shipping_cost) if order.shipping_cost else "Free"
        rows.append({"label": f"Shipping ({method})", "value": cost})
    if order.tax:
        rows.append({"label": "Tax included" if order.tax_included else "Tax", "value": _dollars(order.tax)})
    return rows


@mail_kind(ORDER_CONFIRMATION)
def order_confirmation_build(mail: Mail) -> MailContent:
    order = _paid_order(mail)
    lines = [
        {
            "name": line.name,
            "brand": line.brand,
            "size": line.size_label,
            "quantity": line.quantity,
            "price": _dollars(line.unit_price),
            # The shoe's picture while it has one; the line keeps its name and price after the shoe is gone.
            "picture": _absolute(image_url(line.shoe.image.name)) if line.shoe and line.shoe.image else "",
        }
        for line in order.lines.select_related("shoe")
    ]
    return MailContent(
        template="order_paid",
        context={
            "order": order,
            "lines": lines,
            "breakdown": breakdown_rows(order),
            "total": _dollars(order.amount),
            "order_url": f"{settings.SHOP_BASE_URL}/order/{order.payment_intent_id}",
        },
    )


def _paid_order(mail: Mail) -> Order:
    order = Order.objects.filter(pk=mail.context.get("order"), paid_at__isnull=False).first()
    if order is None:
        raise MailUnbuildable("the order is gone, or was never paid")
    return order


def _order_update(order: Order, *, subject: str, text: str) -> MailContent:
    """One short mail about an order: its subject line, a paragraph, and the link to the order's page."""
    return MailContent(
        template="order_update",
        context={
            "order": order,
            "subject": subject,
            "text": text,
            "order_url": f"{settings.SHOP_BASE_URL}/order/{order.payment_intent_id}",
        },
    )


@mail_kind(ORDER_RECEIVED)
def order_received_build(mail: Mail) -> MailContent:
    order = _paid_order(mail)
    return _order_update(
        order,
        subject=f"Your order {order.payment_intent_id} was received",
        text="Your sneakers reached you. Enjoy them, and tell other shoppers what you think with a review.",
    )


@mail_kind(ORDER_CANCELLED)
def order_cancelled_build(mail: Mail) -> MailContent:
    order = _paid_order(mail)
    return _order_update(
        order,
        subject=f"Your order {order.payment_intent_id} was cancelled",
        text=f"We cancelled your order. {_dollars(order.refunded)} in all goes back to your card; "
        "your bank shows it within 5 to 10 days.",
    )


@mail_kind(ORDER_REFUNDED)
def order_refunded_build(mail: Mail) -> MailContent:
    order = _paid_order(mail)
    refund = int(mail.context.get("refund") or 0)
    return _order_update(
        order,
        subject=f"A refund on your order {order.payment_intent_id}",
        text=f"We refunded {_dollars(refund)} of your order ({_dollars(order.refunded)} of "
        f"{_dollars(order.amount)} in all). Your bank shows it within 5 to 10 days.",
    )


@mail_kind(ORDER_DISPUTED)
def order_disputed_build(mail: Mail) -> MailContent:
    order = _paid_order(mail)
    status = str(mail.context.get("status", ""))
    return _order_update(
        order,
        subject=f"Dispute on order {order.payment_intent_id}: {status}",
        text=f"The card's holder disputed order {order.payment_intent_id} ({_dollars(order.amount)}, {order.email}); "
        f"the dispute is now {status}. Answer it in Stripe's dashboard before its deadline.",
    )


@mail_kind(ORDER_SHIPPED)
def order_shipped_build(mail: Mail) -> MailContent:
    order = _paid_order(mail)
    shipment = order.shipments.filter(pk=mail.context.get("shipment")).first()
    if shipment is None:
        raise MailUnbuildable("the shipment is gone")
    what = "The new size of your exchange" if shipment.exchange else "Your order"
    return _order_update(
        order,
        subject=f"Your order {order.payment_intent_id} shipped",
        text=f"{what} is on its way with {shipment.carrier}, tracking number {shipment.tracking_number}: "
        f"follow it at {shipment.tracking_url}",
    )


@mail_kind(ORDER_RETURN)
def order_return_build(mail: Mail) -> MailContent:
    order = _paid_order(mail)
    status = str(mail.context.get("status", ""))
    if status not in RETURN_TEXTS:
        raise MailUnbuildable("unknown return status")
    return _order_update(
        order, subject=f"Your return on order {order.payment_intent_id}: {status}", text=RETURN_TEXTS[status]
    )
