"""GET /cart, /cart/{uid}, /cart/order/{idPayment}, PUT /cart/order/{idPayment}, POST /cart/quote."""

from decimal import Decimal

import pytest

from catalog.tests.factories import ShoeFactory
from orders.models import Order

from .checkout import line
from .factories import OrderFactory, OrderLineFactory


@pytest.fixture
def order(shopper, shoe):
    order = OrderFactory(user=shopper, amount=25998)
    OrderLineFactory(order=order, shoe=shoe, size="9", quantity=2, unit_price=12999)
    return order


def test_the_owner_reads_the_order_in_the_spec_shape(shopper_client, order, shoe):
    answer = shopper_client.get(f"/api/cart/order/{order.payment_intent_id}")

    assert answer.status_code == 200
    record = answer.json()
    assert record == {
        "_id": order.pk,
        "idPayment": order.payment_intent_id,
        "email": "shopper@sneakers.test",
        "amount": 25998,
        "date": record["date"],
        "status": "Pending",
        "shoe": [
            {
                "_id": shoe.pk,
                "line": order.lines.get().pk,
                "name": "Air Runner",
                "brand": shoe.brand.name,
                "image": "/static/img/shoe-placeholder.svg",
                "quantity": 2,
                "size": "9",
                "price": 129.99,
                "refunded": 0,
                "discount": 0,
                "tax": 0,
            }
        ],
        "address": {
            "name": order.ship_name,
            "state": order.ship_state,
            "city": order.ship_city,
            "line1": order.ship_line1,
            "postalCode": order.ship_postal_code,
        },
        "payment": "Paid",
        "refunded": 0,
        # The order fixture's breakdown: no code, no shipping method, no tax.
        "subtotal": order.subtotal,
        "discount": 0,
        "shipping": 0,
        "tax": 0,
        "taxIncluded": False,
        "shippingMethod": None,
        "code": "",
        "country": order.ship_country,
        # Fulfilment (issue 31): not shipped yet.
        "shipments": [],
        "receivedAt": None,
        "returns": [],
    }
    assert record["date"][:10] == order.paid_at.date().isoformat()


def test_a_line_keeps_its_name_and_price_after_the_shoe_is_deleted(shopper_client, order, shoe):
    shoe.delete()

    line = shopper_client.get(f"/api/cart/order/{order.payment_intent_id}").json()["shoe"][0]

    assert (line["_id"], line["name"], line["price"]) == (None, "Air Runner", 129.99)


@pytest.mark.parametrize(("role", "expected"), [("anonymous", 401), ("other", 404), ("admin", 200)])
def test_an_order_is_for_its_owner_and_the_admins(request, api_client, client_for, order, role, expected):
    users = {"other": "other_shopper", "admin": "shop_admin"}
    client = client_for(request.getfixturevalue(users[role])) if role in users else api_client

    assert client.get(f"/api/cart/order/{order.payment_intent_id}").status_code == expected


@pytest.mark.parametrize("payment", [Order.Payment.RESERVED, Order.Payment.DECLINED, Order.Payment.RELEASED])
def test_an_unpaid_order_is_listed_nowhere(shopper_client, admin_client, shopper, payment):
    unpaid = OrderFactory(user=shopper, payment=payment, paid_at=None)

    assert shopper_client.get(f"/api/cart/order/{unpaid.payment_intent_id}").status_code == 404
    assert shopper_client.get(f"/api/cart/{shopper.uid}").json() == []
    assert admin_client.get("/api/cart").json() == []


def test_a_user_lists_their_own_orders_newest_first_in_pages(shopper_client, shopper, other_shopper):
    first, second = OrderFactory(user=shopper), OrderFactory(user=shopper)
    OrderFactory(user=other_shopper)

    everything = shopper_client.get(f"/api/cart/{shopper.uid}").json()
    page = shopper_client.get(f"/api/cart/{shopper.uid}?limit=1&offset=1").json()

    assert [order["idPayment"] for order in everything] == [second.payment_intent_id, first.payment_intent_id]
    assert page["count"] == 2
    assert [order["idPayment"] for order in page["results"]] == [first.payment_intent_id]


@pytest.mark.parametrize(
    ("role", "expected"),
    [("anonymous", 401), ("other_shopper", 403), ("disabled_user", 403), ("shopper", 200), ("shop_admin", 200)],
)
def test_a_users_orders_are_for_them_and_the_admins(client_as, shopper, role, expected):
    client = client_as(role)

    assert client.get(f"/api/cart/{shopper.uid}").status_code == expected


@pytest.mark.parametrize(("role", "expected"), [("anonymous", 401), ("shopper", 403), ("shop_admin", 200)])
def test_every_order_is_for_the_admins(client_as, order, role, expected):
    client = client_as(role)

    answer = client.get("/api/cart")

    assert answer.status_code == expected
    if expected == 200:
        assert [(row["idPayment"], row["client"]) for row in answer.json()] == [
            (order.payment_intent_id, "shopper@sneakers.test")
        ]


