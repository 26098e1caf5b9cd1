"""Helpers of the draw tests: entries made through the API, as the shoe's page sends them."""

from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from mailing.models import Mail
from orders.models import TestPaymentIntent
from orders.tests.checkout import ADDRESS
from releases.models import DrawEntry


def enter(release, size, *, user=None, pm: str | None = None, line1: str | None = None, **extra):
    """POST /releases/{id}/entry; returns (answer, user). Each call a new account, card and address unless told."""
    user = user or UserFactory()
    client = APIClient()
    client.force_login(user)
    data = {
        "size": size.pk,
        # A card number of the account's own (the test gateway's "__"), so no two entrants share a card.
        "id": pm or f"pm_card_visa__n{user.pk}--e{user.pk}",
        "address": {**ADDRESS, "line1": line1 or f"Calle {user.pk}"},
        **extra,
    }
    return client.post(f"/api/releases/{release.pk}/entry", data, format="json"), user


def intents(status: str) -> int:
    return TestPaymentIntent.objects.filter(capture_manual=True, status=status).count()


def mails(kind: str) -> list[str]:
    return sorted(Mail.objects.filter(kind=kind).values_list("to", flat=True))


def statuses(release) -> dict[str, int]:
    counts: dict[str, int] = {}
    for status in DrawEntry.objects.filter(release=release).values_list("status", flat=True):
        counts[status] = counts.get(status, 0) + 1
    return counts
