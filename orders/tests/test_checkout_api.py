"""POST /cart/checkout: the money rules, each refusal leaving nothing charged and no stock held."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import StockEntry
from catalog.tests.factories import ShoeFactory
from mailing.models import Mail
from orders.models import Order

from .checkout import body, charges, line, paid_orders, stock

URL = "/api/cart/checkout"


@pytest.fixture
def client(client_for, shopper):
    return client_for(shopper)


def nothing_happened(shoe, sizes: dict[str, int] | None = None) -> None:
    for size, quantity in (sizes or {"9": 5, "9.5": 3}).items():
        assert stock(shoe, size) == quantity
    assert charges() == 0
    assert paid_orders() == 0


def test_a_paid_cart_becomes_an_order_and_leaves_the_stock(
    client, shopper, shoe, mailoutbox, django_capture_on_commit_callbacks
):
    lines = [line(shoe, "9", 2), line(shoe, "9.5", 1)]

    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(URL, body(shopper, lines))

    assert answer.status_code == 201, answer.json()
    order = answer.json()["order"]
    assert order["amount"] == 38997
    assert order["status"] == "Pending"
    assert order["email"] == shopper.email
    assert order["idPayment"].startswith("pi_test_")
    assert [(item["size"], item["quantity"], item["price"]) for item in order["shoe"]] == [
        ("9", 2, 129.99),
        ("9.5", 1, 129.99),
    ]
    assert order["shoe"][0]["_id"] == shoe.pk
    assert order["shoe"][0]["name"] == "Air Runner"
    assert order["idPayment"] in answer.json()["message"]
    assert (stock(shoe, "9"), stock(shoe, "9.5")) == (3, 2)
    assert charges() == 1
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == [shopper.email]
    assert order["idPayment"] in mailoutbox[0].subject
    assert "2 x " in mailoutbox[0].body and "$389.97" in mailoutbox[0].body
    confirmation = Mail.objects.get()
    assert (confirmation.kind, confirmation.state, confirmation.context) == (
        "order_confirmation",
        "sent",
        {"order": Order.objects.get().pk},
    )


def test_the_last_pairs_can_be_bought(client, shopper, shoe):
    answer = client.post(URL, body(shopper, [line(shoe, "9", 5)]))

    assert answer.status_code == 201
    assert stock(shoe, "9") == 0


def test_a_tampered_amount_is_refused_before_anything_is_held(client, shopper, shoe):
    answer = client.post(URL, body(shopper, [line(shoe, "9", 2)], amount=100))

    assert answer.status_code == 409
    assert answer.json()["code"] == "amount_mismatch"
    assert answer.json()["amount"] == 25998
    nothing_happened(shoe)
    assert not Order.objects.exists()


def test_a_price_changed_since_the_cart_is_flagged_with_the_new_price(client, shopper, shoe):
    lines = [line(shoe, "9", 1)]
    shoe.price = Decimal("149.99")
    shoe.save()

    answer = client.post(URL, body(shopper, lines))

    assert answer.status_code == 409
    assert answer.json()["code"] == "cart_changed"
    assert answer.json()["lines"] == [
        {
            "index": 0,
            "_id": shoe.pk,
            "size": "9",
            "price": 149.99,
            "regularPrice": 149.99,
            "available": 5,
            "problem": "price_changed",
        }
    ]
    nothing_happened(shoe)


def test_a_lower_price_is_a_change_too_and_the_right_amount_still_needs_the_right_lines(client, shopper, shoe):
    # The amount matches the shop's new price but the line still shows the old one: the shopper has not seen it.
    lines = [line(shoe, "9", 1)]
    shoe.price = Decimal("99.99")
    shoe.save()

    answer = client.post(URL, body(shopper, lines, amount=9999))

    assert answer.status_code == 409
    assert answer.json()["lines"][0]["problem"] == "price_changed"
    nothing_happened(shoe)


@pytest.mark.parametrize(
    ("change", "problem"),
    [("delete_shoe", "shoe_gone"), ("delete_size", "size_gone"), ("sell_out", "out_of_stock")],
)
def test_a_line_the_shop_cannot_sell_any_more_is_flagged(client, shopper, shoe, change, problem):
    lines = [line(shoe, "9.5", 1), line(shoe, "9", 2)]
    other_size = StockEntry.objects.get(shoe=shoe, size=Decimal("9"))
    if change == "delete_shoe":
        shoe.delete()
    elif change == "delete_size":
        other_size.delete()
    else:
        other_size.quantity = 1
        other_size.save()

    answer = client.post(URL, body(shopper, lines))

    assert answer.status_code == 409
    flagged = answer.json()["lines"]
    assert [(item["index"], item["problem"]) for item in flagged] == (
        [(0, problem), (1, problem)] if change == "delete_shoe" else [(1, problem)]
    )
    assert charges() == 0 and not Order.objects.exists()
    if change == "sell_out":
        assert flagged[0]["available"] == 1
        assert (stock(shoe, "9"), stock(shoe, "9.5")) == (1, 3)


def test_an_unknown_shoe_is_flagged_as_gone(client, shopper, shoe):
    ghost = {**line(shoe), "_id": shoe.pk + 1000}

    answer = client.post(URL, body(shopper, [ghost]))

    assert answer.status_code == 409
    assert answer.json()["lines"][0] == {
        "index": 0,
        "_id": shoe.pk + 1000,
        "size": "9",
        "price": None,
        "regularPrice": None,
        "available": 0,
        "problem": "shoe_gone",
    }
    nothing_happened(shoe)


@pytest.mark.parametrize(
    ("quantity", "message"),
    [
        (0, "Take at least 1 pair."),
        (-1, "Take at least 1 pair."),
        (10**9, "At most 99 pairs of one size per order."),
        ("two", "A valid integer is required."),
    ],
)
def test_a_quantity_out_of_bounds_is_a_bad_request(client, shopper, shoe, quantity, message):
    answer = client.post(URL, body(shopper, [line(shoe, "9", quantity)], amount=12999))

    assert answer.status_code == 400
    assert answer.json() == {"shoes": {"0": {"quantity": [message]}}}
    nothing_happened(shoe)


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"shoes": []}, "shoes", "Your cart is empty."),
        ({"amount": 0}, "amount", "There is nothing to pay."),
        ({"id": "tok_visa"}, "id", "That is not a card payment method id."),
        ({"id": ""}, "id", "This field may not be blank."),
    ],
)
def test_a_malformed_checkout_is_a_bad_request(client, shopper, shoe, change, field, message):
    answer = client.post(URL, {**body(shopper, [line(shoe)]), **change})

    assert answer.status_code == 400
    assert answer.json() == {field: [message]}
    nothing_happened(shoe)


def test_the_same_size_on_two_lines_is_refused_so_the_stock_check_cannot_be_split(client, shopper, shoe):
    answer = client.post(URL, body(shopper, [line(shoe, "9", 3), line(shoe, "9", 3)]))

    assert answer.status_code == 400
    assert answer.json() == {"shoes": ["Each shoe and size may be on one line only."]}
    nothing_happened(shoe)


def test_more_lines_than_an_order_takes_are_refused(client, shopper):
    shoes = [ShoeFactory(sizes={"9": 1}) for _ in range(51)]

    answer = client.post(URL, body(shopper, [line(shoe) for shoe in shoes]))

    assert answer.status_code == 400
    assert answer.json() == {"shoes": ["At most 50 lines per order."]}


def test_an_order_above_what_one_card_payment_takes_is_refused(client, shopper):
    shoes = [ShoeFactory(price=Decimal("100000"), sizes={"9": 99}) for _ in range(11)]

    answer = client.post(URL, body(shopper, [line(shoe, "9", 99) for shoe in shoes]))

    assert answer.status_code == 400
    assert answer.json()["code"] == "amount_too_large"
    assert charges() == 0
    assert all(stock(shoe) == 99 for shoe in shoes)


@pytest.mark.parametrize(
    ("pm", "message"),
    [
        ("pm_card_visa_chargeDeclined--b2", "Your card was declined."),
        ("pm_card_visa_chargeDeclinedInsufficientFunds--b3", "Your card has insufficient funds."),
        ("pm_card_unknown--b4", "Your card number is incorrect."),
    ],
)
def test_a_declined_card_gives_the_stock_back_and_lists_no_order(client, shopper, shoe, pm, message):
    answer = client.post(URL, body(shopper, [line(shoe, "9", 2)], pm=pm))

    assert answer.status_code == 402
    assert answer.json() == {"detail": message, "code": "card_declined"}
    nothing_happened(shoe)
    assert client.get(f"/api/cart/{shopper.uid}").json() == []
    # The same declined payment method again is the same answer, and still holds nothing.
    again = client.post(URL, body(shopper, [line(shoe, "9", 2)], pm=pm))
    assert again.status_code == 402
    nothing_happened(shoe)


def test_a_3d_secure_card_holds_the_stock_until_the_browser_confirms(client, shopper, shoe):
    checkout = body(shopper, [line(shoe, "9", 2)], pm="pm_card_authenticationRequired--c1")

    first = client.post(URL, checkout)

    assert first.status_code == 202
    assert first.json()["requiresAction"] is True
    assert first.json()["clientSecret"].startswith("pi_test_")
    assert stock(shoe, "9") == 3
    assert charges() == 0 and paid_orders() == 0
    assert client.get(f"/api/cart/{shopper.uid}").json() == []

    # The browser finished the bank's check and sends the same checkout again.
    second = client.post(URL, checkout)

    assert second.status_code == 201
    assert second.json()["order"]["amount"] == 25998
    assert stock(shoe, "9") == 3
    assert charges() == 1 and paid_orders() == 1


def test_the_same_payment_method_twice_gives_the_first_order_and_one_charge(client, shopper, shoe):
    checkout = body(shopper, [line(shoe, "9", 1)])

    first = client.post(URL, checkout)
    second = client.post(URL, checkout)

    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json()["order"] == second.json()["order"]
    assert stock(shoe, "9") == 4
    assert charges() == 1 and paid_orders() == 1


def test_another_users_payment_method_is_refused(client_for, shopper, other_shopper, shoe):
    client_for(shopper).post(URL, body(shopper, [line(shoe)]))

    answer = client_for(other_shopper).post(URL, body(other_shopper, [line(shoe)]))

    assert answer.status_code == 409
    assert answer.json()["code"] == "payment_method_used"
    assert charges() == 1 and stock(shoe) == 4


def test_a_uid_in_the_body_that_is_not_the_signed_in_users_is_refused(client, shopper, other_shopper, shoe):
    checkout = {**body(shopper, [line(shoe)]), "uid": other_shopper.uid, "email": other_shopper.email}

    answer = client.post(URL, checkout)

    assert answer.status_code == 403
    nothing_happened(shoe)


def test_the_order_is_the_signed_in_users_whatever_email_the_body_names(client, shopper, other_shopper, shoe):
    answer = client.post(URL, {**body(shopper, [line(shoe)]), "email": other_shopper.email})

    assert answer.status_code == 201
    assert Order.objects.get().user == shopper
    assert answer.json()["order"]["email"] == shopper.email


def test_a_visitor_cannot_pay(api_client, shopper, shoe):
    answer = api_client.post(URL, body(shopper, [line(shoe)]))

    assert answer.status_code == 401
    nothing_happened(shoe)


@pytest.mark.parametrize("role", ["disabled_user", "eliminated_user"])
def test_a_disabled_or_eliminated_account_cannot_pay(request, client_for, role, shoe):
    user = request.getfixturevalue(role)

    answer = client_for(user).post(URL, body(user, [line(shoe)]))

    assert answer.status_code == 403
    assert answer.json()["detail"] == "Your account is Disabled or Eliminated"
    nothing_happened(shoe)


@pytest.mark.parametrize("debug", [False, True])
def test_a_shop_without_shop_allow_test_payments_refuses_test_payments(settings, client, shopper, shoe, debug):
    # DJANGO_DEBUG=1 alone takes no fake cards: only SHOP_ALLOW_TEST_PAYMENTS (make run's) does.
    settings.DEBUG = debug
    settings.SHOP_ALLOW_TEST_PAYMENTS = False

    answer = client.post(URL, body(shopper, [line(shoe)]))

    assert answer.status_code == 503
    assert answer.json()["code"] == "payment_unavailable"
    nothing_happened(shoe)


def test_checkout_runs_the_same_number_of_queries_for_one_line_or_twenty(client, shopper, mailoutbox):
    def pay(lines: int, pm: str) -> int:
        shoes = [ShoeFactory(sizes={"9": 2}) for _ in range(lines)]
        checkout = body(shopper, [line(shoe) for shoe in shoes], pm=pm)
        with CaptureQueriesContext(connection) as queries:
            assert client.post(URL, checkout).status_code == 201
        return len(queries)

    # The first reads the tables each process keeps (the pricing tables, the releases' shoes: shopsite/kept.py), unless
    # an earlier test of this process did; from then on each costs its version's one query.
    pay(1, "pm_card_visa--q0")
    one, twenty, three = pay(1, "pm_card_visa--q1"), pay(20, "pm_card_visa--q20"), pay(3, "pm_card_visa--q3")

    assert one == twenty == three, (one, twenty, three)
    # The confirmation's outbox row is one INSERT of these; its sending runs after the commit, in a worker. The test
    # gateway's payment_intent.succeeded event is three (its row in a savepoint), as Stripe's would reach the webhook.
    # Two read the versions of the kept tables: the pricing tables', and the releases' whose guard asks whether a shoe
    # of the cart is in a release (orders/hooks.py). The answer's order, just paid, is the request's own with the lines
    # it wrote, not read back (orders.selectors.order_just_paid). A code adds its own reads (test_pricing_api.py).
    assert twenty <= 28, twenty
