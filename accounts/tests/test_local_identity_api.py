"""The local identity provider's calls (docs/DESIGN.md §4), with the hosted service's codes (docs/PRODUCT.md §8)."""

import re
from datetime import datetime, timedelta

import pytest
from django.contrib.auth import SESSION_KEY

from accounts.errors import ACCOUNT_DISABLED, EmailInUse, InvalidEmail, PasswordMissing, WeakPassword
from accounts.models import User
from mailing.models import Mail
from mailing.services import mail_send_pending

from .factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

RECORD_FIELDS = {
    "_id", "email", "idUser", "createdAt", "status", "manager", "isAdmin", "displayName", "avatar", "emailVerified",
}  # fmt: skip


def refusal(response) -> tuple[int, str, str]:
    body = response.json()
    return response.status_code, body["code"], body["detail"]


def signed_in_as(client) -> int | None:
    session = client.session
    return int(session[SESSION_KEY]) if SESSION_KEY in session else None


class TestSignUp:
    def test_creates_the_account_signs_it_in_and_answers_its_record(self, csrf_client):
        response = csrf_client.post("/api/auth/signup", {"email": " New@Sneakers.test ", "password": "secret1"})

        assert response.status_code == 201
        record = response.json()
        assert set(record) == RECORD_FIELDS
        user = User.objects.get()
        assert (record["email"], record["idUser"], record["status"]) == ("new@sneakers.test", user.uid, "Enabled")
        assert (record["isAdmin"], record["emailVerified"], record["avatar"]) == (False, False, None)
        assert user.check_password("secret1")
        assert user.password.startswith("md5$")  # hashed, by the tests' fast hasher
        assert signed_in_as(csrf_client) == user.pk
        assert csrf_client.post("/api/users").status_code == 200

    @pytest.mark.parametrize(
        ("email", "password", "error"),
        [
            ("shopper@sneakers.test", "secret1", EmailInUse),
            ("SHOPPER@sneakers.test", "secret1", EmailInUse),
            ("new@sneakers.test", "12345", WeakPassword),
            ("new@sneakers.test", "", PasswordMissing),
            ("new@sneakers.test", ..., PasswordMissing),
            ("new.sneakers.test", "secret1", InvalidEmail),
            ("", "secret1", InvalidEmail),
            (["new@sneakers.test"], "secret1", InvalidEmail),
            ("new@sneakers.test", 123456, PasswordMissing),
        ],
    )
    def test_bad_input_is_refused_with_the_services_code_and_creates_nothing(
        self, csrf_client, shopper, email, password, error
    ):
        body = {"email": email} if password is ... else {"email": email, "password": password}
        response = csrf_client.post("/api/auth/signup", body, format="json")
        assert refusal(response) == (error.status_code, error.code, error.message)
        assert User.objects.count() == 1
        assert signed_in_as(csrf_client) is None

    def test_a_password_longer_than_128_characters_is_refused(self, csrf_client):
        response = csrf_client.post("/api/auth/signup", {"email": "new@sneakers.test", "password": "x" * 129})
        assert refusal(response) == (400, "auth/weak-password", "The Password should be at most 128 characters")
        assert not User.objects.exists()

    def test_the_spec_messages(self):
        assert [error.message for error in (EmailInUse, WeakPassword, PasswordMissing, InvalidEmail)] == [
            "Email already in use",
            "The Password should be at least 6 characters",
            "Fill the password",
            "Use a valid email",
        ]
        assert (EmailInUse.status_code, WeakPassword.status_code) == (409, 400)

    def test_a_listed_admin_address_grants_nothing_until_verified(self, csrf_client, settings):
        settings.SHOP_ADMIN_EMAILS = ["boss@sneakers.test"]
        record = csrf_client.post("/api/auth/signup", {"email": "boss@sneakers.test", "password": "secret1"}).json()
        assert record["isAdmin"] is False
        assert csrf_client.get("/api/users").status_code == 403
        assert csrf_client.post("/api/brands", {"name": "Puma"}).status_code == 403


