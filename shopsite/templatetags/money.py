"""{{ price|money }}: a price in dollars as people read it, $1,234.50, the same as on screen (frontend lib/money.js)."""

from decimal import ROUND_HALF_UP, Decimal

from django import template

register = template.Library()


@register.filter
def money(dollars) -> str:
    """Dollars (a Decimal, number or numeric text) as en-US USD: "$1,234.50"; "" for no value."""
    if dollars is None or dollars == "":
        return ""
    amount = Decimal(str(dollars)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"
