"""A first-come release's per-person limit, counted per account, per card fingerprint and per normalised address;
and its pairs per size, which never sell beyond what the release offers."""

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from orders.tests.checkout import ADDRESS, body, line, stock
from releases.keys import address_key
from releases.models import ReleasePurchase

from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db
URL = "/api/cart/checkout"


def pay(user, lines, **kwargs):
    client = APIClient()
    client.force_login(user)
    return client.post(URL, body(user, lines, **kwargs), format="json")


@pytest.fixture
def opened(clock):
    clock.now = OPENS + timedelta(seconds=5)
    return clock


def test_one_pair_per_person_the_second_is_refused(opened):
    shoe = ShoeFactory(sizes={"9": 10, "10": 10})
    release_of(shoe, sizes={"9": 10, "10": 10})
    user = UserFactory()

    first = pay(user, [line(shoe, "9")], pm="pm_card_visa--one")
    second = pay(user, [line(shoe, "10")], pm="pm_card_mastercard--two", address={**ADDRESS, "line1": "Calle Sol 7"})

    assert first.status_code == 201
    assert second.status_code == 409 and second.json()["code"] == "release_limit"
    assert "at most 1 pair per person" in second.json()["detail"]
    assert (stock(shoe, "9"), stock(shoe, "10")) == (9, 10)


def test_two_pairs_in_one_cart_are_refused_when_the_limit_is_one(opened):
    shoe = ShoeFactory(sizes={"9": 10})
    release_of(shoe, sizes={"9": 10})

    answer = pay(UserFactory(), [line(shoe, "9", 2)])

    assert answer.status_code == 409 and answer.json()["code"] == "release_limit"
    assert stock(shoe, "9") == 10 and not Order.objects.exists()


def test_the_same_card_on_another_account_and_address_is_refused(opened):
    shoe = ShoeFactory(sizes={"9": 10})
    release_of(shoe, sizes={"9": 10})

    first = pay(UserFactory(), [line(shoe)], pm="pm_card_visa--bot1")
    # Another payment method id, the same test card: the gateway gives the same fingerprint.
    second = pay(UserFactory(), [line(shoe)], pm="pm_card_visa--bot2", address={**ADDRESS, "line1": "Calle Luna 9"})

    assert first.status_code == 201
    assert second.status_code == 409 and second.json()["code"] == "release_limit"


def test_the_same_address_typed_otherwise_on_another_account_and_card_is_refused(opened):
    shoe = ShoeFactory(sizes={"9": 10})
    release_of(shoe, sizes={"9": 10})
    typed_otherwise = {**ADDRESS, "name": "Someone Else", "line1": "av juarez-12", "city": "GUADALAJARA"}

    first = pay(UserFactory(), [line(shoe)], pm="pm_card_visa--a")
    second = pay(UserFactory(), [line(shoe)], pm="pm_card_mastercard--b", address=typed_otherwise)

    assert first.status_code == 201
    assert second.status_code == 409 and second.json()["code"] == "release_limit"


def test_a_declined_card_does_not_use_up_the_person_s_pair(opened):
    shoe = ShoeFactory(sizes={"9": 10})
    release_of(shoe, sizes={"9": 10})
    user = UserFactory()

    declined = pay(user, [line(shoe)], pm="pm_card_visa_chargeDeclined--x")
    paid = pay(user, [line(shoe)], pm="pm_card_mastercard--y")

    assert declined.status_code == 402
    assert paid.status_code == 201
    assert stock(shoe) == 9


def test_a_limit_of_two_lets_two_pairs_and_no_third(opened):
    shoe = ShoeFactory(sizes={"9": 10})
    release_of(shoe, sizes={"9": 10}, per_person_limit=2)
    user = UserFactory()

    assert pay(user, [line(shoe, "9", 2)], pm="pm_card_visa--p").status_code == 201
    third = pay(user, [line(shoe)], pm="pm_card_amex--q")

    assert third.status_code == 409 and third.json()["limit"] == 2


def test_the_release_sells_no_more_pairs_of_a_size_than_it_offers(opened):
    shoe = ShoeFactory(sizes={"9": 10})
    release_of(shoe, sizes={"9": 2})
    cards = ["pm_card_visa--c", "pm_card_mastercard--d", "pm_card_amex--e"]
    answers = [
        pay(UserFactory(), [line(shoe)], pm=card, address={**ADDRESS, "line1": f"Calle {i}"})
        for i, card in enumerate(cards)
    ]

    assert [answer.status_code for answer in answers] == [201, 201, 409]
    assert answers[2].json()["code"] == "release_sold_out"
    assert stock(shoe) == 8


def test_a_sold_out_size_is_refused_before_the_gate_and_the_stock_lock(opened, monkeypatch):
    from releases.services import rules

    shoe = ShoeFactory(sizes={"9": 10, "10": 10})
    release_of(shoe, sizes={"9": 1, "10": 1})
    assert pay(UserFactory(), [line(shoe, "9")], pm="pm_card_visa--f").status_code == 201
    gated = []
    real_gate = rules.gate
    monkeypatch.setattr(rules, "gate", lambda *args, **kwargs: gated.append(args) or real_gate(*args, **kwargs))

    late = pay(UserFactory(), [line(shoe, "9")], pm="pm_card_mastercard--g", address={**ADDRESS, "line1": "Calle 7"})
    # Another size, not sold out, goes the whole way
    other = pay(UserFactory(), [line(shoe, "10")], pm="pm_card_amex--h", address={**ADDRESS, "line1": "Calle 8"})

    assert late.status_code == 409 and late.json()["code"] == "release_sold_out"
    assert other.status_code == 201
    assert len(gated) == 1
    assert (stock(shoe, "9"), stock(shoe, "10")) == (9, 9)


def test_a_size_the_release_does_not_offer_is_refused(opened):
    shoe = ShoeFactory(sizes={"9": 10, "11": 4})
    release_of(shoe, sizes={"9": 10})

    answer = pay(UserFactory(), [line(shoe, "11")])

    assert answer.status_code == 409 and answer.json()["code"] == "release_size_not_offered"


def test_the_purchase_is_counted_under_the_three_keys(opened):
    shoe = ShoeFactory(sizes={"9": 10})
    release = release_of(shoe, sizes={"9": 10})
    user = UserFactory()

    assert pay(user, [line(shoe)]).status_code == 201

    purchase = ReleasePurchase.objects.get(release=release)
    assert purchase.account_key == f"acct_{user.pk}" and purchase.pairs == 1
    assert purchase.card_key.startswith("card_fp_test_")
    assert purchase.address_key == address_key(
        line1="Av Juárez 12", city="Guadalajara", state="Jalisco", postal_code="44100"
    )


def test_address_keys_ignore_case_accents_punctuation_and_street_words():
    key = address_key(line1="Avenue Juarez 12", city="guadalajara", state="JALISCO", postal_code="44100")
    assert key == address_key(line1="Av. Juárez #12", city="Guadalajara", state="Jalisco", postal_code="44 100")
    assert key != address_key(line1="Av Juarez 13", city="Guadalajara", state="Jalisco", postal_code="44100")
