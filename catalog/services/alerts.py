"""Back-in-stock alerts (docs/DESIGN.md §6): who waits for a sold-out size, and their mail once it has pairs again."""

from collections.abc import Collection
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone

from mailing.errors import InvalidUnsubscribeLink
from mailing.services import mail_queue

from .. import selectors
from ..errors import SizeInStock
from ..mails import BACK_IN_STOCK, alert_token_read
from ..models import Shoe, StockAlert, size_label


def stock_alert_create(*, shoe: Shoe, size: Decimal, email: str) -> tuple[StockAlert, bool]:
    """Ask for a mail when a sold-out size of a shoe has pairs again; return the alert and whether it waits anew.

    Once per address (any case), shoe and size: asking again while waiting changes nothing; asking again after the
    mail went, or after unsubscribing, waits again for the next restock.
    """
    email = email.strip().lower()
    if selectors.stock_pairs(shoe_id=shoe.pk, size=size) > 0:
        raise SizeInStock(f"Size {size_label(size)} is in stock: add it to your cart", field="size")
    try:
        with transaction.atomic():
            return StockAlert.objects.create(shoe=shoe, size=size, email=email), True
    except IntegrityError:
        # Asked before (or a second click raced this one): the unique constraint caught it.
        pass
    alert = StockAlert.objects.get(shoe=shoe, size=size, email=email)
    again = StockAlert.objects.filter(pk=alert.pk).exclude(selectors.WAITING)
    return alert, bool(again.update(notified_at=None, unsubscribed_at=None, updated_at=timezone.now()))


def stock_alerts_send(*, shoe_ids: Collection[int] | None = None) -> int:
    """Queue the back-in-stock mail of every alert, of those shoes or all, waiting for a size that has pairs now.

    Called by every write of catalog.services that adds pairs, inside its transaction: each alert is marked notified
    by one conditional UPDATE before its mail is queued, so of two restocks racing only the one whose UPDATE marked
    it queues its mail (the other's waits on the row lock, then finds it notified), and a rollback sends nothing.
    Return how many mails were queued.
    """
    queued = 0
    now = timezone.now()
    for alert_id, email in selectors.stock_alerts_due(shoe_ids=shoe_ids):
        if StockAlert.objects.filter(selectors.WAITING, pk=alert_id).update(notified_at=now, updated_at=now):
            mail_queue(kind=BACK_IN_STOCK, to=email, context={"alert": alert_id})
            queued += 1
    return queued


def stock_alert_unsubscribe(*, token: str) -> None:
    """Stop the alert a signed link names: no mail is built for it any more. Again is no error."""
    alert_id = alert_token_read(token)
    if alert_id is None:
        raise InvalidUnsubscribeLink()
    StockAlert.objects.filter(pk=alert_id, unsubscribed_at__isnull=True).update(
        unsubscribed_at=timezone.now(), updated_at=timezone.now()
    )


def stock_alerts_forget(*, email: str) -> int:
    """Every back-in-stock alert of an address (a deleted account's); how many."""
    return StockAlert.objects.filter(email=email.strip().lower()).delete()[0]
