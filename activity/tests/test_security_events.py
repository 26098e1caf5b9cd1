"""Failed sign-ins and lockouts, from the storefront's sign-in and the Django admin's, are logged as security events."""

import pytest
from django.urls import reverse

from accounts.tests.factories import PASSWORD
from activity.models import Entry

pytestmark = pytest.mark.django_db


def sign_in(client, email: str, password: str, address: str = "10.1.0.1"):
    return client.post("/api/auth/signin", {"email": email, "password": password}, REMOTE_ADDR=address)


def events() -> list[tuple]:
    return list(
        Entry.objects.filter(kind__startswith="security.")
        .order_by("id")
        .values_list("kind", "via", "actor_id", "record_type", "record_label", "after")
    )


def test_a_wrong_password_is_logged_against_its_account(api_client, shopper):
    assert sign_in(api_client, shopper.email, "wrong guess").status_code == 400
    assert events() == [
        (
            "security.sign_in_failed",
            "sign-in",
            shopper.pk,
            "user",
            shopper.email,
            {"detail": "Wrong password.", "client": "10.1.0.1"},
        )
    ]


def test_an_address_no_account_holds_is_logged_with_the_address(api_client):
    assert sign_in(api_client, "Nobody@Sneakers.test", "x").status_code == 400
    assert events() == [
        (
            "security.sign_in_failed",
            "sign-in",
            None,
            "",
            "nobody@sneakers.test",
            {"email": "nobody@sneakers.test", "detail": "No account has this address.", "client": "10.1.0.1"},
        )
    ]


def test_the_failure_that_locks_the_account_logs_the_lockout(api_client, shopper, rates):
    rates(signin_email="3/hour")
    for n in range(3):
        assert sign_in(api_client, shopper.email, "wrong", f"10.1.1.{n}").status_code == 400
    assert sign_in(api_client, shopper.email, PASSWORD, "10.1.1.9").status_code == 429

    kinds = [kind for kind, *_ in events()]
    assert kinds == ["security.sign_in_failed"] * 3 + ["security.sign_in_lockout"]
    lockout = Entry.objects.get(kind="security.sign_in_lockout")
    assert (lockout.actor_id, lockout.record_id) == (shopper.pk, str(shopper.pk))
    assert lockout.after["detail"].startswith("Too many failed sign-ins: locked for ")


def test_a_right_password_logs_nothing(api_client, shopper):
    assert sign_in(api_client, shopper.email, PASSWORD).status_code == 200
    assert events() == []


def test_the_django_admins_sign_in_logs_its_failures_too(client, shopper):
    answer = client.post(
        reverse("admin:login"), {"username": shopper.email, "password": "wrong"}, REMOTE_ADDR="10.1.2.1"
    )
    assert answer.status_code == 200
    assert [(kind, actor) for kind, _, actor, *_ in events()] == [("security.sign_in_failed", shopper.pk)]
