"""A shoe's price history: a PriceChange row at every change of its price, sale price or sale flag, and the lowest
prior price (catalog.prices, the EU Omnibus rule) kept on the shoe as a reduction starts."""

from collections import defaultdict
from collections.abc import Collection
from datetime import datetime, timedelta
from decimal import Decimal

from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from ..errors import SalePriceNotBelowPrice
from ..models import PriceChange, Shoe, price_now
from ..prices import LOWEST_PRICE_DAYS, PricePoint, lowest_price_before


def sale_price_check(*, price: Decimal, sale_price: Decimal | None) -> None:
    """A sale price is above 0 and below the price (the database's constraint, told as the form's error)."""
    if sale_price is not None and not 0 < sale_price < price:
        raise SalePriceNotBelowPrice(field="salePrice")


def price_changes_record(*, shoe_ids: Collection[int], at: datetime | None = None) -> dict[int, Decimal | None]:
    """A PriceChange row for each of those shoes whose prices or sale flag differ from its last row; the lowest prior
    price of those whose reduction starts now, kept on them and returned by id.

    Call it in the transaction that wrote the shoes, after the write: the write's row lock makes a second writer of
    the same shoe wait, so it compares with this one's row. Four queries at most, whatever the number of shoes.
    """
    if not shoe_ids:
        return {}
    at = at or timezone.now()
    last = PriceChange.objects.filter(shoe_id=OuterRef("pk")).order_by("-at", "-id").values("pk")[:1]
    shoes = list(
        Shoe.objects.filter(pk__in=shoe_ids)
        .annotate(last_id=Subquery(last))
        .values_list("pk", "price", "sale_price", "on_sale", "last_id")
    )
    lasts = PriceChange.objects.in_bulk([row[-1] for row in shoes if row[-1] is not None])
    changes, starting = [], []
    for shoe_id, price, sale_price, on_sale, last_id in shoes:
        before = lasts.get(last_id)
        if before is not None and (before.price, before.sale_price, before.on_sale) == (price, sale_price, on_sale):
            continue
        change = PriceChange(
            shoe_id=shoe_id,
            price=price,
            sale_price=sale_price,
            on_sale=on_sale,
            price_now=price_now(price=price, sale_price=sale_price, on_sale=on_sale),
            at=at,
        )
        changes.append(change)
        if change.reduced and before is not None and not before.reduced:
            starting.append(shoe_id)
    PriceChange.objects.bulk_create(changes, batch_size=1000)
    lowest = _lowest_before(shoe_ids=starting, start=at)
    by_value: dict[Decimal | None, list[int]] = defaultdict(list)
    for shoe_id, value in lowest.items():
        by_value[value].append(shoe_id)
    for value, ids in by_value.items():
        Shoe.objects.filter(pk__in=ids).update(lowest_prior_price=value)
    return lowest


def _lowest_before(*, shoe_ids: list[int], start: datetime) -> dict[int, Decimal | None]:
    """The lowest price each of those shoes sold for in the LOWEST_PRICE_DAYS days before start (one query)."""
    if not shoe_ids:
        return {}
    opens = start - timedelta(days=LOWEST_PRICE_DAYS)
    # The rows of the window, and the one in effect as it opens.
    at_opening = (
        PriceChange.objects.filter(shoe_id=OuterRef("shoe_id"), at__lte=opens).order_by("-at", "-id").values("pk")[:1]
    )
    rows = (
        PriceChange.objects.filter(shoe_id__in=shoe_ids)
        .filter(Q(at__gt=opens) | Q(pk=Subquery(at_opening)))
        .order_by("shoe_id", "at", "id")
    )
    history: dict[int, list[PricePoint]] = defaultdict(list)
    for row in rows:
        history[row.shoe_id].append(PricePoint(at=row.at, price_now=row.price_now, reduced=row.reduced))
    return {shoe_id: lowest_price_before(history[shoe_id], start=start) for shoe_id in shoe_ids}
