"""Stock: pairs added by admins, taken by a checkout under its row locks, and given back (docs/DESIGN.md §5)."""

from collections.abc import Mapping, Sequence
from decimal import Decimal

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from activity import services as activity

from ..errors import StockLimitExceeded
from ..models import MAX_STOCK_PER_SIZE, Shoe, StockEntry, size_label
from .alerts import stock_alerts_send
from .version import catalog_version_bump


@transaction.atomic
def stock_add(*, actor: activity.Actor, shoe: Shoe, size: Decimal, quantity: int) -> tuple[StockEntry, bool]:
    """Add pairs of a size, creating the size if the shoe has none; return the entry and whether it is new.

    The addition is done by the database (quantity = quantity + n), so two admins adding at once
    both count.
    """
    entries = StockEntry.objects.filter(shoe=shoe, size=size)
    created = False
    if not entries.update(quantity=F("quantity") + quantity, updated_at=timezone.now()):
        try:
            with transaction.atomic():
                StockEntry.objects.create(shoe=shoe, size=size, quantity=quantity)
                created = True
        except IntegrityError:
            # Another admin created this size a moment ago: add to theirs.
            entries.update(quantity=F("quantity") + quantity, updated_at=timezone.now())
    stock_alerts_send(shoe_ids=[shoe.pk])
    # update() sends no post_save, so the catalogue's cached answers are told here.
    catalog_version_bump()
    entry = entries.get()
    if entry.quantity > MAX_STOCK_PER_SIZE:
        raise StockLimitExceeded(
            f"Size {size_label(size)} would hold {entry.quantity} pairs; the most is {MAX_STOCK_PER_SIZE}.",
            field="q",
        )
    before = None if created else {"quantity": entry.quantity - quantity}
    activity.record(actor, "stock.add", entry, before=before, after={"quantity": entry.quantity})
    return entry, created


def stock_take(*, taken: Sequence[tuple[StockEntry, int]]) -> None:
    """Take pairs from stock rows for a checkout: each (entry, pairs) leaves the entry that many pairs fewer.

    The caller holds the rows locked in its transaction (selectors.stock_entries_find(lock=True) locks them in id
    order, so two checkouts never wait on each other in a circle) and has checked there are enough; its transaction
    stays short, and the version moves once it commits.
    """
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError("Stock is taken inside the transaction that locked its rows.")
    now = timezone.now()
    sold_out = False
    for entry, pairs in taken:
        sold_out |= entry.quantity > 0 and entry.quantity - pairs <= 0
        entry.quantity -= pairs
        entry.updated_at = now
    # Safe to write the new quantities because the rows are locked.
    _quantities_write([entry for entry, _ in taken])
    # The pairs left are merged into kept answers as they are served (catalog/fresh.py): a sale moves the catalogue's
    # version only when a size sells out, which takes the shoe out of that size's in-stock lists. The bump runs
    # after the commit, outside this transaction, so the version's row is never locked while the stock rows are.
    if sold_out:
        catalog_version_bump()


def _quantities_write(entries: Sequence[StockEntry]) -> None:
    """Write the quantities of stock rows the caller holds locked, in one UPDATE.

    Most checkouts take one size: its row is a plain UPDATE. bulk_update's CASE over the rows took Django 2.5 ms of
    CPU to build and send for one row, the plain UPDATE 0.5 ms."""
    if len(entries) == 1:
        (entry,) = entries
        StockEntry.objects.filter(pk=entry.pk).update(quantity=entry.quantity, updated_at=entry.updated_at)
    else:
        StockEntry.objects.bulk_update(entries, ["quantity", "updated_at"])


def stock_release(*, pairs: Mapping[int, int]) -> None:
    """Put pairs back: {stock entry id: pairs}, locking the rows in id order as a checkout does; a size deleted
    since is skipped. Inside the caller's transaction when it has one (a checkout's release moves the order's state
    first, in the same one)."""
    with transaction.atomic(savepoint=False):
        entries = list(StockEntry.objects.select_for_update().filter(pk__in=pairs).order_by("pk"))
        now = timezone.now()
        back = False
        for entry in entries:
            back |= entry.quantity <= 0 < entry.quantity + pairs[entry.pk]
            entry.quantity += pairs[entry.pk]
            entry.updated_at = now
        _quantities_write(entries)
        # A cancelled order's pairs may make a sold-out size buyable again.
        stock_alerts_send(shoe_ids={entry.shoe_id for entry in entries})
    # Only a size back in stock changes which lists show the shoe; its pairs are merged in when served.
    if back:
        catalog_version_bump()
