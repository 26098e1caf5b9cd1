"""What a cart costs (docs/DESIGN.md §5, "Pricing"): pure functions of the lines, a discount code, a shipping method
and a tax rate; no database. The order is always the same: each line at its unit price (a sale price when it has
one) -> the code's discount, split across the lines it applies to -> shipping -> tax, per line, in cents.

Rounding: every amount is whole cents. A percent discount is rounded half up once, on the total it applies to, then
split across its lines by the largest remainder (each line's share in proportion to its amount, the cents left over
going to the largest fractions, ties to the earlier line), so the shares add up to the discount exactly and each line
knows what it really paid. Tax is rounded half up on each line (and on shipping), then summed.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal


class CodeKind:
    PERCENT = "percent"
    FIXED = "fixed"


# The one sentence a shopper reads when a code is refused (docs/PRODUCT.md).
class CodeRefusal:
    UNKNOWN = "This code does not exist."
    NOT_STARTED = "This code is not valid yet."
    EXPIRED = "This code has expired."
    USED_UP = "This code has been used up."
    ALREADY_USED = "You have already used this code."
    SIGN_IN = "Sign in to use this code."
    NO_SHOES = "This code does not apply to these shoes."
    NOT_ON_SALE = "This code does not apply to shoes already on sale."

    @staticmethod
    def minimum(cents: int) -> str:
        return f"This code needs a subtotal of {dollars(cents)}."


def dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def round_half_up(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Line:
    """A cart line as pricing sees it: cents each (the sale price when there is one), and what a code's scope reads."""

    unit_price: int
    quantity: int
    shoe_id: int
    brand_id: int
    # Sold below the shoe's regular price (a sale price).
    reduced: bool = False

    @property
    def amount(self) -> int:
        return self.unit_price * self.quantity


@dataclass(frozen=True)
class Code:
    code: str
    kind: str
    # Whole percent for CodeKind.PERCENT, cents for CodeKind.FIXED.
    value: int
    min_subtotal: int = 0
    starts_at: datetime | None = None
    ends_at: datetime | None = None
    # Empty both: the whole shop. Otherwise a line is eligible when its brand or its shoe is named.
    brand_ids: frozenset[int] = frozenset()
    shoe_ids: frozenset[int] = frozenset()
    combines_with_sale: bool = True

    def covers(self, line: Line) -> bool:
        if not self.brand_ids and not self.shoe_ids:
            return True
        return line.brand_id in self.brand_ids or line.shoe_id in self.shoe_ids


@dataclass(frozen=True)
class Shipping:
    price: int
    # Free when the goods, after the discount, come to at least this many cents; None: never free.
    free_above: int | None = None

    def cost(self, goods: int) -> int:
        return 0 if self.free_above is not None and goods >= self.free_above else self.price


@dataclass(frozen=True)
class Tax:
    # Percent, as 7.25 for 7.25 %.
    rate: Decimal
    applies_to_shipping: bool = False


@dataclass(frozen=True)
class LinePrice:
    line: Line
    # Cents off this line (all its pairs), its share of the code's discount.
    discount: int
    # Cents of tax on this line (all its pairs): added to the total, or the part of its price that is tax.
    tax: int

    @property
    def paid(self) -> int:
        """What the shopper paid for the line's goods: tax added when it is not in the price."""
        return self.line.amount - self.discount


@dataclass(frozen=True)
class Breakdown:
    lines: list[LinePrice]
    subtotal: int
    discount: int
    shipping: int
    tax: int
    tax_included: bool
    # The code as applied: "" when none was given or it was refused.
    code: str = ""
    # The refusal's sentence, "" when applied (or none given).
    refusal: str = ""
    shipping_tax: int = 0

    @property
    def total(self) -> int:
        """Cents to charge."""
        return self.subtotal - self.discount + self.shipping + (0 if self.tax_included else self.tax)


def code_refusal(*, code: Code, lines: Sequence[Line], subtotal: int, now: datetime) -> str:
    """Why the code cannot apply to these lines now ("" when it can): the rules pricing knows of; the uses (a cap,
    once per customer) are the database's, checked by orders.selectors."""
    if code.starts_at is not None and now < code.starts_at:
        return CodeRefusal.NOT_STARTED
    if code.ends_at is not None and now >= code.ends_at:
        return CodeRefusal.EXPIRED
    if subtotal < code.min_subtotal:
        return CodeRefusal.minimum(code.min_subtotal)
    covered = [line for line in lines if code.covers(line)]
    if not covered:
        return CodeRefusal.NO_SHOES
    if not code.combines_with_sale and all(line.reduced for line in covered):
        return CodeRefusal.NOT_ON_SALE
    return ""


def eligible(*, code: Code, line: Line) -> bool:
    return code.covers(line) and (code.combines_with_sale or not line.reduced)


