"""A shoe on sale with a sale price is quoted and charged at its sale price (issue 30); the line shows both prices."""

from decimal import Decimal

import pytest

from orders.models import Order

from .checkout import body, charges, line

pytestmark = pytest.mark.django_db


@pytest.fixture
def reduced(shoe):
    shoe.on_sale, shoe.sale_price = True, Decimal("99.50")
    shoe.save()
    return shoe


def test_the_checkout_charges_the_sale_price(client_for, shopper, reduced, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        answer = client_for(shopper).post("/api/cart/checkout", body(shopper, [line(reduced, "9", 2)]))

    assert answer.status_code == 201, answer.json()
    assert answer.json()["order"]["amount"] == 19900
    assert [item["price"] for item in answer.json()["order"]["shoe"]] == [99.5]
    assert Order.objects.get().lines.get().unit_price == 9950
    assert charges() == 1


def test_the_quote_prices_the_line_at_the_sale_price_beside_the_regular_one(api_client, reduced):
    answer = api_client.post("/api/cart/quote", {"shoes": [line(reduced, "9", 2)]}, format="json").json()

    assert answer["amount"] == 19900
    assert (answer["lines"][0]["price"], answer["lines"][0]["regularPrice"], answer["lines"][0]["problem"]) == (
        99.5,
        129.99,
        None,
    )


@pytest.mark.parametrize(
    ("on_sale", "sale_price", "seen", "problem"),
    [
        (True, "99.50", "129.99", "price_changed"),  # the sale started after the cart was filled
        (False, "99.50", "99.50", "price_changed"),  # the sale ended
        (False, "99.50", "129.99", None),  # a sale price set, not on sale: the regular price
        (True, None, "129.99", None),  # on sale without a sale price: the regular price
    ],
)
def test_a_line_seen_at_another_price_than_it_sells_for_now_is_changed(
    api_client, shoe, on_sale, sale_price, seen, problem
):
    shoe.on_sale, shoe.sale_price = on_sale, sale_price and Decimal(sale_price)
    shoe.save()
    cart = [line(shoe, "9", 1, price=float(seen))]

    assert api_client.post("/api/cart/quote", {"shoes": cart}, format="json").json()["lines"][0]["problem"] == problem


def test_a_sale_that_started_after_the_cart_was_filled_refuses_the_old_amount(client_for, shopper, shoe):
    lines = [line(shoe, "9", 1)]
    shoe.on_sale, shoe.sale_price = True, Decimal("99.50")
    shoe.save()

    answer = client_for(shopper).post("/api/cart/checkout", body(shopper, lines))

    assert answer.status_code == 409
    assert answer.json()["lines"][0]["price"] == 99.5
    assert charges() == 0
