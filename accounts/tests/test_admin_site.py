"""The Django admin under the shop's rules: Enabled staff only, the sign-in's limits shared, owners kept."""

import pytest
from django.contrib import admin
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.admin_site import ShopAdminSite
from accounts.errors import ACCOUNT_DISABLED
from accounts.models import User
from catalog.models import Shoe
from catalog.tests.factories import ShoeFactory

from .factories import PASSWORD, UserFactory
from .test_sign_in_limits import LOCKED, confirm, reset_link, sign_in

pytestmark = pytest.mark.django_db

LOGIN = "/django-admin/login/"
SHOES = "/django-admin/catalog/shoe/"
DJANGOS_REFUSAL = (
    "Please enter the correct email and password for a staff account. Note that both fields may be case-sensitive."
)


@pytest.fixture
def superuser() -> User:
    return User.objects.create_superuser("root@sneakers.test", PASSWORD)


@pytest.fixture
def staff() -> User:
    """Staff who may do anything to users, short of being a superuser."""
    user = UserFactory(email="staff@sneakers.test", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(content_type__app_label="accounts", codename__endswith="user"))
    return user


def admin_sign_in(client: Client, email: str, password: str, address: str = "10.3.0.1"):
    """The login page's form filled in and sent, with its CSRF token, as a browser sends it."""
    client.get(LOGIN, REMOTE_ADDR=address)
    form = {
        "username": email,
        "password": password,
        "next": "/django-admin/",
        "csrfmiddlewaretoken": client.cookies["csrftoken"].value,
    }
    return client.post(LOGIN, form, REMOTE_ADDR=address)


def errors_of(response) -> list[str]:
    return list(response.context["form"].non_field_errors())


def signed_in(client: Client) -> bool:
    return SESSION_KEY in client.session


@pytest.fixture
def browser() -> Client:
    return Client(enforce_csrf_checks=True)


def test_every_apps_models_are_on_the_shops_site():
    assert isinstance(admin.site, ShopAdminSite)
    registered = {model._meta.label: model_admin for model, model_admin in admin.site._registry.items()}
    every_app = {"accounts.User", "catalog.Shoe", "orders.Order", "reviews.Review", "mailing.ContactMessage"}
    assert every_app <= set(registered)
    assert {model_admin.admin_site for model_admin in registered.values()} == {admin.site._wrapped}


class TestSignIn:
    @pytest.mark.parametrize(
        "page", [SHOES, "/django-admin/accounts/user/", "/django-admin/orders/order/", "/django-admin/reviews/review/"]
    )
    def test_enabled_staff_sign_in_and_use_the_lists(self, browser, superuser, page):
        response = admin_sign_in(browser, "Root@Sneakers.test", PASSWORD)
        assert (response.status_code, response["Location"]) == (302, "/django-admin/")
        assert browser.get(page).status_code == 200

    @pytest.mark.parametrize("status", [User.Status.DISABLED, User.Status.ELIMINATED])
    @pytest.mark.parametrize("account", ["superuser", "staff"])
    def test_a_disabled_or_eliminated_staff_account_is_refused(self, request, browser, account, status):
        user = request.getfixturevalue(account)
        User.objects.filter(pk=user.pk).update(status=status)

        response = admin_sign_in(browser, user.email, PASSWORD)

        assert response.status_code == 200
        assert errors_of(response) == [ACCOUNT_DISABLED]
        assert not signed_in(browser)
        assert browser.get(SHOES).status_code == 302

    @pytest.mark.parametrize(
        ("email", "password"),
        [("root@sneakers.test", "wrong"), ("nobody@sneakers.test", PASSWORD), ("shopper@sneakers.test", PASSWORD)],
    )
    def test_a_wrong_password_unknown_address_or_shopper_get_djangos_refusal(
        self, browser, superuser, shopper, email, password
    ):
        response = admin_sign_in(browser, email, password)
        assert errors_of(response) == [DJANGOS_REFUSAL]
        assert not signed_in(browser)


class TestOpenSession:
    @pytest.mark.parametrize("status", [User.Status.DISABLED, User.Status.ELIMINATED])
    def test_a_session_opened_before_the_account_was_disabled_is_signed_out(self, browser, superuser, status):
        admin_sign_in(browser, superuser.email, PASSWORD)
        assert browser.get(SHOES).status_code == 200
        User.objects.filter(pk=superuser.pk).update(status=status)

        response = browser.get(SHOES)

        assert (response.status_code, response["Location"]) == (302, f"{LOGIN}?next={SHOES}")
        login_page = browser.get(response["Location"])
        assert ACCOUNT_DISABLED in [str(message) for message in login_page.context["messages"]]
        assert not signed_in(browser)
        # Enabled again, they sign in again: the old session is over.
        User.objects.filter(pk=superuser.pk).update(status=User.Status.ENABLED)
        assert browser.get(SHOES).status_code == 302

    def test_nor_can_it_change_anything(self, client, superuser):
        shoe = ShoeFactory(name="Runner")
        client.force_login(superuser)
        User.objects.filter(pk=superuser.pk).update(status=User.Status.DISABLED)
        page = f"/django-admin/catalog/shoe/{shoe.pk}/"

        for response in [
            client.post(f"{page}change/", {"name": "Renamed", "brand": shoe.brand_id}),
            client.post(f"{page}delete/", {"post": "yes"}),
        ]:
            assert (response.status_code, response["Location"].split("?")[0]) == (302, LOGIN)

        assert Shoe.objects.get().name == "Runner"


