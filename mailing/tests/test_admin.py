"""The Django admin for staff: signups and contact messages listed, searchable, read-only, sent again."""

import pytest
from django.urls import reverse

from accounts.models import User
from mailing.models import ContactMessage, NewsletterSignup

from .factories import ContactMessageFactory, NewsletterSignupFactory

pytestmark = pytest.mark.django_db

MAILED = "2026-01-01T00:00Z"


@pytest.fixture
def staff_client(client):
    client.force_login(User.objects.create_superuser("staff@sneakers.test", "secret-pw"))
    return client


@pytest.fixture
def rows(db):
    NewsletterSignupFactory(email="waiting@example.com")
    NewsletterSignupFactory(email="mailed@example.com", mailed_at=MAILED)
    ContactMessageFactory(name="Waiting Writer")
    ContactMessageFactory(name="Mailed Writer", mailed_at=MAILED)


EVERY_FILTER = [{}, {"q": "waiting"}, {"mailed": "no"}, {"created_at__gte": "2020-01-01 00:00:00+00:00"}]


@pytest.mark.parametrize("model", ["newslettersignup", "contactmessage"])
@pytest.mark.parametrize("query", EVERY_FILTER)
def test_the_lists_load_for_a_superuser(staff_client, rows, model, query):
    assert staff_client.get(reverse(f"admin:mailing_{model}_changelist"), query).status_code == 200


@pytest.mark.parametrize(
    ("model", "query", "expected"),
    [
        ("newslettersignup", {"mailed": "no"}, ["waiting@example.com"]),
        ("newslettersignup", {"mailed": "yes"}, ["mailed@example.com"]),
        ("newslettersignup", {"q": "MAILED@"}, ["mailed@example.com"]),
        ("contactmessage", {"mailed": "no"}, ["Waiting Writer"]),
        ("contactmessage", {"mailed": "yes"}, ["Mailed Writer"]),
        ("contactmessage", {"q": "waiting"}, ["Waiting Writer"]),
    ],
)
def test_filters_and_search_find_the_right_rows(staff_client, rows, model, query, expected):
    found = staff_client.get(reverse(f"admin:mailing_{model}_changelist"), query).context["cl"].result_list
    assert [row.email if model == "newslettersignup" else row.name for row in found] == expected


@pytest.mark.parametrize(
    ("factory", "model"),
    [(NewsletterSignupFactory, "newslettersignup"), (ContactMessageFactory, "contactmessage")],
)
def test_what_visitors_sent_is_shown_not_edited(staff_client, factory, model):
    row = factory()
    url = reverse(f"admin:mailing_{model}_change", args=[row.pk])

    page = staff_client.get(url)
    assert page.status_code == 200
    assert row.email in page.content.decode()
    assert staff_client.post(url, {"email": "changed@example.com"}).status_code == 403
    assert staff_client.get(reverse(f"admin:mailing_{model}_add")).status_code == 403
    row.refresh_from_db()
    assert row.email != "changed@example.com"


def test_staff_may_delete_a_signup(staff_client):
    signup = NewsletterSignupFactory()
    staff_client.post(reverse("admin:mailing_newslettersignup_delete", args=[signup.pk]), {"post": "yes"})
    assert not NewsletterSignup.objects.exists()


def _send_again(staff_client, model, rows) -> str:
    response = staff_client.post(
        reverse(f"admin:mailing_{model}_changelist"),
        {"action": "send_again", "_selected_action": [row.pk for row in rows]},
        follow=True,
    )
    assert response.status_code == 200
    return " ".join(str(message) for message in response.context["messages"])


def test_send_again_mails_only_the_waiting_signups(staff_client, mailoutbox):
    waiting = NewsletterSignupFactory(email="waiting@example.com")
    mailed = NewsletterSignupFactory(email="mailed@example.com", mailed_at=MAILED)

    text = _send_again(staff_client, "newslettersignup", [waiting, mailed])

    assert text == "1 sent, 0 failed (they stay waiting; see the log). 1 had been mailed already and were left alone."
    assert [mail.to for mail in mailoutbox] == [["waiting@example.com"]]
    waiting.refresh_from_db()
    assert waiting.mailed_at is not None


def test_send_again_forwards_waiting_contact_messages(staff_client, shop_mail, mailoutbox):
    message = ContactMessageFactory(email="jane@example.com")

    assert _send_again(staff_client, "contactmessage", [message]).startswith("1 sent, 0 failed")

    [mail] = mailoutbox
    assert (mail.to, mail.reply_to) == (["inbox@kicks.test"], ["jane@example.com"])
    assert ContactMessage.objects.get().mailed_at is not None


def test_send_again_says_when_the_mail_server_still_refuses(staff_client, mail_server_down):
    message = ContactMessageFactory()
    assert _send_again(staff_client, "contactmessage", [message]).startswith("0 sent, 1 failed")
    assert ContactMessage.objects.get().mailed_at is None
