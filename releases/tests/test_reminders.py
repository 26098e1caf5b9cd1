"""Reminders: asked for by visitors, sent by beat's minute once each, at the minute the release opens."""

from datetime import timedelta

import pytest

from catalog.tests.factories import ShoeFactory
from mailing.models import Mail
from releases.models import ReleaseReminder
from releases.tasks import release_minute

from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def release(clock):
    clock.now = OPENS - timedelta(hours=3)
    return release_of(ShoeFactory(sizes={"9": 5}), sizes={"9": 5})


def ask(client, release, email):
    return client.post(f"/api/releases/{release.pk}/reminders", {"email": email}, content_type="application/json")


def test_a_visitor_asks_and_asking_again_keeps_one_reminder(client, release):
    first = ask(client, release, "Ana@Example.com")
    again = ask(client, release, "ana@example.com")

    assert first.status_code == again.status_code == 201
    assert first.json()["detail"] == "We will mail you when it opens."
    assert list(ReleaseReminder.objects.values_list("email", flat=True)) == ["ana@example.com"]


def test_a_bad_address_is_refused_with_the_newsletter_s_message(client, release):
    answer = ask(client, release, "not-an-address")
    assert answer.status_code == 400 and answer.json() == {"email": ["Use a valid email"]}


def test_beat_sends_each_reminder_once_at_the_minute(client, release, clock):
    for email in ("a@example.com", "b@example.com"):
        ask(client, release, email)

    clock.now = OPENS - timedelta(seconds=1)
    before = release_minute()
    clock.now = OPENS
    at_the_minute = release_minute()
    clock.now = OPENS + timedelta(minutes=1)
    after = release_minute()

    assert (before["reminders"], at_the_minute["reminders"], after["reminders"]) == (0, 2, 0)
    sent = Mail.objects.filter(kind="release_reminder")
    assert sorted(sent.values_list("to", flat=True)) == ["a@example.com", "b@example.com"]


def test_a_release_already_open_takes_no_reminder(client, release, clock):
    clock.now = OPENS
    answer = ask(client, release, "late@example.com")
    assert answer.status_code == 409 and not ReleaseReminder.objects.exists()
