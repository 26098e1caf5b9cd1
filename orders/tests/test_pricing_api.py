"""The breakdown through the API: the quote and the checkout price the same way (orders.pricing_selectors), a refused
code is a sentence on the quote and a 409 at the checkout, a failed payment gives its code's use back, refunds give
back what pairs paid, and the admin's shipping methods and sales report."""

import csv
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import DiscountCode, DiscountUse, Order, ShippingMethod
from orders.pricing_selectors import pricing_tables
from releases.selectors import RULING_SHOES

from .checkout import ADDRESS, body, charges, line, paid_orders, stock
from .pricing import CALIFORNIA, tables

QUOTE, CHECKOUT = "/api/cart/quote", "/api/cart/checkout"


@pytest.fixture
def client(client_for, shopper):
    return client_for(shopper)


@pytest.fixture
def demo(db):
    return tables()


def test_the_quote_shows_the_whole_breakdown(api_client, shoe, demo):
    cart = {
        "shoes": [line(shoe, "9", 2)],
        "code": "welcome10",
        "shipping": demo["express"].pk,
        "address": {"country": "us", "state": "California"},
    }

    answer = api_client.post(QUOTE, cart, format="json")

    assert answer.status_code == 200
    quote = answer.json()
    # 2 x $129.99, 10 % off (2,599.8 cents, half up), Express, 7.25 % of $233.98 (16.96) not on shipping.
    assert {
        key: quote[key] for key in ("subtotal", "discount", "shipping", "tax", "taxIncluded", "total", "amount")
    } == {
        "subtotal": 25998,
        "discount": 2600,
        "shipping": 1999,
        "tax": 1696,
        "taxIncluded": False,
        "total": 27093,
        "amount": 27093,
    }
    assert quote["code"] == {"code": "welcome10", "applied": True, "message": ""}
    assert quote["shippingMethods"] == [
        # Free from $150 of goods after the discount: this cart's $233.98 ships free.
        {"id": demo["standard"].pk, "name": "Standard", "price": 0, "estimate": "5 to 7 business days",
         "freeAbove": 15000},
        {"id": demo["express"].pk, "name": "Express", "price": 1999, "estimate": "1 to 2 business days",
         "freeAbove": None},
    ]  # fmt: skip
    assert quote["shippingMethod"] == demo["express"].pk


def test_without_a_choice_the_cheapest_method_serving_the_address_is_chosen(api_client, shoe, demo):
    cart = {"shoes": [line(shoe)], "address": {"country": "DE", "state": "Bayern"}}

    quote = api_client.post(QUOTE, cart, format="json").json()

    # Express serves the US only; no rate for Germany.
    assert [method["name"] for method in quote["shippingMethods"]] == ["Standard"]
    assert (quote["shippingMethod"], quote["shipping"], quote["tax"]) == (demo["standard"].pk, 799, 0)
    assert quote["code"] is None


def test_new_york_taxes_shipping_too(api_client, shoe, demo):
    cart = {"shoes": [line(shoe)], "code": "WELCOME10", "address": {"state": "new york"}}

    quote = api_client.post(QUOTE, cart, format="json").json()

    # $116.99 after 10 % off, below $150: Standard $7.99; 8.875 % of 11,699 (1,038.29) and of 799 (70.91).
    assert (quote["discount"], quote["shipping"], quote["tax"], quote["total"]) == (1300, 799, 1038 + 71, 13607)


def used(code: DiscountCode, user) -> None:
    order = Order.objects.create(user=user, email=user.email, amount=100, currency="usd", payment_method_id="pm_x")
    DiscountUse.objects.create(code=code, order=order, user=user, once_per_customer=code.once_per_customer)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"code": "NOPE"}, "This code does not exist."),
        ({"ends_at": timezone.now() - timedelta(days=1)}, "This code has expired."),
        ({"starts_at": timezone.now() + timedelta(days=1)}, "This code is not valid yet."),
        ({"min_subtotal": 50000}, "This code needs a subtotal of $500.00."),
        ({"max_uses": 3, "uses": 3}, "This code has been used up."),
        ({"once_per_customer": True}, "You have already used this code."),
    ],
)
def test_a_refused_code_is_a_sentence_on_the_quote_and_a_409_at_the_checkout(
    client, shopper, shoe, demo, change, message
):
    code = demo["welcome"]
    DiscountCode.objects.filter(pk=code.pk).update(**{key: value for key, value in change.items() if key != "code"})
    code.refresh_from_db()
    if code.once_per_customer:
        used(code, shopper)
    typed = change.get("code", "WELCOME10")

    quote = client.post(QUOTE, {"shoes": [line(shoe)], "code": typed}, format="json")

    assert quote.status_code == 200
    assert quote.json()["code"] == {"code": typed, "applied": False, "message": message}
    assert quote.json()["discount"] == 0
    checkout = client.post(CHECKOUT, {**body(shopper, [line(shoe)], amount=quote.json()["total"]), "code": typed})
    assert checkout.status_code == 409
    assert checkout.json() == {"detail": message, "code": "code_refused"}
    assert charges() == 0 and stock(shoe) == 5