def test_order_lists_run_the_same_queries_for_one_order_or_thirty(
    admin_client, shopper, shoe, django_assert_max_num_queries
):
    def add_orders(count: int) -> None:
        for _ in range(count):
            OrderLineFactory(order=OrderFactory(user=shopper), shoe=ShoeFactory(sizes={"9": 1}), quantity=1)

    # The session, the user, the admin's second factor (accounts/second_factor.py), the count, the orders, their lines,
    # their shipments, their returns and their pairs.
    add_orders(1)
    with django_assert_max_num_queries(9):
        assert len(admin_client.get("/api/cart?limit=30").json()["results"]) == 1
    add_orders(29)
    with django_assert_max_num_queries(9):
        assert len(admin_client.get("/api/cart?limit=30").json()["results"]) == 30
    with django_assert_max_num_queries(9):
        assert len(admin_client.get(f"/api/cart/{shopper.uid}").json()) == 30


@pytest.mark.parametrize("status", ["Received", "Pending"])
def test_an_admin_moves_an_order_between_pending_and_received(admin_client, order, status):
    answer = admin_client.put(f"/api/cart/order/{order.payment_intent_id}", {"status": status})

    assert answer.status_code == 200
    assert answer.json()["status"] == status
    order.refresh_from_db()
    assert order.status == status


@pytest.mark.parametrize("status", ["Shipped", "", None, "received"])
def test_an_order_status_outside_the_two_is_refused(admin_client, order, status):
    answer = admin_client.put(f"/api/cart/order/{order.payment_intent_id}", {"status": status})

    assert answer.status_code == 400
    order.refresh_from_db()
    assert order.status == "Pending"


@pytest.mark.parametrize(("role", "expected"), [("anonymous", 401), ("shopper", 403), ("disabled_user", 403)])
def test_only_an_admin_moves_an_order(client_as, order, role, expected):
    client = client_as(role)

    answer = client.put(f"/api/cart/order/{order.payment_intent_id}", {"status": "Received"})

    assert answer.status_code == expected
    order.refresh_from_db()
    assert order.status == "Pending"


def NO_EXTRAS(total: int) -> dict:
    """The breakdown of a quote in a shop without codes, shipping methods or tax rates: all goods."""
    return {
        "subtotal": total,
        "discount": 0,
        "shipping": 0,
        "tax": 0,
        "taxIncluded": False,
        "total": total,
        "code": None,
        "shippingMethods": [],
        "shippingMethod": None,
    }


def test_the_quote_prices_the_cart_and_flags_what_changed(api_client, shoe):
    gone = ShoeFactory(sizes={"9": 1})
    gone_id = gone.pk
    gone.delete()
    cart = [
        line(shoe, "9", 2),
        {**line(shoe, "9.5", 4)},
        {**line(shoe, "10", 1)},
        {"_id": gone_id, "size": "9", "quantity": 1, "price": 99.99},
    ]
    shoe.price = Decimal("139.99")
    shoe.save()

    answer = api_client.post("/api/cart/quote", {"shoes": cart}, format="json")

    assert answer.status_code == 200
    assert answer.json() == {
        # The lines that can still be sold, at the shop's price and at most what it has: 2 + 3 pairs.
        "amount": 5 * 13999,
        **NO_EXTRAS(5 * 13999),
        "lines": [
            {
                "index": 0,
                "_id": shoe.pk,
                "size": "9",
                "price": 139.99,
                "regularPrice": 139.99,
                "available": 5,
                "problem": "price_changed",
            },
            {
                "index": 1,
                "_id": shoe.pk,
                "size": "9.5",
                "price": 139.99,
                "regularPrice": 139.99,
                "available": 3,
                "problem": "price_changed",
            },
            {
                "index": 2,
                "_id": shoe.pk,
                "size": "10",
                "price": None,
                "regularPrice": None,
                "available": 0,
                "problem": "size_gone",
            },
            {
                "index": 3,
                "_id": gone_id,
                "size": "9",
                "price": None,
                "regularPrice": None,
                "available": 0,
                "problem": "shoe_gone",
            },
        ],
    }


def test_the_quote_of_an_unchanged_cart_flags_nothing(api_client, shoe):
    answer = api_client.post("/api/cart/quote", {"shoes": [line(shoe, "9", 5)]}, format="json")

    assert answer.json() == {
        "amount": 5 * 12999,
        **NO_EXTRAS(5 * 12999),
        "lines": [
            {
                "index": 0,
                "_id": shoe.pk,
                "size": "9",
                "price": 129.99,
                "regularPrice": 129.99,
                "available": 5,
                "problem": None,
            }
        ],
    }


def test_the_quote_flags_a_quantity_above_the_stock(api_client, shoe):
    answer = api_client.post("/api/cart/quote", {"shoes": [line(shoe, "9.5", 4)]}, format="json")

    assert answer.json()["lines"][0]["problem"] == "out_of_stock"
    assert answer.json()["lines"][0]["available"] == 3