class TestLimits:
    """The admin's login counts with the storefront's sign-in (accounts/tests/test_sign_in_limits.py)."""

    def test_each_client_has_one_count_for_both(self, browser, api_client, superuser, shopper, rates):
        rates(signin="3/minute")
        for _ in range(3):
            sign_in(api_client, shopper.email, "wrong", "10.4.0.1")

        refused = admin_sign_in(browser, superuser.email, PASSWORD, address="10.4.0.1")

        assert refused.status_code == 429
        assert 0 < int(refused["Retry-After"]) <= 60
        assert errors_of(refused)[0].startswith("Request was throttled.")
        assert not signed_in(browser)
        assert admin_sign_in(browser, superuser.email, PASSWORD, address="10.4.0.2").status_code == 302

    def test_the_admins_tries_count_for_the_api_too(self, browser, api_client, superuser, rates):
        rates(signin="3/minute")
        for _ in range(3):
            assert admin_sign_in(browser, superuser.email, "wrong", address="10.4.1.1").status_code == 200
        assert sign_in(api_client, superuser.email, PASSWORD, "10.4.1.1").status_code == 429

    def test_each_account_has_one_count_of_failures_for_both(self, browser, api_client, superuser, rates):
        rates(signin_email="3/hour")
        admin_sign_in(browser, superuser.email, "wrong", address="10.5.0.1")
        admin_sign_in(browser, superuser.email, "wrong", address="10.5.0.2")
        sign_in(api_client, superuser.email, "wrong", "10.5.0.3")

        refused = admin_sign_in(browser, superuser.email, PASSWORD, address="10.5.0.4")

        assert (refused.status_code, errors_of(refused)) == (429, [LOCKED["detail"]])
        assert 3500 < int(refused["Retry-After"]) <= 3600
        assert not signed_in(browser)
        assert sign_in(api_client, superuser.email, PASSWORD, "10.5.0.5").json() == LOCKED

    def test_a_success_at_the_admin_forgets_the_apis_failures(self, browser, api_client, superuser, rates):
        rates(signin_email="3/hour")
        for n in range(2):
            sign_in(api_client, superuser.email, "wrong", f"10.6.0.{n}")
        assert admin_sign_in(browser, superuser.email, PASSWORD, address="10.6.1.1").status_code == 302
        for n in range(2):
            sign_in(api_client, superuser.email, "wrong", f"10.6.2.{n}")
        assert sign_in(api_client, superuser.email, PASSWORD, "10.6.3.1").status_code == 200

    def test_a_password_reset_lifts_the_lock(
        self, browser, api_client, superuser, rates, mailoutbox, django_capture_on_commit_callbacks
    ):
        rates(signin_email="2/hour")
        for n in range(2):
            admin_sign_in(browser, superuser.email, "wrong", address=f"10.7.0.{n}")
        assert admin_sign_in(browser, superuser.email, PASSWORD, address="10.7.1.1").status_code == 429

        link = reset_link(api_client, superuser.email, mailoutbox)
        with django_capture_on_commit_callbacks(execute=True):
            confirm(api_client, link, "brand new")

        assert admin_sign_in(browser, superuser.email, "brand new", address="10.7.1.1").status_code == 302


def user_form(user: User, **changes) -> dict:
    """The user's change form as the admin page sends it (a checkbox left out is off)."""
    values = {
        "email": user.email, "status": user.status, "display_name": user.display_name, "manager": user.manager,
        "email_verified": user.email_verified, "is_staff": user.is_staff, "is_superuser": user.is_superuser,
        **changes,
    }  # fmt: skip
    return {name: "on" if value is True else value for name, value in values.items() if value is not False}


class TestOwners:
    """Only an operator changes the shop's owners: a superuser here, or manage.py set_user_status."""

    def test_other_staff_may_look_but_not_change_or_delete_an_owner(self, client, staff, shop_admin):
        client.force_login(staff)
        page = f"/django-admin/accounts/user/{shop_admin.pk}/"
        before = User.objects.values().get(pk=shop_admin.pk)

        assert client.get(f"{page}change/").context["has_change_permission"] is False
        assert client.post(f"{page}change/", user_form(shop_admin, status="Disabled")).status_code == 403
        assert client.post(f"{page}delete/", {"post": "yes"}).status_code == 403
        assert client.post(f"{page}password/", {"password1": "x9!Lk2pq", "password2": "x9!Lk2pq"}).status_code == 403
        bulk = {"action": "delete_selected", "_selected_action": [shop_admin.pk], "post": "yes"}
        assert client.post("/django-admin/accounts/user/", bulk).status_code == 403

        assert User.objects.values().get(pk=shop_admin.pk) == before

    def test_other_staff_still_change_other_users(self, client, staff, shopper):
        client.force_login(staff)
        page = f"/django-admin/accounts/user/{shopper.pk}/change/"
        response = client.post(page, user_form(shopper, status="Disabled"))
        assert response.status_code == 302
        shopper.refresh_from_db()
        assert shopper.status == "Disabled"

    def test_other_staff_cannot_make_themselves_superusers(self, client, staff):
        client.force_login(staff)
        response = client.post(f"/django-admin/accounts/user/{staff.pk}/change/", user_form(staff, is_superuser=True))
        assert response.status_code == 302
        staff.refresh_from_db()
        assert not staff.is_superuser

    def test_a_superuser_may_change_an_owner(self, client, superuser, shop_admin):
        client.force_login(superuser)
        response = client.post(
            f"/django-admin/accounts/user/{shop_admin.pk}/change/", user_form(shop_admin, status="Disabled")
        )
        assert response.status_code == 302
        shop_admin.refresh_from_db()
        assert shop_admin.status == "Disabled"
