"""The second factor (accounts/second_factor.py): enrolment, the sign-in's second step, wrong and replayed codes,
recovery codes, the required and optional modes, the 15-minute step-up and the admin's idle timeout.

Codes come from django-otp's own TOTP with the device's key, as an authenticator app computes them; time moves by
patching django.utils.timezone.now, never by sleeping.
"""

import logging
import time
from datetime import timedelta

import pytest
from django_otp.oath import TOTP
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.test import APIClient

from accounts import second_factor
from activity.models import Entry
from orders.tests.factories import OrderFactory

from .factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NOW_PLUS = timedelta  # read as: NOW_PLUS(minutes=16)


def code(device: TOTPDevice, steps_ahead: int = 0) -> str:
    """What the app shows now (or `steps_ahead` 30-second steps later: a code not used yet when this one was).

    Never past the device's window: a code typed as its 30 seconds end and checked in the next ones is taken a step
    behind, and django-otp keeps that step as the app's clock drift (OTP_TOTP_SYNC), looking for later codes around it;
    the step after the one used then stands where `steps_ahead` would have gone past it."""
    device.refresh_from_db()
    app = TOTP(device.bin_key, step=device.step, t0=device.t0, digits=device.digits)
    app.time = time.time()
    now = app.t()
    step = min(now + steps_ahead, now + device.drift + device.tolerance)
    assert step > device.last_t, "no code left in the device's window: the test asks for more codes than it can take"
    app.drift = step - now
    return f"{app.token():06d}"


def enrolled(user) -> tuple[TOTPDevice, list[str]]:
    """An app and ten recovery codes, set up as /account sets them up (through the API)."""
    client = APIClient()
    client.force_login(user)
    assert client.post("/api/auth/otp/enrol").status_code == 200
    device = TOTPDevice.objects.get(user=user)
    answer = client.post("/api/auth/otp/enrol/confirm", {"code": code(device)}, format="json")
    assert answer.status_code == 200, answer.content
    return device, answer.json()["recoveryCodes"]


def signed_in(user) -> APIClient:
    """A session opened with the password, as the sign-in screen opens it."""
    client = APIClient()
    answer = client.post("/api/auth/signin", {"email": user.email, "password": PASSWORD}, format="json")
    assert answer.status_code == 200, answer.content
    return client


def verify(client: APIClient, value: str):
    return client.post("/api/auth/otp/verify", {"code": value}, format="json")


class TestEnrolment:
    def test_shows_a_qr_code_and_the_secret_then_ten_recovery_codes_once(self, client_for, shop_admin):
        client = client_for(shop_admin)
        started = client.post("/api/auth/otp/enrol").json()
        device = TOTPDevice.objects.get(user=shop_admin)
        assert not device.confirmed
        assert started["qrSvg"].startswith("<svg") and started["otpauthUrl"].startswith("otpauth://totp/")
        # The secret as text is the key an app types in: the same codes come from it.
        assert started["secret"] in started["otpauthUrl"]

        confirmed = client.post("/api/auth/otp/enrol/confirm", {"code": code(device)}, format="json")

        recovery = confirmed.json()["recoveryCodes"]
        # Kept by no cache, as every answer to a signed-in caller (shopsite/http_cache.py).
        assert confirmed["Cache-Control"] == "private, no-store"
        assert len(recovery) == len(set(recovery)) == 10
        assert client.get("/api/auth/otp").json() == {
            "enrolled": True, "verified": True, "required": False, "recoveryCodesLeft": 10,
        }  # fmt: skip
        # Enrolling again is refused while an app is set up.
        assert client.post("/api/auth/otp/enrol").json()["code"] == "otp_already_enrolled"

    def test_a_wrong_first_code_confirms_nothing(self, client_for, shop_admin):
        client = client_for(shop_admin)
        client.post("/api/auth/otp/enrol")

        answer = client.post("/api/auth/otp/enrol/confirm", {"code": "000000"}, format="json")

        assert answer.status_code == 400 and "code" in answer.json()
        assert not TOTPDevice.objects.filter(user=shop_admin, confirmed=True).exists()
        assert not StaticDevice.objects.filter(user=shop_admin).exists()

    def test_turning_it_off_needs_a_current_code_and_the_password(self, client_for, shop_admin):
        device, _ = enrolled(shop_admin)
        client = client_for(shop_admin)

        wrong_password = client.post(
            "/api/auth/otp/disable", {"code": code(device, 1), "password": "nope"}, format="json"
        )
        assert wrong_password.status_code == 400 and TOTPDevice.objects.filter(user=shop_admin).exists()

        answer = client.post("/api/auth/otp/disable", {"code": code(device, 1), "password": PASSWORD}, format="json")

        assert answer.json()["enrolled"] is False
        assert not TOTPDevice.objects.filter(user=shop_admin).exists()
        assert not StaticToken.objects.filter(device__user=shop_admin).exists()


