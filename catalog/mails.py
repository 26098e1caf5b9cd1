"""The catalogue's mails: 'Back in stock', to an address that asked to be told when a sold-out size has pairs again.

Built when it is sent, from the alert and its shoe: an alert unsubscribed meanwhile, or a shoe gone, sends nothing.
"""

from django.conf import settings
from django.core import signing

from mailing.errors import MailUnbuildable
from mailing.kinds import MailContent, mail_kind
from mailing.models import Mail

from .images import image_url
from .models import StockAlert, size_label

BACK_IN_STOCK = "back_in_stock"
# Its own salt: no other value the shop signs is an alert's unsubscribe link.
ALERT_UNSUBSCRIBE_SALT = "catalog.stock_alert.unsubscribe"


def alert_token_make(*, alert: StockAlert) -> str:
    """The signed token of an alert's one-click unsubscribe; it does not expire."""
    return signing.Signer(salt=ALERT_UNSUBSCRIBE_SALT).sign_object(alert.pk)


def alert_token_read(token: str) -> int | None:
    """The alert a token names, or None when the shop did not sign it."""
    try:
        alert_id = signing.Signer(salt=ALERT_UNSUBSCRIBE_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError):
        return None
    return alert_id if isinstance(alert_id, int) and not isinstance(alert_id, bool) else None


def _absolute(url: str) -> str:
    return url if url.startswith(("http://", "https://")) else f"{settings.SHOP_BASE_URL}{url}"


@mail_kind(BACK_IN_STOCK)
def back_in_stock_build(mail: Mail) -> MailContent:
    alert = StockAlert.objects.select_related("shoe__brand").filter(pk=mail.context.get("alert")).first()
    if alert is None:
        raise MailUnbuildable("the alert was deleted")
    if alert.unsubscribed_at is not None:
        raise MailUnbuildable("the address unsubscribed")
    if alert.shoe.archived_at is not None:
        raise MailUnbuildable("the shoe left the shop")
    token = alert_token_make(alert=alert)
    shoe = alert.shoe
    return MailContent(
        template="back_in_stock",
        context={
            "email": alert.email,
            "shoe_name": f"{shoe.brand.name} {shoe.name}",
            "size": size_label(alert.size),
            "price": shoe.price,
            "shoe_url": f"{settings.SHOP_BASE_URL}/products/{shoe.pk}",
            "picture": _absolute(image_url(shoe.image.name)) if shoe.image else "",
            # The storefront's screen, where a button posts the token (a GET never unsubscribes: scanners follow
            # links); mail clients post to the API itself (RFC 8058's one click).
            "unsubscribe_url": f"{settings.SHOP_BASE_URL}/unsubscribe/stock/{token}",
        },
        headers={
            "List-Unsubscribe": f"<{settings.SHOP_BASE_URL}/api/shoes/notify/unsubscribe/{token}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