class TestSignIn:
    def test_the_right_password_signs_in(self, csrf_client, shopper):
        response = csrf_client.post("/api/auth/signin", {"email": "Shopper@Sneakers.test", "password": PASSWORD})
        assert response.status_code == 200
        assert response.json()["idUser"] == shopper.uid
        assert signed_in_as(csrf_client) == shopper.pk

    @pytest.mark.parametrize(
        ("body", "code", "message"),
        [
            ({"email": "shopper@sneakers.test", "password": "wrong one"}, "auth/wrong-password", "Wrong Password"),
            ({"email": "nobody@sneakers.test", "password": PASSWORD}, "auth/user-not-found", "User not found"),
            ({"email": "shopper@sneakers.test", "password": ""}, "auth/internal-error", "Fill the password"),
            ({"email": "shopper", "password": PASSWORD}, "auth/invalid-email", "Use a valid email"),
            ({}, "auth/invalid-email", "Use a valid email"),
        ],
    )
    def test_refusals_carry_the_services_codes(self, csrf_client, shopper, body, code, message):
        response = csrf_client.post("/api/auth/signin", body, format="json")
        assert refusal(response) == (400, code, message)
        assert signed_in_as(csrf_client) is None

    @pytest.mark.parametrize("account", ["disabled_user", "eliminated_user"])
    def test_a_disabled_or_eliminated_account_is_not_signed_in(self, request, csrf_client, account):
        user = request.getfixturevalue(account)
        response = csrf_client.post("/api/auth/signin", {"email": user.email, "password": PASSWORD})
        assert response.status_code == 403
        assert response.json() == {"detail": ACCOUNT_DISABLED, "code": "account_disabled"}
        assert signed_in_as(csrf_client) is None

    def test_without_the_csrf_token_another_site_cannot_sign_a_visitor_in(self, api_client, shopper):
        from rest_framework.test import APIClient

        client = APIClient(enforce_csrf_checks=True)
        response = client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD})
        assert response.status_code == 403
        assert "CSRF" in response.json()["detail"]
        assert signed_in_as(client) is None

    def test_the_attempt_after_the_limit_gets_429_with_retry_after(self, csrf_client, shopper, settings):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "signin": "3/minute"},
        }
        for _ in range(3):
            assert (
                csrf_client.post("/api/auth/signin", {"email": shopper.email, "password": "wrong"}).status_code == 400
            )

        response = csrf_client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD})

        assert response.status_code == 429
        assert 0 < int(response["Retry-After"]) <= 60
        assert signed_in_as(csrf_client) is None

    def test_one_account_is_guarded_whatever_address_the_guesses_come_from(self, api_client, shopper, settings):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "signin_email": "2/hour"},
        }
        for n in range(2):
            api_client.post("/api/auth/signin", {"email": shopper.email, "password": "x"}, REMOTE_ADDR=f"10.0.0.{n}")
        answer = api_client.post(
            "/api/auth/signin", {"email": shopper.email, "password": PASSWORD}, REMOTE_ADDR="10.0.0.9"
        )
        assert answer.status_code == 429
        other = UserFactory(email="other@sneakers.test")
        assert api_client.post("/api/auth/signin", {"email": other.email, "password": PASSWORD}).status_code == 200


class TestSignOut:
    def test_ends_the_session(self, csrf_client, shopper):
        csrf_client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD})
        assert csrf_client.post("/api/auth/signout").status_code == 204
        assert signed_in_as(csrf_client) is None
        assert csrf_client.post("/api/users").status_code == 401

    def test_a_disabled_account_can_still_sign_out(self, csrf_client, shopper):
        csrf_client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD})
        User.objects.filter(pk=shopper.pk).update(status=User.Status.DISABLED)
        assert csrf_client.post("/api/users").status_code == 403
        assert csrf_client.post("/api/auth/signout").status_code == 204
        assert signed_in_as(csrf_client) is None


