"""The EU Omnibus rule on a shoe's price history: the lowest price it sold for in the 30 days before its current
reduction started. Pure: catalog.services reads the history and keeps the answer on the shoe (docs/DESIGN.md)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

LOWEST_PRICE_DAYS = 30


@dataclass(frozen=True)
class PricePoint:
    """What a shoe sold for from a moment on (a PriceChange row), and whether that was below its price."""

    at: datetime
    price_now: Decimal
    reduced: bool


def reduction_start(history: Sequence[PricePoint]) -> datetime | None:
    """When the current reduction started: the first of the unbroken run of reduced points that ends the history
    (a further cut or a new regular price during a sale does not start a new one); None when it is not reduced."""
    start = None
    for point in reversed(history):
        if not point.reduced:
            break
        start = point.at
    return start


def lowest_price_before(history: Sequence[PricePoint], *, start: datetime) -> Decimal | None:
    """The lowest price it sold for in the LOWEST_PRICE_DAYS days before start: of the points in effect at some moment
    of [start - 30 days, start), the one in effect when the window opens included. None when it was not sold then.

    history in the order it happened (at, then id).
    """
    opens = start - timedelta(days=LOWEST_PRICE_DAYS)
    prices = []
    in_effect_at_opening = None
    for point in history:
        if point.at >= start:
            break
        if point.at <= opens:
            in_effect_at_opening = point.price_now
        else:
            prices.append(point.price_now)
    if in_effect_at_opening is not None:
        prices.append(in_effect_at_opening)
    return min(prices, default=None)


def lowest_prior_price(history: Sequence[PricePoint]) -> Decimal | None:
    """The price the notice shows: the lowest in the 30 days before the current reduction; None when not reduced."""
    start = reduction_start(history)
    return None if start is None else lowest_price_before(history, start=start)
