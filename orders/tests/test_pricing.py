"""orders.pricing as a table of cases, without a database: codes that combine or not, minimum subtotals, fixed codes
above what they cover, free shipping thresholds, tax on shipping or not, prices that include tax, rounding."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from orders.pricing import (
    Code,
    CodeKind,
    CodeRefusal,
    Line,
    Shipping,
    Tax,
    TaxAmounts,
    breakdown_compute,
    refund_share,
    region_codes,
    region_valid,
    split,
    state_key,
    tax_of,
    us_state_code,
)

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)
NIKE, ADIDAS = 1, 2


def line(cents: int, quantity: int = 1, *, shoe: int = 10, brand: int = NIKE, reduced: bool = False) -> Line:
    return Line(unit_price=cents, quantity=quantity, shoe_id=shoe, brand_id=brand, reduced=reduced)


TEN = Code(code="TEN", kind=CodeKind.PERCENT, value=10)
FIVE_OFF = Code(code="FIVE", kind=CodeKind.FIXED, value=500)

CASES = {
    # name: (lines, code, shipping, tax, included)
    #   -> (subtotal, discount, shipping, tax, total, each line's discount, refusal)
    "goods alone": ([line(12999, 2)], None, None, None, False, (25998, 0, 0, 0, 25998, [0], "")),
    "ten percent, half up": ([line(1005)], TEN, None, None, False, (1005, 101, 0, 0, 904, [101], "")),
    "ten percent split by largest remainder": (
        [line(333), line(333, shoe=11), line(334, shoe=12)],
        TEN, None, None, False, (1000, 100, 0, 0, 900, [33, 33, 34], ""),
    ),
    "a code that combines takes off sale prices too": (
        [line(8000, reduced=True), line(2000, shoe=11)],
        TEN, None, None, False, (10000, 1000, 0, 0, 9000, [800, 200], ""),
    ),
    "a code that does not combine skips reduced lines": (
        [line(8000, reduced=True), line(2000, shoe=11)],
        Code(code="FULL", kind=CodeKind.PERCENT, value=10, combines_with_sale=False),
        None, None, False, (10000, 200, 0, 0, 9800, [0, 200], ""),
    ),
    "a code that does not combine, on reduced lines only": (
        [line(8000, reduced=True)],
        Code(code="FULL", kind=CodeKind.PERCENT, value=10, combines_with_sale=False),
        None, None, False, (8000, 0, 0, 0, 8000, [0], CodeRefusal.NOT_ON_SALE),
    ),
    "a fixed code above what it covers takes that, no more": (
        [line(300, brand=ADIDAS), line(5000, shoe=11)],
        Code(code="ADI", kind=CodeKind.FIXED, value=1000, brand_ids=frozenset({ADIDAS})),
        None, None, False, (5300, 300, 0, 0, 5000, [300, 0], ""),
    ),
    "a fixed code split across its lines": (
        [line(1000), line(3000, shoe=11)], FIVE_OFF, None, None, False, (4000, 500, 0, 0, 3500, [125, 375], ""),
    ),
    "a code for one shoe": (
        [line(1000), line(3000, shoe=11)],
        Code(code="ONE", kind=CodeKind.PERCENT, value=50, shoe_ids=frozenset({11})),
        None, None, False, (4000, 1500, 0, 0, 2500, [0, 1500], ""),
    ),
    "a code for other shoes": (
        [line(1000)],
        Code(code="ONE", kind=CodeKind.PERCENT, value=50, shoe_ids=frozenset({99})),
        None, None, False, (1000, 0, 0, 0, 1000, [0], CodeRefusal.NO_SHOES),
    ),
    "below the minimum subtotal": (
        [line(4999)],
        Code(code="MIN", kind=CodeKind.PERCENT, value=10, min_subtotal=5000),
        None, None, False, (4999, 0, 0, 0, 4999, [0], "This code needs a subtotal of $50.00."),
    ),
    "at the minimum subtotal": (
        [line(5000)],
        Code(code="MIN", kind=CodeKind.PERCENT, value=10, min_subtotal=5000),
        None, None, False, (5000, 500, 0, 0, 4500, [500], ""),
    ),
    "expired": (
        [line(5000)], Code(code="OLD", kind=CodeKind.PERCENT, value=10, ends_at=NOW),
        None, None, False, (5000, 0, 0, 0, 5000, [0], CodeRefusal.EXPIRED),
    ),
    "not started": (
        [line(5000)], Code(code="SOON", kind=CodeKind.PERCENT, value=10, starts_at=datetime(2026, 7, 1, tzinfo=UTC)),
        None, None, False, (5000, 0, 0, 0, 5000, [0], CodeRefusal.NOT_STARTED),
    ),
    "shipping below the threshold": (
        [line(4000)], None, Shipping(price=799, free_above=5000), None, False, (4000, 0, 799, 0, 4799, [0], ""),
    ),
    "free shipping at the threshold": (
        [line(5000)], None, Shipping(price=799, free_above=5000), None, False, (5000, 0, 0, 0, 5000, [0], ""),
    ),
    "the discount can take the goods below the threshold": (
        [line(5000)], TEN, Shipping(price=799, free_above=5000), None, False, (5000, 500, 799, 0, 5299, [500], ""),
    ),
    "tax on goods only": (
        [line(10000)], None, Shipping(price=1000), Tax(rate=Decimal("7.25")), False,
        (10000, 0, 1000, 725, 11725, [0], ""),
    ),
    "tax on shipping too": (
        [line(10000)], None, Shipping(price=1000), Tax(rate=Decimal("7.25"), applies_to_shipping=True), False,
        (10000, 0, 1000, 798, 11798, [0], ""),
    ),
    "tax after the discount, rounded per line": (
        # 8.875 % of 899 (999 - 100) is 79.79 and of 898 (2 x 499 - 100) 79.70: 80 + 80 = 160 (159 on the total).
        [line(999), line(499, 2, shoe=11)], TEN, None, Tax(rate=Decimal("8.875")), False,
        (1997, 200, 0, 160, 1957, [100, 100], ""),
    ),
    "half a cent of tax goes up": (
        [line(100)], None, None, Tax(rate=Decimal("2.5")), False, (100, 0, 0, 3, 103, [0], ""),
    ),
    "prices that include tax: the tax part shown, not added": (
        [line(11900)], None, Shipping(price=500), Tax(rate=Decimal("19"), applies_to_shipping=True), True,
        (11900, 0, 500, 1900 + 80, 12400, [0], ""),
    ),
    "tax computed elsewhere (Stripe Tax)": (
        [line(1000), line(2000, shoe=11)], None, Shipping(price=500), TaxAmounts(lines=[90, 180], shipping=45), False,
        (3000, 0, 500, 315, 3815, [0, 0], ""),
    ),
}  # fmt: skip


@pytest.mark.parametrize(("lines", "code", "shipping", "tax", "included", "expected"), CASES.values(), ids=CASES)
def test_the_breakdown(lines, code, shipping, tax, included, expected):
    price = breakdown_compute(lines=lines, now=NOW, code=code, shipping=shipping, tax=tax, prices_include_tax=included)

    subtotal, discount, shipping_cost, tax_cents, total, shares, refusal = expected
    assert (price.subtotal, price.discount, price.shipping, price.tax, price.total) == (
        subtotal,
        discount,
        shipping_cost,
        tax_cents,
        total,
    )
    assert [part.discount for part in price.lines] == shares
    assert sum(part.tax for part in price.lines) + price.shipping_tax == price.tax
    assert price.refusal == refusal
    assert price.code == ("" if refusal or code is None else code.code)


@pytest.mark.parametrize(
    ("total", "weights", "shares"),
    [
        (100, [1, 1, 1], [34, 33, 33]),
        (2, [1, 1, 1], [1, 1, 0]),
        (10, [0, 5, 5], [0, 5, 5]),
        (7, [0, 0], [0, 0]),
        (1, [3, 7], [0, 1]),
    ],
)
def test_largest_remainder_adds_up_exactly(total, weights, shares):
    assert split(total, weights) == shares


@pytest.mark.parametrize(
    ("amount", "rate", "included", "tax"),
    [
        (1000, "7.25", False, 73),
        (1000, "7.25", True, 68),
        (199, "10", False, 20),
        (0, "20", False, 0),
        (500, "0", True, 0),
    ],
)
def test_tax_of_an_amount(amount, rate, included, tax):
    assert tax_of(amount, rate=Decimal(rate), included=included) == tax


def test_refunds_of_pairs_in_any_steps_add_up_to_what_the_line_paid():
    # 3 pairs at $33.33 with $10.00 off the line and $6.00 of tax: paid 99.99 - 10.00 + 6.00 = 95.99.
    terms = {"unit_price": 3333, "quantity": 3, "discount": 1000, "tax": 600, "tax_included": False}
    one = refund_share(**terms, before=0, count=1)
    two = refund_share(**terms, before=1, count=2)

    assert one == (3333 - 333 + 200, 200)
    assert one[0] + two[0] == 9999 - 1000 + 600
    assert refund_share(**terms, before=0, count=3) == (9599, 600)


def test_a_refund_with_tax_included_gives_back_the_price_paid_with_its_tax_part():
    assert refund_share(unit_price=11900, quantity=1, discount=0, tax=1900, tax_included=True, before=0, count=1) == (
        11900,
        1900,
    )


@pytest.mark.parametrize(
    ("state", "code"), [("California", "CA"), ("new  york", "NY"), ("ca", "CA"), ("Jalisco", ""), ("", "")]
)
def test_a_us_state_by_name_or_code(state, code):
    assert us_state_code(state) == code


def test_regions_of_an_address():
    assert region_codes(country="us", state="California") == {"US", "US-CA"}
    assert region_codes(country="DE", state="Bayern") == {"DE", "DE-BAYERN"}
    assert state_key(country="DE", state=" Bayern ") == "bayern"


@pytest.mark.parametrize(
    ("region", "valid"),
    [("US", True), ("US-CA", True), ("US-XX", False), ("CA-QC", True), ("usa", False), ("D", False)],
)
def test_a_shipping_methods_region(region, valid):
    assert region_valid(region) is valid
