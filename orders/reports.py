"""The accountant's sales report (docs/DESIGN.md §5, "Sales figures"): the dashboard's days as CSV, in dollars."""

import csv
from decimal import Decimal

from .selectors import OrderStats

COLUMNS = ["date", "orders", "gross", "discounts", "shipping", "tax", "refunds", "net"]


def _dollars(cents: int) -> str:
    return f"{Decimal(cents) / 100:.2f}"


def sales_report_write(out, *, stats: OrderStats) -> None:
    """One row a day, oldest first: the orders paid that day and their figures (net = what the shop kept, tax
    excluded: gross - discounts + shipping - refunds, less the tax when prices include it)."""
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for day in stats.days:
        writer.writerow(
            [
                day.day.isoformat(),
                day.orders,
                *(_dollars(cents) for cents in (day.gross, day.discounts, day.shipping, day.tax, day.refunds)),
                _dollars(day.amount),
            ]
        )