class TestSignIn:
    def test_an_account_with_an_app_gets_a_session_without_admin_rights_until_its_code(self, shop_admin):
        device, _ = enrolled(shop_admin)
        client = APIClient()

        answer = client.post("/api/auth/signin", {"email": shop_admin.email, "password": PASSWORD}, format="json")

        assert answer.json()["otpRequired"] is True
        assert client.get("/api/cart").json()["code"] == "otp_verification_required"
        assert verify(client, code(device, 1)).json()["verified"] is True
        assert client.get("/api/cart").status_code == 200

    def test_an_account_without_an_app_signs_in_in_one_step(self, shop_admin):
        client = APIClient()
        answer = client.post("/api/auth/signin", {"email": shop_admin.email, "password": PASSWORD}, format="json")
        assert answer.json()["otpRequired"] is False
        assert client.get("/api/cart").status_code == 200

    def test_a_wrong_code_is_refused_logged_and_slows_the_next_try(self, shop_admin, caplog):
        device, _ = enrolled(shop_admin)
        client = signed_in(shop_admin)

        with caplog.at_level(logging.WARNING, logger="accounts.second_factor"):
            wrong = verify(client, "123456" if code(device, 1) != "123456" else "654321")
            right_too_soon = verify(client, code(device, 1))

        assert wrong.status_code == 400 and wrong.json()["code"][0].startswith("That code is not right")
        failures = [record for record in caplog.records if record.name == "accounts.second_factor"]
        assert [(record.event, record.user_id, record.reason) for record in failures] == [
            ("second_factor_failed", shop_admin.pk, "wrong code"),
            ("second_factor_failed", shop_admin.pk, "throttled"),
        ]
        # And both are security events in the activity log, named for the account.
        events = Entry.objects.filter(kind="security.second_factor_failed").order_by("id")
        assert [(entry.actor_id, entry.record_id, entry.after["detail"]) for entry in events] == [
            (shop_admin.pk, str(shop_admin.pk), "wrong code"),
            (shop_admin.pk, str(shop_admin.pk), "throttled"),
        ]
        # django-otp waits a second after one wrong code, doubling after each: even the right code waits.
        assert right_too_soon.status_code == 429 and right_too_soon.json()["code"] == "otp_throttled"
        assert int(right_too_soon["Retry-After"]) >= 1
        assert client.get("/api/cart").json()["code"] == "otp_verification_required"

    def test_a_code_used_once_is_refused_the_second_time(self, shop_admin):
        device, _ = enrolled(shop_admin)
        value = code(device, 1)
        assert verify(signed_in(shop_admin), value).status_code == 200

        # Another sign-in replaying the same 30-second code (as someone who watched it typed would).
        replay = signed_in(shop_admin)
        answer = verify(replay, value)

        assert answer.status_code == 400
        assert replay.get("/api/cart").json()["code"] == "otp_verification_required"

    def test_a_recovery_code_works_once(self, shop_admin):
        _, recovery = enrolled(shop_admin)
        client = signed_in(shop_admin)

        assert verify(client, recovery[0].upper()).status_code == 200  # as typed, whatever the case
        assert client.get("/api/cart").status_code == 200
        assert client.get("/api/auth/otp").json()["recoveryCodesLeft"] == 9

        again = signed_in(shop_admin)
        assert verify(again, recovery[0]).status_code == 400
        assert again.get("/api/cart").json()["code"] == "otp_verification_required"


