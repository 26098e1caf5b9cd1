"""The server's clock decides when a release's shoe can be bought: refused one second before, taken at the minute."""

from datetime import timedelta

import pytest

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from orders.tests.checkout import body, line, stock
from releases.models import Release

from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db
URL = "/api/cart/checkout"


@pytest.fixture
def shopper_client(client):
    user = UserFactory()
    client.force_login(user)
    client.user = user
    return client


def test_one_second_before_the_minute_the_shoe_is_refused_with_the_opening_time(shopper_client, clock):
    shoe = ShoeFactory(sizes={"9": 5})
    release_of(shoe, sizes={"9": 5})
    clock.now = OPENS - timedelta(seconds=1)

    answer = shopper_client.post(URL, body(shopper_client.user, [line(shoe)]), content_type="application/json")

    assert answer.status_code == 409
    assert answer.json()["code"] == "release_not_open"
    assert "cannot be bought before" in answer.json()["detail"]
    assert answer.json()["opensAt"] == OPENS.isoformat()
    assert stock(shoe) == 5 and not Order.objects.exists()


def test_at_the_minute_the_shoe_is_sold(shopper_client, clock):
    shoe = ShoeFactory(sizes={"9": 5})
    release_of(shoe, sizes={"9": 5})
    clock.now = OPENS

    answer = shopper_client.post(URL, body(shopper_client.user, [line(shoe)]), content_type="application/json")

    assert answer.status_code == 201, answer.json()
    assert stock(shoe) == 4


def test_a_shoe_sold_by_draw_is_never_bought_at_the_checkout(shopper_client, clock):
    shoe = ShoeFactory(sizes={"9": 5})
    release_of(shoe, sizes={"9": 5}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=5)

    answer = shopper_client.post(URL, body(shopper_client.user, [line(shoe)]), content_type="application/json")

    assert answer.status_code == 409 and answer.json()["code"] == "release_by_draw"


def test_once_a_first_come_release_closes_its_shoe_sells_as_any_other(shopper_client, clock):
    shoe = ShoeFactory(sizes={"9": 5})
    release_of(shoe, sizes={"9": 1}, closes_at=OPENS + timedelta(hours=1))
    clock.now = OPENS + timedelta(hours=1)

    answer = shopper_client.post(URL, body(shopper_client.user, [line(shoe, "9", 3)]), content_type="application/json")

    assert answer.status_code == 201


def test_a_shoe_in_no_release_is_not_touched(shopper_client, clock):
    shoe, other = ShoeFactory(sizes={"9": 5}), ShoeFactory(sizes={"9": 5})
    release_of(other, sizes={"9": 5})
    clock.now = OPENS - timedelta(days=2)

    answer = shopper_client.post(URL, body(shopper_client.user, [line(shoe, "9", 2)]), content_type="application/json")

    assert answer.status_code == 201
