"""The Django admin under the second factor (accounts/admin_site.py), and the operator's otp_reset."""

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.admin_site import CODE_NEEDED, ENROL_FIRST
from accounts.models import User
from activity.models import Entry

from .factories import PASSWORD, UserFactory
from .test_second_factor import code, enrolled, signed_in, verify

pytestmark = pytest.mark.django_db

LOGIN = "/django-admin/login/"
INDEX = "/django-admin/"


@pytest.fixture
def superuser() -> User:
    return User.objects.create_superuser("root@sneakers.test", PASSWORD)


def admin_sign_in(client: Client, email: str, otp_code: str = ""):
    client.get(LOGIN)
    form = {
        "username": email,
        "password": PASSWORD,
        "otp_code": otp_code,
        "next": INDEX,
        "csrfmiddlewaretoken": client.cookies["csrftoken"].value,
    }
    return client.post(LOGIN, form)


def errors_of(response) -> list[str]:
    return list(response.context["form"].non_field_errors())


class TestSignIn:
    def test_required_refuses_staff_without_an_app_and_says_where_to_enrol(self, required, superuser):
        client = Client()
        answer = admin_sign_in(client, superuser.email)
        assert errors_of(answer) == [ENROL_FIRST]
        assert client.get(INDEX).status_code == 302

    def test_with_an_app_the_code_is_needed_and_opens_the_admin(self, superuser):
        device, _ = enrolled(superuser)
        client = Client()

        assert errors_of(admin_sign_in(client, superuser.email)) == [CODE_NEEDED]
        assert admin_sign_in(client, superuser.email, code(device, 1)).status_code == 302

        assert client.get(INDEX).status_code == 200

    def test_a_wrong_code_keeps_the_admin_shut(self, superuser):
        enrolled(superuser)
        client = Client()
        answer = admin_sign_in(client, superuser.email, "999999x")
        assert errors_of(answer)[0].startswith("That code is not right")
        assert client.get(INDEX).status_code == 302

    def test_a_storefront_session_that_skipped_its_code_does_not_open_the_admin(self, superuser):
        enrolled(superuser)
        client = Client()
        client.post(
            "/api/auth/signin", {"email": superuser.email, "password": PASSWORD}, content_type="application/json"
        )

        assert client.get(INDEX).status_code == 302

    def test_optional_mode_staff_without_an_app_sign_in_as_before(self, superuser):
        client = Client()
        assert admin_sign_in(client, superuser.email).status_code == 302
        assert client.get(INDEX).status_code == 200


class TestStepUp:
    def test_a_change_after_15_minutes_asks_for_a_fresh_code_first(self, superuser, clock):
        device, _ = enrolled(superuser)
        client = Client()
        admin_sign_in(client, superuser.email, code(device, 1))
        someone = UserFactory(email="someone@sneakers.test")
        change = f"/django-admin/accounts/user/{someone.pk}/change/"
        data = {
            "email": someone.email, "status": "Enabled", "manager": "on", "email_verified": "on", "display_name": "",
            "csrfmiddlewaretoken": client.cookies["csrftoken"].value,
        }  # fmt: skip
        clock(timedelta(minutes=16))

        refused = client.post(change, data)

        assert refused.status_code == 302 and refused["Location"].startswith("/django-admin/second-factor/")
        someone.refresh_from_db()
        assert someone.manager is False
        step_up = client.post(
            refused["Location"],
            {"otp_code": code(device, 2), "next": change, "csrfmiddlewaretoken": client.cookies["csrftoken"].value},
        )
        assert step_up.status_code == 302 and step_up["Location"] == change
        assert client.post(change, data).status_code == 302
        someone.refresh_from_db()
        assert someone.manager is True

    def test_a_wrong_code_on_the_step_up_page_keeps_it_and_says_why(self, superuser, clock):
        device, _ = enrolled(superuser)
        client = Client()
        admin_sign_in(client, superuser.email, code(device, 1))
        clock(timedelta(minutes=16))
        page = "/django-admin/second-factor/?next=/django-admin/"

        answer = client.post(page, {"otp_code": "12345x", "csrfmiddlewaretoken": client.cookies["csrftoken"].value})

        assert answer.status_code == 200
        assert answer.context["form"].errors["__all__"][0].startswith("That code is not right")
        assert client.post("/django-admin/logout/").status_code == 200  # signing out needs no fresh code


class TestOtpReset:
    def test_removes_every_device_so_the_user_enrols_again(self, shop_admin, capsys):
        device, _ = enrolled(shop_admin)
        client = signed_in(shop_admin)
        verify(client, code(device, 1))

        call_command("otp_reset", shop_admin.email.upper())

        assert "second factor removed (2 devices)" in capsys.readouterr().out
        assert not TOTPDevice.objects.filter(user=shop_admin).exists()
        assert not StaticDevice.objects.filter(user=shop_admin).exists()
        assert client.get("/api/auth/otp").json()["enrolled"] is False
        [line] = Entry.objects.filter(kind="user.second_factor_off")
        assert (line.actor_name, line.via, line.record_id) == ("command otp_reset", "command", str(shop_admin.pk))

    def test_says_so_when_there_is_nothing_to_remove(self, shop_admin, capsys):
        call_command("otp_reset", shop_admin.email)
        assert "has no second factor" in capsys.readouterr().out

    def test_an_unknown_address_is_an_error(self, db):
        with pytest.raises(CommandError, match="No user has the address"):
            call_command("otp_reset", "nobody@sneakers.test")