def test_a_code_for_other_shoes_says_so(api_client, shoe, demo):
    demo["welcome"].shoes.add(ShoeFactory())

    quote = api_client.post(QUOTE, {"shoes": [line(shoe)], "code": "WELCOME10"}, format="json").json()

    assert quote["code"] == {
        "code": "WELCOME10",
        "applied": False,
        "message": "This code does not apply to these shoes.",
    }


def test_a_checkout_with_a_code_express_and_tax_keeps_each_part(client, shopper, shoe, demo):
    checkout = {
        **body(shopper, [line(shoe, "9", 2)], amount=27093, address={**CALIFORNIA, "country": "US"}),
        "code": "WELCOME10",
        "shipping": demo["express"].pk,
    }

    answer = client.post(CHECKOUT, checkout)

    assert answer.status_code == 201, answer.json()
    order = answer.json()["order"]
    assert {key: order[key] for key in ("amount", "subtotal", "discount", "shipping", "tax", "taxIncluded")} == {
        "amount": 27093,
        "subtotal": 25998,
        "discount": 2600,
        "shipping": 1999,
        "tax": 1696,
        "taxIncluded": False,
    }
    assert order["shippingMethod"] == {"name": "Express", "estimate": "1 to 2 business days"}
    assert (order["code"], order["country"]) == ("WELCOME10", "US")
    assert [(item["discount"], item["tax"]) for item in order["shoe"]] == [(2600, 1696)]
    demo["welcome"].refresh_from_db()
    assert demo["welcome"].uses == 1
    assert DiscountUse.objects.get().order.payment_intent_id == order["idPayment"]


def test_a_total_without_the_tax_is_a_mismatch(client, shopper, shoe, demo):
    answer = client.post(CHECKOUT, body(shopper, [line(shoe)], address=CALIFORNIA))

    assert answer.status_code == 409
    # $129.99 + Standard $7.99 + 7.25 % of $129.99 ($9.42).
    assert answer.json()["code"] == "amount_mismatch"
    assert answer.json()["amount"] == 12999 + 799 + 942
    assert charges() == 0 and paid_orders() == 0


def test_a_method_that_does_not_serve_the_address_is_refused(client, shopper, shoe, demo):
    checkout = {**body(shopper, [line(shoe)], address={**ADDRESS, "country": "MX"}), "shipping": demo["express"].pk}

    answer = client.post(CHECKOUT, checkout)

    assert answer.status_code == 400
    assert answer.json() == {
        "detail": "This shipping method does not serve your address.",
        "code": "shipping_unavailable",
    }


def test_an_address_no_method_serves_is_refused(client, shopper, shoe, demo):
    ShippingMethod.objects.filter(pk=demo["standard"].pk).update(regions=["US"])

    answer = client.post(CHECKOUT, body(shopper, [line(shoe)], address={**ADDRESS, "country": "MX"}))

    assert answer.status_code == 400
    assert answer.json()["detail"] == "We do not ship to this address."


def test_a_declined_payment_gives_the_codes_use_back(client, shopper, shoe, demo):
    DiscountCode.objects.filter(pk=demo["welcome"].pk).update(max_uses=1, once_per_customer=True)
    total = 12999 - 1300 + 799
    declined = {**body(shopper, [line(shoe)], amount=total, pm="pm_card_visa_chargeDeclined--d1"), "code": "WELCOME10"}
    declined["address"] = {**ADDRESS, "country": "MX"}

    assert client.post(CHECKOUT, declined).status_code == 402

    demo["welcome"].refresh_from_db()
    assert demo["welcome"].uses == 0 and not DiscountUse.objects.exists()
    paid = {**declined, "id": "pm_card_visa--d2"}
    assert client.post(CHECKOUT, paid).status_code == 201
    demo["welcome"].refresh_from_db()
    assert demo["welcome"].uses == 1