class TestPasswordChange:
    def test_needs_the_current_password_and_keeps_this_session(self, csrf_client, shopper):
        csrf_client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD})

        response = csrf_client.post("/api/auth/password", {"currentPassword": PASSWORD, "password": "new secret"})

        assert response.json() == {"message": "Password Updated"}
        shopper.refresh_from_db()
        assert shopper.check_password("new secret")
        assert csrf_client.post("/api/users").status_code == 200

    def test_ends_the_other_sessions(self, client_for, csrf_client, shopper):
        other_browser = client_for(shopper)
        csrf_client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD})
        csrf_client.post("/api/auth/password", {"currentPassword": PASSWORD, "password": "new secret"})
        assert other_browser.post("/api/users").status_code == 401

    @pytest.mark.parametrize(
        ("body", "code"),
        [
            ({"currentPassword": "wrong", "password": "new secret"}, "auth/wrong-password"),
            ({"currentPassword": PASSWORD, "password": "short"}, "auth/weak-password"),
            ({"currentPassword": PASSWORD, "password": ""}, "auth/internal-error"),
            ({"password": "new secret"}, "auth/wrong-password"),
        ],
    )
    def test_refused_changes_leave_the_password(self, csrf_client, shopper, body, code):
        csrf_client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD})
        response = csrf_client.post("/api/auth/password", body, format="json")
        assert (response.status_code, response.json()["code"]) == (400, code)
        shopper.refresh_from_db()
        assert shopper.check_password(PASSWORD)

    def test_needs_a_signed_in_user(self, csrf_client):
        assert csrf_client.post("/api/auth/password", {"currentPassword": "a", "password": "b"}).status_code == 401


