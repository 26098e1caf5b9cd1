"""A first-come release's checkouts racing on PostgreSQL: one person's parallel checkouts get exactly the limit,
and the release's pairs never oversell."""

from collections import Counter
from datetime import timedelta

import pytest
from django.db import connection
from django.test import override_settings

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from orders.tests.checkout import ADDRESS, body, line, paid_orders, stock
from orders.tests.test_checkout_concurrency import race, signed_in
from releases.models import ReleasePurchase

from .factories import OPENS, release_of

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's row locks"),
    pytest.mark.django_db(transaction=True),
]
SIZES = ["8", "8.5", "9", "9.5", "10"]


@pytest.fixture
def opened(clock):
    clock.now = OPENS + timedelta(seconds=1)
    # Every racing checkout gets through the gate: what is tested here is the rows' lock.
    with override_settings(SHOP_RELEASE_CHECKOUTS_AT_ONCE=100, SHOP_RELEASE_TRIES_PER_MINUTE=100):
        yield clock


@pytest.mark.parametrize("limit", [1, 2])
def test_one_account_s_ten_parallel_checkouts_get_exactly_the_limit(opened, limit):
    shoe = ShoeFactory(sizes={size: 20 for size in SIZES})
    release = release_of(shoe, sizes={size: 20 for size in SIZES}, per_person_limit=limit)
    user = UserFactory()
    # Ten carts over five sizes (so the stock rows do not serialise them), each with its own card and address.
    cards = ["pm_card_visa", "pm_card_mastercard", "pm_card_amex"]
    requests = [
        (
            signed_in(user),
            body(
                user,
                [line(shoe, SIZES[i % 5])],
                pm=f"{cards[i % 3]}--race{i}",
                address={**ADDRESS, "line1": f"Calle {i}"},
            ),
        )
        for i in range(10)
    ]

    answers = race(requests)

    codes = Counter(answer.status_code for answer in answers)
    assert codes == {201: limit, 409: 10 - limit}, codes
    assert {answer.json()["code"] for answer in answers if answer.status_code == 409} == {"release_limit"}
    assert paid_orders() == limit
    assert sum(ReleasePurchase.objects.filter(release=release).values_list("pairs", flat=True)) == limit
    assert sum(stock(shoe, size) for size in SIZES) == 100 - limit


def test_forty_shoppers_after_six_pairs_of_a_release_get_exactly_six(opened):
    # The catalogue has 50 pairs; the release offers 6 of them (3 of each size). The test gateway has three cards,
    # so the limit is set high enough for the cards not to be what stops them.
    shoe = ShoeFactory(sizes={"9": 25, "10": 25})
    release_of(shoe, sizes={"9": 3, "10": 3}, per_person_limit=10)
    shoppers = [UserFactory() for _ in range(40)]
    cards = ["pm_card_visa", "pm_card_mastercard", "pm_card_amex"]
    requests = [
        (
            signed_in(user),
            body(
                user,
                [line(shoe, "9" if i % 2 else "10")],
                pm=f"{cards[i % 3]}--s{i}",
                address={**ADDRESS, "line1": f"Calle {i}"},
            ),
        )
        for i, user in enumerate(shoppers)
    ]

    answers = race(requests)

    codes = Counter(answer.status_code for answer in answers)
    assert codes == {201: 6, 409: 34}, codes
    assert {answer.json()["code"] for answer in answers if answer.status_code == 409} == {"release_sold_out"}
    assert paid_orders() == 6
    assert (stock(shoe, "9"), stock(shoe, "10")) == (22, 22)
    assert not Order.objects.exclude(payment=Order.Payment.PAID).exists()