class TestModes:
    def test_required_sends_an_admin_without_an_app_to_enrol(self, required, admin_client, shop_admin):
        assert admin_client.get("/api/cart").json()["code"] == "otp_enrolment_required"
        assert admin_client.post("/api/brands", {"name": "Reebok"}, format="json").status_code == 403
        assert admin_client.get("/api/auth/otp").json()["required"] is True

        enrolled(shop_admin)  # in another session: this one still has to enter a code
        assert admin_client.get("/api/cart").json()["code"] == "otp_verification_required"

    def test_required_keeps_an_unverified_admin_out_of_others_orders(self, required, admin_client, shopper):
        order = OrderFactory(user=shopper)
        answer = admin_client.get(f"/api/cart/order/{order.payment_intent_id}")
        assert answer.status_code == 403 and answer.json()["code"] == "otp_enrolment_required"

    def test_required_leaves_shoppers_alone(self, required, shopper_client, shopper):
        assert shopper_client.get(f"/api/cart/{shopper.uid}").status_code == 200
        order = OrderFactory(user=shopper)
        assert shopper_client.get(f"/api/cart/order/{order.payment_intent_id}").status_code == 200
        assert shopper_client.get("/api/auth/otp").json()["required"] is False

    def test_optional_lets_an_admin_without_an_app_in(self, admin_client):
        assert admin_client.get("/api/cart").status_code == 200
        assert admin_client.get("/api/auth/otp").json() == {
            "enrolled": False, "verified": False, "required": False, "recoveryCodesLeft": 0,
        }  # fmt: skip


class TestStepUp:
    def test_a_rights_change_needs_a_code_from_the_last_15_minutes(self, shop_admin, clock):
        device, _ = enrolled(shop_admin)
        client = signed_in(shop_admin)
        verify(client, code(device, 1))
        someone = UserFactory(email="someone@sneakers.test")

        clock(NOW_PLUS(minutes=14))
        assert client.put(f"/api/users/{someone.pk}", {"manager": True}, format="json").status_code == 200

        clock(NOW_PLUS(minutes=2))
        stale = client.put(f"/api/users/{someone.pk}", {"manager": False}, format="json")
        assert stale.status_code == 403 and stale.json()["code"] == "otp_step_up_required"
        # Reading stays open to the verified session; only the change waits for a fresh code.
        assert client.get("/api/users").status_code == 200
        someone.refresh_from_db()
        assert someone.manager is True

        assert verify(client, code(device, 2)).status_code == 200
        assert client.put(f"/api/users/{someone.pk}", {"manager": False}, format="json").status_code == 200

    @pytest.mark.parametrize("action", ["refund", "cancel"])
    def test_refunds_and_cancels_need_it_too(self, shop_admin, clock, action):
        device, _ = enrolled(shop_admin)
        client = signed_in(shop_admin)
        verify(client, code(device, 1))
        clock(NOW_PLUS(minutes=16))

        answer = client.post(f"/api/cart/order/pi_unknown/{action}", {}, format="json")

        assert answer.status_code == 403 and answer.json()["code"] == "otp_step_up_required"
        verify(client, code(device, 2))
        # Past the step-up: the order itself is looked up (and this one does not exist).
        assert client.post(f"/api/cart/order/pi_unknown/{action}", {}, format="json").status_code == 404

    def test_an_admin_without_an_app_in_optional_mode_is_not_asked(self, admin_client, clock):
        clock(NOW_PLUS(minutes=16))
        assert admin_client.post("/api/cart/order/pi_unknown/refund", {}, format="json").status_code == 404


class TestIdleTimeout:
    def test_an_admin_session_ends_after_30_idle_minutes(self, shop_admin, clock):
        client = signed_in(shop_admin)

        clock(NOW_PLUS(minutes=20))
        assert client.get("/api/cart").status_code == 200
        clock(NOW_PLUS(minutes=20))  # 40 minutes since the sign-in, 20 since the last call: the timeout slides
        assert client.get("/api/cart").status_code == 200
        clock(NOW_PLUS(minutes=31))

        assert client.get("/api/cart").status_code == 401
        assert client.get("/api/users").status_code == 401

    def test_a_shopper_session_is_kept(self, shopper, clock):
        client = signed_in(shopper)
        clock(NOW_PLUS(hours=5))
        assert client.get(f"/api/cart/{shopper.uid}").status_code == 200


def test_the_verification_belongs_to_the_session_s_user_and_app(shop_admin):
    device, _ = enrolled(shop_admin)
    client = signed_in(shop_admin)
    verify(client, code(device, 1))

    second_factor.devices_remove(shop_admin, actor=shop_admin)
    TOTPDevice.objects.create(user=shop_admin, confirmed=True, name="Another app")

    # The session's verification was for the app that is gone.
    assert client.get("/api/cart").json()["code"] == "otp_verification_required"
