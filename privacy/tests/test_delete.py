"""'Delete my account' (docs/DESIGN.md §12): the person goes, the shop's books stay; refused while money or a return of
theirs is moving, and never without the password (or its equivalent) and the second factor."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django_otp.oath import totp
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.models import User
from accounts.tests.factories import PASSWORD
from activity.models import Entry
from catalog.models import StockAlert
from favorites.models import Favorite
from mailing.models import Mail, NewsletterSignup
from orders.models import Order, OrderLine, ReturnRequest, SavedAddress
from orders.selectors import order_stats
from orders.tests.factories import OrderFactory
from releases.models import DrawEntry, ReleaseReminder
from reviews.models import Review

from .conftest import EMAIL

pytestmark = pytest.mark.django_db

ORDER_BOOKS = ("amount", "subtotal", "discount", "shipping_cost", "tax", "currency", "status", "paid_at", "created_at")


def books(user) -> list[tuple]:
    """What the shop's books hold of the user's orders: amounts, tax, dates, lines."""
    orders = Order.objects.filter(user=user).order_by("id")
    lines = OrderLine.objects.filter(order__user=user).order_by("id")
    return [
        *orders.values_list(*ORDER_BOOKS, "ship_state", "ship_country", "payment_intent_id"),
        *lines.values_list("name", "size", "quantity", "unit_price", "tax", "discount"),
    ]


def delete(client, **body):
    return client.post("/api/account/delete", body, format="json")


def test_deleting_keeps_the_books_and_removes_the_person(shopper_client, person, neighbour, client_for):
    books_before, stats_before = books(person.user), order_stats()
    neighbours_rows = books(neighbour)

    response = delete(shopper_client, password=PASSWORD)

    assert response.status_code == 204
    user = User.objects.get(pk=person.user.pk)
    # The account: nothing of theirs, Eliminated, no way in.
    assert user.email == f"deleted-{user.pk}@deleted.invalid"
    assert (user.display_name, user.avatar.name, user.google_sub, user.email_verified) == ("", "", None, False)
    assert user.uid != person.user.uid
    assert user.status == User.Status.ELIMINATED
    assert not user.has_usable_password()
    # The books: every order, line, amount, tax and date as it was; the totals of the dashboard unchanged.
    assert books(user) == books_before
    assert order_stats() == stats_before
    for order in Order.objects.filter(user=user):
        assert order.email == user.email
        assert (order.ship_name, order.ship_city, order.ship_line1, order.ship_postal_code) == ("", "", "", "")
    # Reviews stay, as ANONYMOUS USER's (the only name anyone else ever saw); the shoe's rating with them.
    assert Review.objects.filter(user=user).count() == 1
    others_view = client_for(neighbour).get(f"/api/reviews/{person.shoe.pk}").json()
    assert sorted(review["own"] for review in others_view) == [False, True]
    assert EMAIL not in str(others_view)
    # Gone: the address book, favorites, alerts, the newsletter, reminders, mails; the draw entry kept without address
    # or name.
    assert not SavedAddress.objects.filter(user=user).exists()
    assert not Favorite.objects.filter(user=user).exists()
    assert not StockAlert.objects.filter(email=EMAIL).exists()
    assert not NewsletterSignup.objects.filter(email=EMAIL).exists()
    assert not ReleaseReminder.objects.filter(email=EMAIL).exists()
    assert not Mail.objects.filter(to=EMAIL).exists()
    entry = DrawEntry.objects.get(user=user)
    assert (entry.email, entry.ship_name, entry.ship_line1, entry.amount) == (user.email, "", "", 9_999)
    # The neighbour's rows did not move.
    assert books(neighbour) == neighbours_rows
    assert SavedAddress.objects.filter(user=neighbour).exists()
    assert Favorite.objects.filter(user=neighbour).exists()
    assert StockAlert.objects.filter(email=neighbour.email).exists()
    assert NewsletterSignup.objects.filter(email=neighbour.email).exists()
    assert Mail.objects.filter(to=neighbour.email).exists()
    # The log says it happened, under the account's new address only.
    line = Entry.objects.get(kind="user.delete")
    assert (line.record_id, line.record_label, line.actor_email) == (str(user.pk), user.email, user.email)
    assert EMAIL not in str((line.before, line.after))


def test_after_deleting_the_session_is_over_and_signing_in_fails(shopper_client, person, api_client):
    assert delete(shopper_client, password=PASSWORD).status_code == 204

    assert shopper_client.get("/api/account/data").status_code in (401, 403)
    signin = api_client.post("/api/auth/signin", {"email": EMAIL, "password": PASSWORD}, format="json")
    assert (signin.status_code, signin.json()["code"]) == (400, "auth/user-not-found")
    # The address is free: its owner may sign up again, as someone new.
    signup = api_client.post("/api/auth/signup", {"email": EMAIL, "password": "a new one 123"}, format="json")
    assert signup.status_code == 201
    assert not Order.objects.filter(user__email=EMAIL).exists()


@pytest.mark.parametrize("password", ["wrong password", "", None])
def test_a_wrong_or_missing_password_changes_nothing(shopper_client, person, password):
    body = {} if password is None else {"password": password}

    response = delete(shopper_client, **body)

    assert (response.status_code, response.json()) == (400, {"password": ["Wrong Password"]})
    user = User.objects.get(pk=person.user.pk)
    assert (user.email, user.status) == (EMAIL, User.Status.ENABLED)
    assert Favorite.objects.filter(user=user).exists()
    assert Order.objects.filter(user=user, ship_name="Ada Runner").count() == 2
    assert Entry.objects.filter(kind="security.account_delete_refused").count() == 1


def _return_open(person):
    ReturnRequest.objects.create(order=person.orders[0], reason="too_small", kind="refund")


def _checkout_held(person):
    OrderFactory(user=person.user, payment=Order.Payment.RESERVED, charged=False)


def _three_d_secure(person):
    OrderFactory(user=person.user, payment=Order.Payment.REQUIRES_ACTION, charged=False)


def _being_charged(person):
    Order.objects.filter(pk=person.orders[1].pk).update(charging_until=timezone.now() + timedelta(minutes=1))


def _dispute_open(person):
    Order.objects.filter(pk=person.orders[1].pk).update(dispute="needs_response")


def _draw_entered(person):
    DrawEntry.objects.filter(user=person.user).update(status=DrawEntry.Status.ENTERED)


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (_return_open, "return_in_progress"),
        (_checkout_held, "payment_in_progress"),
        (_three_d_secure, "payment_in_progress"),
        (_being_charged, "payment_in_progress"),
        (_dispute_open, "payment_in_progress"),
        (_draw_entered, "draw_entry_undecided"),
    ],
)
def test_refused_while_a_return_or_a_payment_is_in_progress(shopper_client, person, make, code):
    make(person)

    response = delete(shopper_client, password=PASSWORD)

    assert (response.status_code, response.json()["code"]) == (409, code)
    user = User.objects.get(pk=person.user.pk)
    assert (user.email, user.status, user.has_usable_password()) == (EMAIL, User.Status.ENABLED, True)
    assert Favorite.objects.filter(user=user).exists()
    assert not Entry.objects.filter(kind="user.delete").exists()


def test_a_settled_dispute_or_a_decided_return_does_not_stand_in_the_way(shopper_client, person):
    Order.objects.filter(pk=person.orders[1].pk).update(dispute="won")
    ReturnRequest.objects.create(
        order=person.orders[0], reason="too_small", kind="refund", status=ReturnRequest.Status.REFUNDED
    )

    assert delete(shopper_client, password=PASSWORD).status_code == 204


def test_the_shop_s_owners_ask_the_operator(admin_client, shop_admin):
    response = delete(admin_client, password=PASSWORD)

    assert (response.status_code, response.json()["code"]) == (403, "operator_only")
    assert User.objects.get(pk=shop_admin.pk).status == User.Status.ENABLED


def test_an_account_with_an_app_also_gives_a_code(shopper_client, person):
    device = TOTPDevice.objects.create(user=person.user, name="Authenticator app", confirmed=True)
    StaticDevice.objects.create(user=person.user, name="Recovery codes", confirmed=True)

    refused = delete(shopper_client, password=PASSWORD, code="000000")
    assert refused.status_code == 400 and "code" in refused.json()
    assert User.objects.get(pk=person.user.pk).status == User.Status.ENABLED
    # django-otp makes a wrong code wait before the next try: the wait is over.
    TOTPDevice.objects.filter(pk=device.pk).update(throttling_failure_count=0, throttling_failure_timestamp=None)

    assert delete(shopper_client, password=PASSWORD, code=f"{totp(device.bin_key):06d}").status_code == 204
    assert not TOTPDevice.objects.filter(user=person.user).exists()
    assert not StaticDevice.objects.filter(user=person.user).exists()


def test_a_visitor_gets_401(anonymous_client):
    assert delete(anonymous_client, password=PASSWORD).status_code == 401