def test_an_address_without_a_country_is_the_shops(client, shopper, shoe, settings):
    settings.SHOP_COUNTRY = "DE"

    answer = client.post(CHECKOUT, body(shopper, [line(shoe)]))

    assert answer.json()["order"]["country"] == "DE"


def test_a_country_that_is_not_two_letters_is_refused(client, shopper, shoe):
    answer = client.post(CHECKOUT, body(shopper, [line(shoe)], address={**ADDRESS, "country": "USA"}))

    assert answer.status_code == 400
    assert answer.json()["address"]["country"] == ["Choose the country by its two-letter code, as US or DE."]


def test_prices_that_include_tax_show_its_part_and_add_nothing(api_client, shoe, demo, settings):
    settings.SHOP_PRICES_INCLUDE_TAX = True

    quote = api_client.post(QUOTE, {"shoes": [line(shoe)], "address": {"state": "CA"}}, format="json").json()

    # 12,999 - 12,999 / 1.0725 (12,120.28) = 879; shipping not taxed in California.
    assert (quote["tax"], quote["taxIncluded"], quote["total"]) == (879, True, 12999 + 799)


def paid_order(client, shopper, shoe, demo, *, lines) -> Order:
    total = client.post(
        QUOTE, {"shoes": lines, "code": "WELCOME10", "address": {"state": "New York"}}, format="json"
    ).json()["total"]
    checkout = {**body(shopper, lines, amount=total, address={**ADDRESS, "state": "New York"}), "code": "WELCOME10"}
    answer = client.post(CHECKOUT, checkout)
    assert answer.status_code == 201, answer.json()
    return Order.objects.get(payment_intent_id=answer.json()["order"]["idPayment"])


def test_a_refunded_pair_gives_back_what_it_paid_and_the_last_pairs_the_shipping(
    client_for, shopper, shop_admin, shoe, demo, settings
):
    settings.SHOP_ADMIN_2FA = "off"
    order = paid_order(client_for(shopper), shopper, shoe, demo, lines=[line(shoe, "9", 2)])
    # 2 x 12,999 = 25,998; 2,600 off; free shipping (23,398 >= 15,000); 8.875 % of 23,398 = 2,077 (2,076.57).
    assert (order.amount, order.discount, order.shipping_cost, order.tax) == (25475, 2600, 0, 2077)
    line_id = order.lines.get().pk
    admin = client_for(shop_admin)

    first = admin.post(
        f"/api/cart/order/{order.payment_intent_id}/refund", {"lines": [{"line": line_id, "quantity": 1}]}
    )

    assert first.status_code == 200, first.json()
    order.refresh_from_db()
    # One pair: 12,999 - 1,300 (half the discount) + 1,038 (half the tax, rounded down).
    assert (order.refunded, order.refunded_tax) == (12999 - 1300 + 1038, 1038)
    admin.post(f"/api/cart/order/{order.payment_intent_id}/cancel")
    order.refresh_from_db()
    assert (order.refunded, order.refunded_tax, order.payment_state) == (25475, 2077, "Refunded")


def test_cancelling_gives_the_shipping_back(client_for, shopper, shop_admin, shoe, demo, settings):
    settings.SHOP_ADMIN_2FA = "off"
    order = paid_order(client_for(shopper), shopper, shoe, demo, lines=[line(shoe, "9", 1)])
    assert order.shipping_cost == 799

    answer = client_for(shop_admin).post(f"/api/cart/order/{order.payment_intent_id}/cancel")

    assert answer.status_code == 200
    order.refresh_from_db()
    assert order.refunded == order.amount == 12999 - 1300 + 799 + 1038 + 71


