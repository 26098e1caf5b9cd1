"""The sign-in's limits: every try per client, failures only per account, and the reset link's own count."""

import re

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import TestCase

from accounts.errors import SignInLocked

from .factories import PASSWORD

pytestmark = pytest.mark.django_db

LOCKED = {
    "detail": "Too many failed sign-ins to this account. Try again later, or reset your password.",
    "code": "auth/too-many-requests",
}


def sign_in(client, email: str, password: str, address: str):
    return client.post("/api/auth/signin", {"email": email, "password": password}, REMOTE_ADDR=address)


def reset_link(client, email: str, mailoutbox, address: str = "10.9.9.9") -> dict:
    # The mail leaves the outbox once the request's transaction commits.
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert client.post("/api/auth/password-reset", {"email": email}, REMOTE_ADDR=address).status_code == 200
    uid, token = re.search(r"uid=(\w+)&token=([\w-]+)", mailoutbox[-1].body).groups()
    return {"uid": uid, "token": token}


def confirm(client, link: dict, password: str, address: str = "10.9.9.9"):
    return client.post("/api/auth/password-reset/confirm", {**link, "password": password}, REMOTE_ADDR=address)


class TestPerAccount:
    def test_20_wrong_passwords_from_anywhere_lock_the_account_until_a_reset(
        self, api_client, shopper, mailoutbox, django_capture_on_commit_callbacks
    ):
        # Given 20 wrong passwords from 20 addresses, in any case of the email
        for n in range(20):
            email = shopper.email.upper() if n % 2 else shopper.email
            assert sign_in(api_client, email, "wrong guess", f"10.0.0.{n}").json()["code"] == "auth/wrong-password"

        # then the right password is refused too, from anywhere
        locked = sign_in(api_client, shopper.email, PASSWORD, "10.0.1.1")
        assert (locked.status_code, locked.json()) == (429, LOCKED)
        assert 3500 < int(locked["Retry-After"]) <= 3600
        assert SESSION_KEY not in api_client.session

        # until the owner of the address resets the password.
        link = reset_link(api_client, shopper.email, mailoutbox)
        with django_capture_on_commit_callbacks(execute=True):
            assert confirm(api_client, link, "brand new").status_code == 200
        assert sign_in(api_client, shopper.email, "brand new", "10.0.1.1").status_code == 200

    def test_right_sign_ins_are_never_refused_by_it(self, api_client, shopper):
        answers = [sign_in(api_client, shopper.email, PASSWORD, f"10.0.2.{n}").status_code for n in range(25)]
        assert answers == [200] * 25

    def test_a_success_forgets_the_failures_before_it(self, api_client, shopper, rates):
        rates(signin_email="3/hour")
        for round_ in range(3):
            for n in range(2):
                assert sign_in(api_client, shopper.email, "wrong", f"10.0.3.{n}").status_code == 400
            assert sign_in(api_client, shopper.email, PASSWORD, f"10.0.4.{round_}").status_code == 200

    def test_only_wrong_passwords_count(self, api_client, shopper, rates):
        rates(signin_email="2/hour")
        for n in range(4):
            assert sign_in(api_client, shopper.email, "", f"10.0.5.{n}").json()["code"] == "auth/internal-error"
            assert sign_in(api_client, "nobody@sneakers.test", "x", f"10.0.6.{n}").status_code == 400
        assert sign_in(api_client, shopper.email, PASSWORD, "10.0.7.1").status_code == 200

    def test_a_locked_account_leaves_the_others_alone(self, api_client, shopper, other_shopper, rates):
        rates(signin_email="2/hour")
        for n in range(2):
            sign_in(api_client, shopper.email, "wrong", f"10.0.8.{n}")
        assert sign_in(api_client, shopper.email, PASSWORD, "10.0.8.9").status_code == 429
        assert sign_in(api_client, other_shopper.email, PASSWORD, "10.0.8.9").status_code == 200

    def test_the_refusal_says_so_in_the_identity_services_terms(self):
        assert SignInLocked(None).get_codes() == "auth/too-many-requests"
        assert SignInLocked(12.2).wait == 13


class TestPerClient:
    def test_every_try_counts_the_right_ones_too(self, api_client, shopper, other_shopper, rates):
        rates(signin="3/minute")
        for _ in range(3):
            assert sign_in(api_client, shopper.email, PASSWORD, "10.1.0.1").status_code == 200
        refused = sign_in(api_client, other_shopper.email, PASSWORD, "10.1.0.1")
        assert refused.status_code == 429
        assert refused.json()["code"] == "throttled"
        assert sign_in(api_client, other_shopper.email, PASSWORD, "10.1.0.2").status_code == 200


class TestResetLink:
    def test_a_shopper_who_asked_for_many_mails_can_still_use_the_link(self, api_client, shopper, rates, mailoutbox):
        rates(password_reset="2/hour")
        reset_link(api_client, shopper.email, mailoutbox)
        link = reset_link(api_client, shopper.email, mailoutbox)
        asked_again = api_client.post("/api/auth/password-reset", {"email": shopper.email}, REMOTE_ADDR="10.9.9.9")
        assert asked_again.status_code == 429

        assert confirm(api_client, link, "brand new").status_code == 200

    def test_using_links_has_its_own_limit(self, api_client, shopper, rates, mailoutbox):
        rates(password_reset_confirm="2/hour")
        link = reset_link(api_client, shopper.email, mailoutbox)
        for _ in range(2):
            assert confirm(api_client, link, "short").json()["code"] == "auth/weak-password"

        refused = confirm(api_client, link, "brand new")

        assert refused.status_code == 429
        assert 0 < int(refused["Retry-After"]) <= 3600
        shopper.refresh_from_db()
        assert shopper.check_password(PASSWORD)
        # Asking for mails is counted apart.
        assert reset_link(api_client, shopper.email, mailoutbox)
        assert confirm(api_client, link, "brand new", address="10.9.9.10").status_code == 200

    def test_a_refused_link_lifts_no_lock(self, api_client, shopper, rates, django_capture_on_commit_callbacks):
        rates(signin_email="2/hour")
        for n in range(2):
            sign_in(api_client, shopper.email, "wrong", f"10.2.0.{n}")
        with django_capture_on_commit_callbacks(execute=True):
            assert confirm(api_client, {"uid": shopper.uid, "token": "1-abc"}, "brand new").status_code == 400
        assert sign_in(api_client, shopper.email, PASSWORD, "10.2.0.9").status_code == 429
