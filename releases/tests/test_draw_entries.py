"""Entering a draw: signed in, one size, a card authorised and not charged (3-D Secure too), once per account."""

from datetime import timedelta
from types import SimpleNamespace

import pytest

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order, TestPaymentIntent
from releases.models import DrawEntry, Release

from .draws import enter
from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def draw(clock):
    shoe = ShoeFactory(sizes={"9": 5, "10": 5})
    release = release_of(shoe, sizes={"9": 2, "10": 1}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=1)
    return release


def test_an_entry_authorises_the_pair_s_price_and_charges_nothing(draw):
    size = draw.sizes.get(size=9)

    answer, _ = enter(draw, size)

    assert answer.status_code == 201, answer.json()
    assert answer.json()["entry"]["status"] == "entered" and answer.json()["entry"]["size"] == "9"
    intent = TestPaymentIntent.objects.get()
    assert intent.capture_manual and intent.status == TestPaymentIntent.Status.REQUIRES_CAPTURE
    assert intent.amount == int(size.shoe.price * 100)
    assert not Order.objects.exists()


def test_3d_secure_then_the_same_entry_again_finishes_it(draw):
    size = draw.sizes.get(size=10)
    user = UserFactory()

    first, _ = enter(draw, size, user=user, pm="pm_card_authenticationRequired--x")
    again, _ = enter(draw, size, user=user, pm="pm_card_authenticationRequired--x")

    assert first.status_code == 202 and first.json()["requiresAction"] and first.json()["clientSecret"]
    assert again.status_code == 201 and again.json()["entry"]["status"] == "entered"
    assert DrawEntry.objects.get().status == DrawEntry.Status.ENTERED


def test_a_second_entry_of_the_same_account_is_refused(draw):
    user = UserFactory()
    enter(draw, draw.sizes.get(size=9), user=user)

    second, _ = enter(draw, draw.sizes.get(size=10), user=user, pm="pm_card_mastercard--2")

    assert second.status_code == 409 and second.json()["code"] == "already_entered"
    assert DrawEntry.objects.count() == 1


def test_a_declined_card_leaves_no_entry_and_the_shopper_may_try_another(draw):
    user = UserFactory()
    declined, _ = enter(draw, draw.sizes.get(size=9), user=user, pm="pm_card_visa_chargeDeclined--d")
    retried, _ = enter(draw, draw.sizes.get(size=9), user=user, pm="pm_card_mastercard--m")

    assert declined.status_code == 402
    assert retried.status_code == 201


@pytest.mark.parametrize("moment", [OPENS - timedelta(seconds=1), OPENS + timedelta(hours=2)])
def test_entries_are_taken_only_inside_the_window(draw, clock, moment):
    clock.now = moment

    answer, _ = enter(draw, draw.sizes.get(size=9))

    assert answer.status_code == 409 and answer.json()["code"] == "entries_closed"
    assert not TestPaymentIntent.objects.exists()


def test_a_release_for_older_accounts_refuses_a_new_one(draw):
    Release.objects.filter(pk=draw.pk).update(min_account_age_days=30, require_verified_email=True)
    draw.refresh_from_db()

    answer, _ = enter(draw, draw.sizes.get(size=9))

    assert answer.status_code == 403 and answer.json()["code"] == "release_not_eligible"
    assert "older than 30 days" in answer.json()["detail"]


def test_entering_needs_an_account(client, draw):
    answer = client.post(f"/api/releases/{draw.pk}/entry", {}, content_type="application/json")
    assert answer.status_code in (401, 403)


def test_an_entry_left_at_3d_secure_does_not_block_another_card_and_its_intent_is_cancelled(
    draw, django_capture_on_commit_callbacks
):
    size = draw.sizes.get(size=10)
    user = UserFactory()
    left, _ = enter(draw, size, user=user, pm="pm_card_authenticationRequired--x")
    assert left.status_code == 202
    abandoned_intent = DrawEntry.objects.get().payment_intent_id

    # The shopper closed the bank's check and enters again with another card.
    with django_capture_on_commit_callbacks(execute=True):
        retried, _ = enter(draw, size, user=user, pm="pm_card_mastercard--other")

    assert retried.status_code == 201 and retried.json()["entry"]["status"] == "entered"
    first, second = DrawEntry.objects.order_by("pk")
    assert (first.status, second.status) == (DrawEntry.Status.ABANDONED, DrawEntry.Status.ENTERED)
    assert first.authorisation_cancelled_at is not None
    assert TestPaymentIntent.objects.get(intent_id=abandoned_intent).status == TestPaymentIntent.Status.CANCELED
    assert TestPaymentIntent.objects.get(intent_id=second.payment_intent_id).status == "requires_capture"
    # The first card's 3-D Secure finished late finds the new entry: one entry per account still.
    late, _ = enter(draw, size, user=user, pm="pm_card_authenticationRequired--x")
    assert late.status_code == 409 and late.json()["code"] == "already_entered"
    assert TestPaymentIntent.objects.get(intent_id=abandoned_intent).status == TestPaymentIntent.Status.CANCELED


def test_an_entry_refused_before_its_card_is_tried_keeps_the_one_waiting_for_3d_secure(draw):
    user = UserFactory()
    enter(draw, draw.sizes.get(size=10), user=user, pm="pm_card_authenticationRequired--x")

    refused, _ = enter(draw, SimpleNamespace(pk=draw.sizes.get(size=10).pk + 1000), user=user, pm="pm_card_amex--o")

    assert refused.status_code >= 400
    assert DrawEntry.objects.get().status == DrawEntry.Status.AUTHORISING
    assert not TestPaymentIntent.objects.filter(status=TestPaymentIntent.Status.CANCELED).exists()