def split(total: int, weights: Sequence[int]) -> list[int]:
    """total cents across weights in proportion, by the largest remainder: whole cents adding up to total exactly;
    the cents left go to the largest fractions, ties to the earlier weight."""
    whole = sum(weights)
    if whole == 0:
        return [0] * len(weights)
    shares = [total * weight // whole for weight in weights]
    remainders = [total * weight % whole for weight in weights]
    left = total - sum(shares)
    for index in sorted(range(len(weights)), key=lambda i: (-remainders[i], i))[:left]:
        shares[index] += 1
    return shares


def discount_of(*, code: Code, lines: Sequence[Line]) -> list[int]:
    """Each line's cents off: the discount on the eligible lines' amount, split across them."""
    weights = [line.amount if eligible(code=code, line=line) else 0 for line in lines]
    base = sum(weights)
    if code.kind == CodeKind.PERCENT:
        total = round_half_up(Decimal(base) * Decimal(min(code.value, 100)) / 100)
    else:
        # A fixed amount above what it applies to takes that amount off, no more.
        total = min(code.value, base)
    return split(total, weights)


def tax_of(amount: int, *, rate: Decimal, included: bool) -> int:
    """Cents of tax on an amount, half up: added on top, or the part of an amount that includes it."""
    if amount <= 0 or rate <= 0:
        return 0
    if included:
        return amount - round_half_up(Decimal(amount) * 100 / (100 + rate))
    return round_half_up(Decimal(amount) * rate / 100)


@dataclass(frozen=True)
class TaxAmounts:
    """Tax computed elsewhere (Stripe Tax): cents for each line, in the lines' order, and for shipping."""

    lines: list[int]
    shipping: int = 0
    # What was taxed: each line's amount after its discount, then the shipping (the checkout checks it still is).
    basis: tuple[int, ...] = ()


def tax_basis(breakdown: "Breakdown") -> tuple[int, ...]:
    """The amounts a tax calculator taxes: each line's after its discount, then the shipping."""
    return (*(part.paid for part in breakdown.lines), breakdown.shipping)


def breakdown_compute(
    *,
    lines: Sequence[Line],
    now: datetime,
    code: Code | None = None,
    shipping: Shipping | None = None,
    tax: Tax | TaxAmounts | None = None,
    prices_include_tax: bool = False,
) -> Breakdown:
    """The cart's price: sale prices (the lines' unit prices) -> code -> shipping -> tax."""
    subtotal = sum(line.amount for line in lines)
    refusal = ""
    discounts = [0] * len(lines)
    if code is not None:
        refusal = code_refusal(code=code, lines=lines, subtotal=subtotal, now=now)
        if not refusal:
            discounts = discount_of(code=code, lines=lines)
    discount = sum(discounts)
    shipping_cost = shipping.cost(subtotal - discount) if shipping is not None else 0
    if isinstance(tax, TaxAmounts):
        line_taxes, shipping_tax = list(tax.lines), tax.shipping
    elif tax is not None:
        line_taxes = [
            tax_of(line.amount - off, rate=tax.rate, included=prices_include_tax)
            for line, off in zip(lines, discounts, strict=True)
        ]
        shipping_tax = (
            tax_of(shipping_cost, rate=tax.rate, included=prices_include_tax) if tax.applies_to_shipping else 0
        )
    else:
        line_taxes, shipping_tax = [0] * len(lines), 0
    return Breakdown(
        lines=[
            LinePrice(line=line, discount=off, tax=line_tax)
            for line, off, line_tax in zip(lines, discounts, line_taxes, strict=True)
        ],
        subtotal=subtotal,
        discount=discount,
        shipping=shipping_cost,
        tax=sum(line_taxes) + shipping_tax,
        tax_included=prices_include_tax,
        code=code.code if code is not None and not refusal else "",
        refusal=refusal,
        shipping_tax=shipping_tax,
    )


def refund_share(
    *, unit_price: int, quantity: int, discount: int, tax: int, tax_included: bool, before: int, count: int
) -> tuple[int, int]:
    """(cents, of which tax) given back for `count` more pairs of a line after `before` were refunded: what those
    pairs actually paid (their price less their share of the discount, plus their share of the tax when it was
    added). Shares of a line's pairs are cumulative, so refunding every pair, in any steps, gives back exactly what
    the line paid, never more."""

    def paid(pairs: int) -> tuple[int, int]:
        pairs_tax = tax * pairs // quantity
        goods = unit_price * pairs - discount * pairs // quantity
        return goods + (0 if tax_included else pairs_tax), pairs_tax

    after_money, after_tax = paid(before + count)
    before_money, before_tax = paid(before)
    return after_money - before_money, after_tax - before_tax
