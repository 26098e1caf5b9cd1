"""The orders app's mails: the confirmation of a paid order, built when it is sent from the order and its lines."""

from django.conf import settings

from catalog.images import image_url
from mailing.errors import MailUnbuildable
from mailing.kinds import MailContent, mail_kind
from mailing.models import Mail

from .models import Order

ORDER_CONFIRMATION = "order_confirmation"


def _dollars(cents: int) -> str:
    return f"{cents / 100:,.2f}"


def _absolute(url: str) -> str:
    """Media on object storage has full URLs already; the shop's own are made absolute for a mail client."""
    return url if url.startswith(("http://", "https://")) else f"{settings.SHOP_BASE_URL}{url}"


@mail_kind(ORDER_CONFIRMATION)
def order_confirmation_build(mail: Mail) -> MailContent:
    order = Order.objects.filter(pk=mail.context.get("order"), paid_at__isnull=False).first()
    if order is None:
        raise MailUnbuildable("the order is gone, or was never paid")
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
            "total": _dollars(order.amount),
            "order_url": f"{settings.SHOP_BASE_URL}/order/{order.payment_intent_id}",
        },
    )
