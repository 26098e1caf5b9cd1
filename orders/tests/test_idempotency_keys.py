"""A checkout never sends Stripe another order's idempotency keys: not after a restore, not from a second shop.

Stripe keeps a key for a day and answers it again with the first request's result. A database restored from
a backup gives the ids of the orders it lost out again, and two shops on one Stripe account count their
orders from 1 each: a key made of the id alone would get a new order the answer (the payment) of another.
The checkout runs through the shop's own gateway and the real stripe SDK, stopped at requests' Session.
"""

import json
from decimal import Decimal

import pytest
import requests
from django.core.management.color import no_style
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from requests.structures import CaseInsensitiveDict

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from orders.selectors import CartLine
from orders.services import order_checkout, order_refund
from orders.tests.checkout import SHIPPING
from orders.tests.stripe_recorded import ANSWERS, API_KEY, INTENT_ID, INTENTS_URL, network_attempts  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def stripe_sent(settings, monkeypatch) -> list[tuple[str, str]]:
    """The shop on Stripe; each call the SDK makes is answered as Stripe answers a paid checkout and kept."""
    settings.PAYMENT_GATEWAY = "stripe"
    settings.STRIPE_SECRET_KEY = API_KEY
    sent = []
    answers = {
        INTENTS_URL: "payment_intent_created",
        f"{INTENTS_URL}/{INTENT_ID}/confirm": "payment_intent_succeeded",
        "https://api.stripe.com/v1/refunds": "refund_created",
    }

    def session_request(session, method, url, **kwargs):
        sent.append((url, kwargs["headers"]["Idempotency-Key"]))
        recorded = json.loads((ANSWERS / f"{answers[url]}.json").read_text())
        response = requests.Response()
        response.status_code = recorded["status"]
        response.headers = CaseInsensitiveDict(recorded["headers"])
        response._content = json.dumps(recorded["body"]).encode()
        return response

    monkeypatch.setattr(requests.Session, "request", session_request)
    return sent


def orders_restored_to_empty() -> None:
    """What restoring a backup taken before any order does to the orders table: the rows and their ids are gone."""
    Order.objects.all().delete()
    table = {"table": Order._meta.db_table, "column": "id"}
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_by_name_sql(no_style(), [table]):
            cursor.execute(sql)


def checkout(user, shoe) -> Order:
    line = CartLine(shoe_id=shoe.pk, size=Decimal("9"), quantity=1, price=shoe.price)
    return order_checkout(
        user=user, payment_method_id=f"pm_{user.pk}", lines=[line], amount=12000, address=SHIPPING
    ).order


@pytest.fixture
def shop():
    orders_restored_to_empty()
    return UserFactory(), ShoeFactory(price=Decimal("120.00"), sizes={"9": 5})


def test_each_call_of_an_order_carries_the_shop_s_prefix_the_order_and_its_token(stripe_sent, shop):
    order = checkout(*shop)

    assert order.payment == Order.Payment.PAID
    prefix = f"shop-order-{order.pk}-{order.idempotency_token}"
    assert stripe_sent == [
        (INTENTS_URL, f"{prefix}-create"),
        (f"{INTENTS_URL}/{INTENT_ID}/confirm", f"{prefix}-confirm-0"),
    ]
    assert len(order.idempotency_token) == 24


def test_an_order_id_given_out_again_after_a_restore_sends_new_keys(stripe_sent, shop):
    lost = checkout(*shop)
    lost_keys = [key for _, key in stripe_sent]

    # When the database is restored from a backup taken before that order, and a shopper checks out again
    orders_restored_to_empty()
    stripe_sent.clear()
    again = checkout(*shop)

    # Then the new order has the lost one's id, and none of its keys
    assert again.pk == lost.pk
    keys = [key for _, key in stripe_sent]
    assert len(keys) == 2
    assert all(key.startswith(f"shop-order-{again.pk}-") for key in keys)
    assert set(keys).isdisjoint(lost_keys)


def test_a_second_shop_on_the_same_stripe_account_sends_keys_of_its_own(stripe_sent, shop, settings):
    checkout(*shop)
    first_keys = [key for _, key in stripe_sent]

    # Given a second shop, with its own database (whose orders count from 1 too) and its own prefix
    orders_restored_to_empty()
    settings.SHOP_IDEMPOTENCY_PREFIX = "outlet"
    stripe_sent.clear()
    order = checkout(*shop)

    keys = [key for _, key in stripe_sent]
    assert [key.startswith(f"outlet-order-{order.pk}-") for key in keys] == [True, True]
    assert set(keys).isdisjoint(first_keys)


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_each_existing_order_a_token_of_its_own():
    user = UserFactory()
    executor = MigrationExecutor(connection)
    executor.migrate([("orders", "0001_initial")])
    before = executor.loader.project_state([("orders", "0001_initial")]).apps.get_model("orders", "Order")
    for n in range(3):
        before.objects.create(
            user_id=user.pk, email=user.email, amount=100, currency="usd", payment_method_id=f"pm_{n}"
        )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    tokens = list(Order.objects.values_list("idempotency_token", flat=True))
    assert len(tokens) == 3
    assert len(set(tokens)) == 3
    assert all(len(token) == 24 for token in tokens)


def test_each_refund_of_an_order_has_a_key_of_its_own_through_stripe(stripe_sent, shop):
    order = checkout(*shop)
    stripe_sent.clear()

    order_refund(order=order, by=None, pairs={order.lines.get().pk: 1})

    assert stripe_sent == [("https://api.stripe.com/v1/refunds", f"{order.idempotency_prefix}-refund-1")]
    order.refresh_from_db()
    assert (order.refunded, order.refunds.get().refund_id) == (12000, "re_3QAb7cLkdIwHu7ix0Rf1Aa2B")