def test_the_sales_report_and_the_dashboard_show_what_the_shop_kept(
    client_for, shopper, shop_admin, shoe, demo, settings, django_assert_max_num_queries
):
    settings.SHOP_ADMIN_2FA = "off"
    order = paid_order(client_for(shopper), shopper, shoe, demo, lines=[line(shoe, "9", 2)])
    admin = client_for(shop_admin)
    line_id = order.lines.get().pk
    admin.post(f"/api/cart/order/{order.payment_intent_id}/refund", {"lines": [{"line": line_id, "quantity": 1}]})

    answer = admin.get("/api/admin/sales-report.csv?days=2")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    today = timezone.now().date().isoformat()
    # Kept: 25,475 charged - 12,737 refunded - (2,077 - 1,038) tax = 11,699 = 25,998 - 2,600 + 0 - 11,699.
    assert rows[0] == ["date", "orders", "gross", "discounts", "shipping", "tax", "refunds", "net"]
    assert rows[2] == [today, "1", "259.98", "26.00", "0.00", "10.39", "116.99", "116.99"]
    # The session and the user, then the stats' three (orders/tests/test_order_stats.py).
    with django_assert_max_num_queries(6):
        stats = admin.get("/api/admin/stats").json()
    assert stats["sales"] == 11699
    assert stats["salesByDay"][-1]["amount"] == 11699


def test_an_admin_manages_shipping_methods(admin_client, demo):
    made = admin_client.post(
        "/api/admin/shipping-methods",
        {"name": "Overnight", "price": 3500, "estimate": "Next day", "regions": ["us-ca", "US-NY"]},
        format="json",
    )

    assert made.status_code == 201, made.json()
    method = made.json()
    assert method == {
        "id": method["id"], "name": "Overnight", "price": 3500, "estimate": "Next day", "freeAbove": None,
        "regions": ["US-CA", "US-NY"], "active": True, "position": 0,
    }  # fmt: skip
    changed = admin_client.put(
        f"/api/admin/shipping-methods/{method['id']}",
        {"name": "Overnight", "price": 3000, "active": False},
        format="json",
    )
    assert (changed.json()["price"], changed.json()["active"]) == (3000, False)
    listed = admin_client.get("/api/admin/shipping-methods").json()
    assert [item["name"] for item in listed] == ["Overnight", "Standard", "Express"]
    assert admin_client.delete(f"/api/admin/shipping-methods/{method['id']}").status_code == 204
    assert admin_client.delete(f"/api/admin/shipping-methods/{method['id']}").status_code == 404


def test_a_region_that_is_not_one_is_refused(admin_client, db):
    answer = admin_client.post(
        "/api/admin/shipping-methods", {"name": "Moon", "price": 1, "regions": ["US-XX"]}, format="json"
    )

    assert answer.status_code == 400
    assert answer.json()["regions"] == ["US-XX is not a region: a country as US or DE, or a US state as US-CA."]


def test_a_second_customer_may_use_a_once_per_customer_code(client_for, shoe, demo):
    DiscountCode.objects.filter(pk=demo["welcome"].pk).update(once_per_customer=True)
    first, second = UserFactory(), UserFactory()
    used(demo["welcome"], first)

    quote = client_for(second).post(QUOTE, {"shoes": [line(shoe)], "code": "WELCOME10"}, format="json").json()

    assert quote["code"]["applied"] is True


def test_a_checkout_with_a_code_shipping_and_tax_counts_its_queries(client, shopper, shoe, demo, mailoutbox):
    checkout = {**body(shopper, [line(shoe)], amount=12999 - 1300 + 799 + 848, address=CALIFORNIA), "code": "WELCOME10"}
    # The tables each process keeps, kept (shopsite/kept.py).
    pricing_tables(), RULING_SHOES.get()

    with CaptureQueriesContext(connection) as queries:
        assert client.post(CHECKOUT, checkout).status_code == 201

    # test_checkout_api's 28 (the shipping methods and tax rates as the process keeps them), and the code's: the code
    # and its brands' and shoes' ids (2), its use counted (1) and recorded (1).
    assert len(queries) <= 28 + 4, len(queries)


def test_the_checkout_answers_its_order_as_the_order_call_reads_it(client, shopper, shoe, demo, mailoutbox):
    # The checkout answers from the order as its own request wrote it (orders.selectors.order_just_paid), with every
    # part of the price: the same as reading it back.
    express = demo["express"].pk
    amount = 12999 - 1300 + 1999 + round((12999 - 1300) * 0.0725)
    checkout = {**body(shopper, [line(shoe)], amount=amount, address=CALIFORNIA), "code": "WELCOME10"}

    answer = client.post(CHECKOUT, {**checkout, "shipping": express})

    assert answer.status_code == 201, answer.json()
    order = answer.json()["order"]
    assert order == client.get(f"/api/cart/order/{order['idPayment']}").json()
    assert order["code"] == "WELCOME10" and order["shippingMethod"]["name"] == "Express" and order["tax"] > 0
