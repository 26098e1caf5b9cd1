"""Checkouts racing each other on PostgreSQL's row locks: no overselling, no deadlock, no double charge."""

from collections import Counter
from functools import partial

from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from shopsite.tests.races import ON_POSTGRESQL, together

from .checkout import body, charges, line, paid_orders, stock

pytestmark = ON_POSTGRESQL

URL = "/api/cart/checkout"


def race(requests: list) -> list:
    """Send each (client, body) from its own thread, all released at the same moment; return the answers."""
    return together([partial(client.post, URL, checkout, format="json") for client, checkout in requests])


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def test_twenty_shoppers_after_the_last_five_pairs_leave_exactly_five_orders():
    shoe = ShoeFactory(sizes={"9": 5})
    shoppers = [UserFactory() for _ in range(20)]

    answers = race(
        [
            (signed_in(user), body(user, [line(shoe, "9", 1)], pm=f"pm_card_visa--r{i}"))
            for i, user in enumerate(shoppers)
        ]
    )

    assert Counter(answer.status_code for answer in answers) == {201: 5, 409: 15}
    refused = [answer.json() for answer in answers if answer.status_code == 409]
    assert {(refusal["code"], refusal["lines"][0]["problem"]) for refusal in refused} == {
        ("cart_changed", "out_of_stock")
    }
    assert stock(shoe, "9") == 0
    assert paid_orders() == 5 and charges() == 5
    # Every refused checkout gave back what it never took: no order holds stock.
    assert not Order.objects.exclude(payment=Order.Payment.PAID).exists()


def test_two_carts_with_the_same_sizes_in_opposite_order_both_complete():
    left, right = ShoeFactory(sizes={"9": 50}), ShoeFactory(sizes={"10": 50})
    shoppers = [UserFactory() for _ in range(10)]
    requests = []
    for i, user in enumerate(shoppers):
        lines = [line(left, "9", 1), line(right, "10", 1)]
        # Half the carts list the sizes one way, half the other: without a fixed lock order they would deadlock.
        requests.append((signed_in(user), body(user, lines if i % 2 else lines[::-1], pm=f"pm_card_visa--d{i}")))

    answers = race(requests)

    assert [answer.status_code for answer in answers] == [201] * 10
    assert (stock(left, "9"), stock(right, "10")) == (40, 40)
    assert paid_orders() == 10


def test_the_same_payment_method_sent_twice_at_once_is_one_order_and_one_charge():
    shoe = ShoeFactory(sizes={"9": 5})
    user = UserFactory()
    checkout = body(user, [line(shoe, "9", 1)], pm="pm_card_visa--twice")

    answers = race([(signed_in(user), checkout) for _ in range(4)])

    codes = Counter(answer.status_code for answer in answers)
    assert codes[201] == 1
    assert set(codes) <= {201, 200, 409}
    assert all(answer.json()["code"] == "payment_in_progress" for answer in answers if answer.status_code == 409)
    orders = {answer.json()["order"]["idPayment"] for answer in answers if answer.status_code in (200, 201)}
    assert len(orders) == 1
    assert paid_orders() == 1 and charges() == 1
    assert stock(shoe, "9") == 4
