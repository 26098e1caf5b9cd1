"""The Django admin for staff: the outbox with its states, tries and errors, sent again on demand; signups and
contact messages listed, searchable, read-only."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from mailing.models import Mail, NewsletterSignup
from mailing.selectors import CLAIM_LEASE

from .factories import ContactMessageFactory, MailFactory, NewsletterSignupFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(User.objects.create_superuser("staff@sneakers.test", "secret-pw"))
    return client


@pytest.fixture
def rows(db):
    """A mail of each state: waiting for long, waiting a moment, being sent, sent, dropped."""
    long_ago = timezone.now() - timedelta(hours=3)
    stuck = MailFactory(to="stuck@example.com", attempts=6, last_error="SMTPDataError: (451, b'try again')")
    Mail.objects.filter(pk=stuck.pk).update(created_at=long_ago)
    MailFactory(to="fresh@example.com")
    MailFactory(to="busy@example.com", state=Mail.State.SENDING, claimed_at=timezone.now())
    MailFactory(to="done@example.com", state=Mail.State.SENT, sent_at=timezone.now(), attempts=1)
    MailFactory(to="gone@example.com", state=Mail.State.DROPPED, last_error="the signup was deleted")
    NewsletterSignupFactory(email="left@example.com", unsubscribed_at=timezone.now())
    ContactMessageFactory(name="Waiting Writer")


def listed(staff_client, model: str, query: dict) -> list:
    return list(staff_client.get(reverse(f"admin:mailing_{model}_changelist"), query).context["cl"].result_list)


EVERY_FILTER = [
    {},
    {"q": "stuck"},
    {"waiting": "yes"},
    {"waiting": "long"},
    {"state__exact": "sent"},
    {"kind": "newsletter_welcome"},
    {"created_at__gte": "2020-01-01 00:00:00+00:00"},
]


@pytest.mark.parametrize("query", EVERY_FILTER)
def test_the_outbox_list_loads_for_a_superuser(staff_client, rows, query):
    page = staff_client.get(reverse("admin:mailing_mail_changelist"), query)
    assert page.status_code == 200


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"waiting": "yes"}, {"stuck@example.com", "fresh@example.com", "busy@example.com"}),
        # What to look at after an outage: still not sent an hour on.
        ({"waiting": "long"}, {"stuck@example.com"}),
        ({"state__exact": "dropped"}, {"gone@example.com"}),
        ({"q": "DONE@"}, {"done@example.com"}),
    ],
)
def test_filters_find_the_mails_to_look_at(staff_client, rows, query, expected):
    assert {mail.to for mail in listed(staff_client, "mail", query)} == expected


def test_the_list_shows_state_tries_and_the_last_error(staff_client, rows):
    page = staff_client.get(reverse("admin:mailing_mail_changelist"), {"q": "stuck"}).content.decode()
    assert "stuck@example.com" in page
    assert "SMTPDataError: (451, b&#x27;try again&#x27;)" in page
    assert '<td class="field-attempts">6</td>' in page


def test_a_mail_is_shown_not_edited(staff_client, rows):
    mail = Mail.objects.get(to="stuck@example.com")
    url = reverse("admin:mailing_mail_change", args=[mail.pk])

    assert staff_client.get(url).status_code == 200
    assert staff_client.post(url, {"to": "someone@else.test"}).status_code == 403
    assert staff_client.get(reverse("admin:mailing_mail_add")).status_code == 403
    mail.refresh_from_db()
    assert mail.to == "stuck@example.com"


def send_again(staff_client, mails) -> str:
    response = staff_client.post(
        reverse("admin:mailing_mail_changelist"),
        {"action": "send_again", "_selected_action": [mail.pk for mail in mails]},
        follow=True,
    )
    assert response.status_code == 200
    return " ".join(str(message) for message in response.context["messages"])


def test_send_again_hands_the_waiting_mails_to_the_workers(
    staff_client, rows, mailoutbox, django_capture_on_commit_callbacks
):
    abandoned = MailFactory(to="abandoned@example.com", state=Mail.State.SENDING)
    Mail.objects.filter(pk=abandoned.pk).update(claimed_at=timezone.now() - CLAIM_LEASE - timedelta(minutes=1))

    with django_capture_on_commit_callbacks(execute=True):
        text = send_again(staff_client, Mail.objects.all())

    assert text == (
        "3 handed to the workers. 2 had been sent (or dropped) already and were left alone. 1 are being sent right now."
    )
    assert sorted(mail.to[0] for mail in mailoutbox) == [
        "abandoned@example.com",
        "fresh@example.com",
        "stuck@example.com",
    ]
    assert set(Mail.objects.filter(state=Mail.State.SENT).values_list("to", flat=True)) == {
        "abandoned@example.com",
        "fresh@example.com",
        "stuck@example.com",
        "done@example.com",
    }


def test_send_again_sends_nothing_before_its_commit(staff_client, rows, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        send_again(staff_client, Mail.objects.filter(to="stuck@example.com"))
    assert len(callbacks) == 1
    assert mailoutbox == []


def test_send_again_says_when_the_mail_server_still_refuses(
    staff_client, mail_server_down, mailoutbox, django_capture_on_commit_callbacks
):
    mail = MailFactory()
    with django_capture_on_commit_callbacks(execute=True):
        send_again(staff_client, [mail])
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.State.PENDING, 6)
    assert mailoutbox == []


@pytest.mark.parametrize(("model", "query"), [("newslettersignup", {"q": "left"}), ("contactmessage", {"q": "writer"})])
def test_signups_and_contact_messages_are_listed(staff_client, rows, model, query):
    assert len(listed(staff_client, model, query)) == 1


def test_the_signup_list_shows_who_unsubscribed(staff_client, rows):
    NewsletterSignupFactory(email="still@example.com")
    subscribed = {
        signup.email for signup in listed(staff_client, "newslettersignup", {"unsubscribed_at__isnull": "True"})
    }
    assert "still@example.com" in subscribed
    assert "left@example.com" not in subscribed
    gone = listed(staff_client, "newslettersignup", {"unsubscribed_at__isnull": "False"})
    assert [signup.email for signup in gone] == ["left@example.com"]


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
