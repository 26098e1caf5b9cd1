"""Two admins refunding the same order at once, on PostgreSQL's row locks: one refund, the pairs back once."""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from conftest import ADMIN_EMAIL
from orders.models import Order, Refund, TestPaymentIntent

from .checkout import body, line, stock

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL's row locks (SQLite runs one writer at a time, so nothing races there)",
    ),
    pytest.mark.django_db(transaction=True),
]


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def together(calls: list) -> list:
    """Run each call from its own thread, all released at the same moment; return their answers."""
    start = threading.Barrier(len(calls))
    answers = [None] * len(calls)

    def run(index: int, call) -> None:
        try:
            start.wait()
            answers[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(answer is not None for answer in answers), "a refund never answered"
    return answers


@pytest.mark.parametrize("action", ["refund", "cancel"])
def test_two_admins_pressing_at_once_give_one_refund(action):
    shoe = ShoeFactory(sizes={"9": 5})
    shopper = UserFactory()
    answer = signed_in(shopper).post("/api/cart/checkout", body(shopper, [line(shoe, "9", 2)]), format="json")
    assert answer.status_code == 201
    order = Order.objects.get()
    admins = [UserFactory(email=ADMIN_EMAIL), UserFactory(manager=True)]
    url = f"/api/cart/order/{order.payment_intent_id}/{action}"

    answers = together([lambda admin=admin: signed_in(admin).post(url, {}, format="json") for admin in admins])

    assert sorted(answer.status_code for answer in answers) == [200, 409]
    assert Refund.objects.count() == 1
    assert TestPaymentIntent.objects.get().amount_refunded == order.amount
    assert Order.objects.get().refunded == order.amount
    assert stock(shoe, "9") == 5
