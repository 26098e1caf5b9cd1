"""Two admins refunding the same order at once, on PostgreSQL's row locks: one refund, the pairs back once."""

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from conftest import ADMIN_EMAIL
from orders.models import Order, Refund, TestPaymentIntent
from shopsite.tests.races import ON_POSTGRESQL, together

from .checkout import body, line, stock

pytestmark = ON_POSTGRESQL


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


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
