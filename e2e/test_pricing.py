"""What a shopper pays, in the browser (issue 30): a discount code, a shipping method and a state's sales tax priced by
the shop on the cart before paying, and the same breakdown on the order's page and in the confirmation mail."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.tests.factories import BrandFactory, ShoeFactory
from orders.demo import demo_pricing_ensure
from orders.models import Order

from .storefront import POPUP_GONE_MS, money, signed_in
from .test_checkout import buy, fill_payment_form, pay_button

PAID = re.compile(r"^Thank you for your purchase!")


def cents(amount: int) -> str:
    return money(Decimal(amount) / 100)


@pytest.fixture
def priced_shop(db):
    # The demo's pricing: Standard ($7.99, free from $150) and Express ($19.99), New York's 8.875 % (on shipping
    # too), WELCOME10.
    demo_pricing_ensure()
    return ShoeFactory(name="Air Swift", brand=BrandFactory(name="Nike"), price=Decimal("99.99"), sizes={"9": 5})


def breakdown_of(order: Order) -> list[list[str]]:
    """The rows the order's parts make, as the cart, the order's page and the mail word them."""
    return [
        ["Subtotal", cents(order.subtotal)],
        [f"Discount ({order.discount_code})", f"-{cents(order.discount)}"],
        [f"Shipping ({order.shipping_method}, {order.shipping_estimate})", cents(order.shipping_cost)],
        ["Tax", cents(order.tax)],
        ["Total", cents(order.amount)],
    ]


def rows_shown(breakdown) -> list[list[str]]:
    rows = breakdown.locator(":scope > div")
    return [[row.locator("dt").inner_text(), row.locator("dd").inner_text()] for row in rows.all()]


def test_a_code_express_shipping_and_the_states_tax_are_paid_and_shown_alike_on_the_order_and_in_the_mail(
    page, priced_shop, mailoutbox
):
    # Given a signed-in shopper with a pair in the cart
    signed_in(page, UserFactory(email="runner@sneakers.test"))
    buy(page, priced_shop, "9")
    breakdown = page.get_by_role("group", name="What you pay")
    expect(breakdown).to_contain_text("Shipping (Standard, 5 to 7 business days)")

    # When they apply the welcome code, choose Express and type a state with sales tax
    page.get_by_label("Discount code").fill("WELCOME10")
    page.get_by_role("button", name="Apply").click()
    expect(page.get_by_text("Code WELCOME10 applied.")).to_be_visible()
    page.get_by_role("radio", name=re.compile("^Express")).check()
    fill_payment_form(page)
    page.get_by_label("State").fill("New York")

    # Then the cart shows the shop's figures: 10 % off, Express, and New York's tax on goods and shipping
    expect(breakdown).to_contain_text("Discount (WELCOME10)")
    expect(breakdown).to_contain_text("Shipping (Express, 1 to 2 business days)$19.99")
    expect(breakdown.locator(".price-breakdown-tax")).to_contain_text("Tax")
    # 99.99 - 10.00 = 89.99; tax 7.99 on the goods and 1.77 on shipping; 89.99 + 19.99 + 9.76
    expect(breakdown.locator(".price-breakdown-total")).to_have_text(re.compile(r"Total\s*\$119\.74"))
    shown_on_cart = rows_shown(breakdown)

    # And paying takes that total, and the order keeps each part
    pay_button(page).click()
    thanks = page.get_by_role("dialog", name=PAID)
    expect(thanks).to_be_visible()
    expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))
    order = Order.objects.get()
    assert (order.subtotal, order.discount, order.shipping_cost, order.tax, order.amount) == (
        9999,
        1000,
        1999,
        976,
        11974,
    )
    assert shown_on_cart == breakdown_of(order)

    # And the order's page shows the same breakdown
    expect(thanks).to_be_hidden(timeout=POPUP_GONE_MS)
    assert rows_shown(page.get_by_role("group", name="What was paid")) == breakdown_of(order)

    # And so does the confirmation mail
    [mail] = [mail for mail in mailoutbox if order.payment_intent_id in mail.body]
    for term, value in breakdown_of(order)[:-1]:
        assert f"{term}: {value}" in mail.body
    assert f"Total: {cents(order.amount)}" in mail.body