class TestPasswordReset:
    def test_mails_a_link_that_sets_a_new_password_once(
        self, csrf_client, shopper, mailoutbox, settings, django_capture_on_commit_callbacks
    ):
        settings.SHOP_NAME = "Kicks"
        settings.SHOP_BASE_URL = "https://kicks.test"
        User.objects.filter(pk=shopper.pk).update(email_verified=False)

        with django_capture_on_commit_callbacks(execute=True):
            response = csrf_client.post("/api/auth/password-reset", {"email": "SHOPPER@sneakers.test"})

        assert response.json() == {"message": "Email send"}
        [mail] = mailoutbox
        assert mail.to == ["shopper@sneakers.test"]
        assert mail.subject == "Set a new password for Kicks"
        link = re.search(r"https://kicks.test/reset-password\?uid=(\w+)&token=([\w-]+)", mail.body)
        assert link, mail.body
        uid, token = link.groups()
        assert uid == shopper.uid
        # The HTML part carries the same link, as a button.
        [(html, _)] = mail.alternatives
        assert f'href="https://kicks.test/reset-password?uid={uid}&amp;token={token}"' in html

        confirm = {"uid": uid, "token": token, "password": "brand new"}
        assert csrf_client.post("/api/auth/password-reset/confirm", confirm).json() == {"message": "Password Updated"}
        shopper.refresh_from_db()
        assert shopper.check_password("brand new")
        # Following the mailed link proves the address is theirs.
        assert shopper.email_verified
        # The link works once.
        again = csrf_client.post("/api/auth/password-reset/confirm", {**confirm, "password": "another one"})
        assert refusal(again)[:2] == (400, "auth/invalid-action-code")

    def test_the_outbox_keeps_no_token(self, csrf_client, shopper, mailoutbox):
        # Before the commit: the row is there, the mail is not, and the row names the account only.
        response = csrf_client.post("/api/auth/password-reset", {"email": shopper.email})

        assert response.json() == {"message": "Email send"}
        assert mailoutbox == []
        [mail] = Mail.objects.all()
        assert (mail.kind, mail.to, mail.state) == ("password_reset", shopper.email, "pending")
        assert mail.context == {"user": shopper.pk}

    def test_the_link_is_on_shop_base_url_whatever_host_the_request_named(
        self, csrf_client, shopper, mailoutbox, settings, django_capture_on_commit_callbacks
    ):
        # A forged Host (one a proxy lets through, or an ALLOWED_HOSTS too wide) would mail the victim a link to the
        # attacker's site carrying a working token.
        settings.SHOP_BASE_URL = "https://kicks.test"
        settings.ALLOWED_HOSTS = ["kicks.test", "evil.example"]

        with django_capture_on_commit_callbacks(execute=True):
            response = csrf_client.post("/api/auth/password-reset", {"email": shopper.email}, HTTP_HOST="evil.example")

        assert response.status_code == 200, response.content
        [mail] = mailoutbox
        assert "evil.example" not in mail.body
        assert re.search(r"^https://kicks\.test/reset-password\?uid=\w+&token=[\w-]+$", mail.body, re.MULTILINE)
        [(html, _)] = mail.alternatives
        assert "evil.example" not in html

    def test_the_token_is_made_when_the_mail_goes_out(self, csrf_client, shopper, mailoutbox, monkeypatch):
        # A mail an outage held back five hours still carries a link good for an hour from when it goes out. The
        # token generator's clock (Django's own tests move it so) stands five hours on from the request.
        from django.contrib.auth.tokens import default_token_generator

        csrf_client.post("/api/auth/password-reset", {"email": shopper.email})
        later = datetime.now() + timedelta(hours=5)
        monkeypatch.setattr(default_token_generator, "_now", lambda: later)
        assert mail_send_pending().sent == 1
        uid, token = re.search(r"uid=(\w+)&token=([\w-]+)", mailoutbox[0].body).groups()

        monkeypatch.setattr(default_token_generator, "_now", lambda: later + timedelta(minutes=50))
        body = {"uid": uid, "token": token, "password": "brand new"}
        assert csrf_client.post("/api/auth/password-reset/confirm", body).json() == {"message": "Password Updated"}

    def test_an_unknown_address_is_user_not_found(self, csrf_client, mailoutbox, django_capture_on_commit_callbacks):
        with django_capture_on_commit_callbacks(execute=True):
            response = csrf_client.post("/api/auth/password-reset", {"email": "nobody@sneakers.test"})
        assert refusal(response) == (400, "auth/user-not-found", "User not found")
        assert mailoutbox == []
        assert not Mail.objects.exists()

    @pytest.mark.parametrize(
        "changes", [{"token": "1-abc"}, {"uid": "nobody"}, {"uid": ["x"]}, {"token": None}, {"password": "short"}]
    )
    def test_a_bad_link_or_password_changes_nothing(self, csrf_client, shopper, changes):
        from django.contrib.auth.tokens import default_token_generator

        body = {"uid": shopper.uid, "token": default_token_generator.make_token(shopper), "password": "brand new"}
        response = csrf_client.post("/api/auth/password-reset/confirm", {**body, **changes}, format="json")
        assert response.status_code == 400
        shopper.refresh_from_db()
        assert shopper.check_password(PASSWORD)

    def test_a_mail_server_that_refuses_does_not_keep_the_shopper_waiting(
        self, csrf_client, shopper, monkeypatch, mailoutbox, django_capture_on_commit_callbacks
    ):
        from smtplib import SMTPException

        from django.core.mail.backends.locmem import EmailBackend

        def refuse(self, messages):
            raise SMTPException("451 down")

        monkeypatch.setattr(EmailBackend, "send_messages", refuse)
        with django_capture_on_commit_callbacks(execute=True):
            response = csrf_client.post("/api/auth/password-reset", {"email": shopper.email})

        # The answer is the same; the mail waits in the outbox for the mail server.
        assert response.json() == {"message": "Email send"}
        assert Mail.objects.get().state == "pending"
        monkeypatch.undo()
        assert mail_send_pending().sent == 1
        assert "reset-password?uid=" in mailoutbox[0].body

    def test_one_inbox_gets_only_so_many_mails(
        self, api_client, shopper, settings, mailoutbox, django_capture_on_commit_callbacks
    ):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {
                **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                "password_reset_email": "2/hour",
            },
        }
        with django_capture_on_commit_callbacks(execute=True):
            answers = [
                api_client.post("/api/auth/password-reset", {"email": shopper.email}, REMOTE_ADDR=f"10.0.1.{n}")
                for n in range(3)
            ]
        assert [answer.status_code for answer in answers] == [200, 200, 429]
        assert len(mailoutbox) == 2
