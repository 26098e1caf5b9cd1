"""Stripe Tax (STRIPE_TAX=1 with the Stripe gateway) computing the quote's tax, tested at Stripe's HTTP boundary with
a recorded Tax Calculation: what the shop sends (each line after its discount, the shipping, the address) and the
amounts it takes back. No network."""

from decimal import Decimal

import pytest

from catalog.tests.factories import ShoeFactory
from orders import pricing, pricing_selectors, selectors
from orders.errors import PriceMoved
from orders.models import DiscountCode, ShippingMethod, TaxRate
from orders.payments import stripe_tax
from orders.selectors import CartLine
from orders.tests.stripe_recorded import (  # noqa: F401 (network_attempts: the autouse fixture that refuses the network)
    API_KEY,
    RecordingHTTPClient,
    answer,
    network_attempts,
)

from .checkout import line

pytestmark = pytest.mark.django_db
QUOTE = "/api/cart/quote"


@pytest.fixture
def stripe_taxing(settings, monkeypatch):
    settings.PAYMENT_GATEWAY, settings.STRIPE_TAX, settings.STRIPE_SECRET_KEY = "stripe", True, API_KEY

    def answering(*answers) -> RecordingHTTPClient:
        client = RecordingHTTPClient(*answers)
        monkeypatch.setattr(stripe_tax, "http_client", client)
        return client

    return answering


@pytest.fixture
def cart(shoe):
    ShippingMethod.objects.create(name="Standard", price=799)
    DiscountCode.objects.create(code="WELCOME10", kind="percent", value=10)
    # The table says otherwise: with Stripe Tax it is not read.
    TaxRate.objects.create(country="US", state="CA", rate=Decimal("50"))
    other = ShoeFactory(price=Decimal("60.00"), sizes={"9": 4})
    return {
        "shoes": [line(shoe, "9", 1), line(other, "9", 2)],
        "code": "WELCOME10",
        "address": {"country": "US", "state": "California", "postalCode": "94103"},
    }


def test_the_quotes_tax_is_stripes(api_client, cart, stripe_taxing):
    http = stripe_taxing(answer("tax_calculation"))

    quote = api_client.post(QUOTE, cart, format="json").json()

    # 11,699 and 10,800 after 10 % off, shipping 799: Stripe's 1,009 + 932 + 0.
    assert (quote["subtotal"], quote["discount"], quote["shipping"], quote["tax"]) == (24999, 2500, 799, 1941)
    assert quote["total"] == 24999 - 2500 + 799 + 1941
    [sent] = http.sent
    assert (sent.method, sent.url) == ("post", "https://api.stripe.com/v1/tax/calculations")
    assert sent.headers["Authorization"] == f"Bearer {API_KEY}"
    assert sent.body == {
        "currency": "usd",
        "customer_details[address][country]": "US",
        "customer_details[address][state]": "CA",
        "customer_details[address][postal_code]": "94103",
        "customer_details[address_source]": "shipping",
        "line_items[0][amount]": "11699",
        "line_items[0][quantity]": "1",
        "line_items[0][reference]": "line-0",
        "line_items[0][tax_behavior]": "exclusive",
        "line_items[1][amount]": "10800",
        "line_items[1][quantity]": "2",
        "line_items[1][reference]": "line-1",
        "line_items[1][tax_behavior]": "exclusive",
        "shipping_cost[amount]": "799",
        "shipping_cost[tax_behavior]": "exclusive",
        "expand[0]": "line_items",
    }


def test_stripe_failing_is_a_503_with_nothing_priced(api_client, cart, stripe_taxing):
    stripe_taxing(answer("api_error"))

    answer_ = api_client.post(QUOTE, cart, format="json")

    assert answer_.status_code == 503
    assert answer_.json()["code"] == "tax_unavailable"


def test_without_the_stripe_gateway_the_table_is_read(api_client, cart, settings):
    settings.STRIPE_TAX, settings.PAYMENT_GATEWAY = True, "test"

    quote = api_client.post(QUOTE, cart, format="json").json()

    # 50 % of 11,699 (5,849.5, half up) and of 10,800.
    assert quote["tax"] == 5850 + 5400


def test_the_reservation_refuses_stripes_tax_asked_for_other_amounts(cart, shopper, settings):
    settings.PAYMENT_GATEWAY, settings.STRIPE_TAX = "stripe", True
    lines = [
        CartLine(shoe_id=item["_id"], size=Decimal(item["size"]), quantity=item["quantity"]) for item in cart["shoes"]
    ]
    asked = pricing.TaxAmounts(lines=[1009, 932], shipping=0, basis=(11699, 10800, 799))
    where = pricing_selectors.destination_of(country="US", state="CA")

    quote = pricing_selectors.cart_quote(
        cart=selectors.cart_price(lines=lines), user=shopper, code="WELCOME10", destination=where, tax_amounts=asked
    )
    assert quote.breakdown.tax == 1941

    with pytest.raises(PriceMoved):
        # Without the code the lines' amounts are not those Stripe was asked about.
        pricing_selectors.cart_quote(
            cart=selectors.cart_price(lines=lines), user=shopper, destination=where, tax_amounts=asked
        )
