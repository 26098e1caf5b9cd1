"""POST /api/mail/newsletter: the footer's newsletter form (docs/PRODUCT.md §5, §7), with double opt-in: a sign-up is
mailed a link to confirm and counts only once it is followed; the answer says nothing of the address."""

import re
from datetime import timedelta

import pytest
from django.core import signing
from django.utils import timezone

from mailing import selectors, services
from mailing.mails import confirm_token_make, unsubscribe_token_make
from mailing.models import Mail, NewsletterSignup

from .factories import NewsletterSignupFactory

pytestmark = pytest.mark.django_db

URL = "/api/mail/newsletter"
THANKS = {"message": "Thanks for subscribing!"}
CONFIRMED = {"message": "Your subscription is confirmed: welcome to the newsletter!"}
BAD_LINK = {
    "detail": "This confirmation link is not valid or has expired. Sign up again to get a new one.",
    "code": "invalid_confirmation_link",
}


def confirm_url(token: str) -> str:
    return f"{URL}/confirm/{token}"


def link_in(mail) -> str:
    """The confirmation token the mail's link carries (to the storefront's screen, whose button posts it)."""
    return re.search(r"https://kicks\.test/newsletter/confirm/(\S+)", mail.body)[1]


@pytest.fixture
def sign_up(api_client, shop_mail, django_capture_on_commit_callbacks):
    def send(email: str = "ana@example.com"):
        with django_capture_on_commit_callbacks(execute=True):
            return api_client.post(URL, {"email": email})

    return send


def test_a_new_address_is_stored_pending_and_mailed_a_link_to_confirm(sign_up, mailoutbox):
    response = sign_up("  Ana.Runner@Example.COM ")

    assert (response.status_code, response.json()) == (200, THANKS)
    signup = NewsletterSignup.objects.get()
    assert (signup.email, signup.confirmed_at, signup.subscribed) == ("ana.runner@example.com", None, False)
    assert Mail.objects.get().kind == "newsletter_confirm"
    [mail] = mailoutbox
    assert mail.to == ["ana.runner@example.com"]
    assert mail.from_email == "Kicks Test Shop <shop@kicks.test>"
    assert mail.subject == "Confirm your Kicks Test Shop newsletter subscription"
    token = link_in(mail)
    [(html, mimetype)] = mail.alternatives
    assert mimetype == "text/html"
    assert f'href="https://kicks.test/newsletter/confirm/{token}"' in html


def test_following_the_link_subscribes_and_welcomes_once(sign_up, api_client, mailoutbox, capture):
    sign_up()
    token = link_in(mailoutbox[0])

    with capture(execute=True):
        first = api_client.post(confirm_url(token))
    with capture(execute=True):
        again = api_client.post(confirm_url(token))

    assert (first.status_code, first.json()) == (200, CONFIRMED)
    assert (again.status_code, again.json()) == (200, CONFIRMED)
    assert NewsletterSignup.objects.get().subscribed
    assert [mail.subject for mail in mailoutbox] == [
        "Confirm your Kicks Test Shop newsletter subscription",
        "Welcome to the Kicks Test Shop newsletter",
    ]
    assert "thanks for subscribing to the Kicks Test Shop newsletter" in mailoutbox[1].body


def test_no_mail_leaves_before_the_row_is_committed(api_client, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        api_client.post(URL, {"email": "ana@example.com"})
    assert len(callbacks) == 1
    assert mailoutbox == []
    # The mail is stored, waiting, in the same transaction as the signup.
    assert Mail.objects.get().state == Mail.State.PENDING


@pytest.mark.parametrize("state", ["unknown", "pending", "confirmed", "unsubscribed"])
def test_the_answer_is_the_same_whatever_the_address_s_state(sign_up, state):
    now = timezone.now()
    if state != "unknown":
        NewsletterSignupFactory(
            email="ana@example.com",
            confirmed_at=None if state == "pending" else now,
            unsubscribed_at=now if state == "unsubscribed" else None,
        )

    response = sign_up("ana@example.com")

    assert (response.status_code, response.json(), response.headers.get("Location")) == (200, THANKS, None)


def test_a_subscribed_address_is_mailed_nothing(sign_up, mailoutbox):
    NewsletterSignupFactory(email="ana@example.com")

    sign_up("ANA@Example.com")

    assert (NewsletterSignup.objects.count(), mailoutbox, Mail.objects.count()) == (1, [], 0)


def test_a_pending_address_is_mailed_again_at_most_once_an_hour(sign_up, mailoutbox):
    sign_up()
    sign_up("ANA@example.com")
    assert len(mailoutbox) == 1

    NewsletterSignup.objects.update(confirmation_mailed_at=timezone.now() - timedelta(minutes=61))
    sign_up()

    assert len(mailoutbox) == 2
    assert NewsletterSignup.objects.count() == 1
    # Either link confirms.
    assert link_in(mailoutbox[0]) and link_in(mailoutbox[1])


def test_an_unsubscribed_address_is_not_subscribed_again_by_the_form(sign_up, api_client, mailoutbox, capture):
    signup = NewsletterSignupFactory(email="ana@example.com", confirmed_at=timezone.now() - timedelta(days=30))
    old_link = confirm_token_make(signup=signup)
    api_client.post(f"/api/mail/unsubscribe/{unsubscribe_token_make(signup=signup)}")

    # Anyone may type the address in the form: it stays unsubscribed, its owner is mailed a link.
    assert sign_up("ana@example.com").json() == THANKS
    signup.refresh_from_db()
    assert (signup.subscribed, signup.unsubscribed_at is not None) == (False, True)
    [mail] = mailoutbox
    assert mail.subject == "Confirm your Kicks Test Shop newsletter subscription"

    # A link made before the unsubscribe does not bring the address back;
    refused = api_client.post(confirm_url(old_link))
    assert (refused.status_code, refused.json()) == (400, BAD_LINK)
    assert not NewsletterSignup.objects.get().subscribed
    # the one mailed after it does.
    with capture(execute=True):
        assert api_client.post(confirm_url(link_in(mail))).json() == CONFIRMED
    signup.refresh_from_db()
    assert (signup.subscribed, signup.unsubscribed_at) == (True, None)


@pytest.mark.parametrize("token", ["garbage", "forged", "expired", "another salt"])
def test_a_link_the_shop_did_not_sign_or_too_old_is_refused(api_client, token, monkeypatch):
    signup = NewsletterSignupFactory(email="ana@example.com", confirmed_at=None)
    made = {
        "garbage": "garbage",
        "forged": signing.dumps({"signup": signup.pk, "at": 0}, salt="mailing.newsletter.confirm", key="not-ours"),
        "another salt": signing.dumps({"signup": signup.pk, "at": 0}, salt="mailing.newsletter.unsubscribe"),
        "expired": confirm_token_make(signup=signup),
    }[token]
    if token == "expired":
        later = timezone.now().timestamp() + 8 * 24 * 3600
        monkeypatch.setattr(signing.time, "time", lambda: later)

    answer = api_client.post(confirm_url(made))

    assert (answer.status_code, answer.json()) == (400, BAD_LINK)
    assert not NewsletterSignup.objects.get().subscribed


def test_a_confirmation_waiting_in_the_outbox_is_dropped_once_confirmed(shop_mail, mailoutbox, capture):
    signup = NewsletterSignupFactory(email="ana@example.com", confirmed_at=None)
    with capture():
        services.newsletter_subscribe(email="ana@example.com")
    NewsletterSignup.objects.filter(pk=signup.pk).update(confirmed_at=timezone.now())

    report = services.mail_send_pending()

    assert (report.sent, report.dropped, mailoutbox) == (0, 1, [])


def test_two_clicks_racing_make_one_row(db, monkeypatch, mailoutbox, django_capture_on_commit_callbacks):
    # Given another request inserted the address after this one looked it up,
    NewsletterSignupFactory(email="ana@example.com", confirmed_at=None)
    monkeypatch.setattr(selectors, "newsletter_signup_find", lambda *, email: None)

    # when this one inserts, the unique index refuses it and the existing signup is mailed.
    with django_capture_on_commit_callbacks(execute=True):
        services.newsletter_subscribe(email="Ana@example.com")

    assert NewsletterSignup.objects.count() == 1
    assert len(mailoutbox) == 1


def test_a_signed_in_shopper_signs_up_too(shopper_client):
    assert shopper_client.post(URL, {"email": "shopper@sneakers.test"}).status_code == 200


BAD_EMAILS = {
    "missing": {},
    "empty": {"email": ""},
    "blank": {"email": "   "},
    "null": {"email": None},
    "no @": {"email": "ana.example.com"},
    "nothing after @": {"email": "ana@"},
    "nothing before @": {"email": "@example.com"},
    "two @": {"email": "ana@@example.com"},
    "space inside": {"email": "ana runner@example.com"},
    "no top-level domain": {"email": "ana@example"},
    "a list": {"email": ["ana@example.com"]},
    "a number": {"email": 42},
    "255 characters": {"email": "a" * 243 + "@example.com"},
    "255 characters and malformed": {"email": "a" * 243 + "@@xample.com"},
}


@pytest.mark.parametrize("body", BAD_EMAILS.values(), ids=BAD_EMAILS.keys())
def test_bad_addresses_are_refused(api_client, mailoutbox, django_capture_on_commit_callbacks, body):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(URL, body, format="json")

    assert response.status_code == 400
    assert response.json() == {"email": ["Use a valid email"]}
    assert not NewsletterSignup.objects.exists()
    assert mailoutbox == []


def test_the_longest_address_is_taken(api_client):
    email = "a" * 242 + "@example.com"
    assert len(email) == 254
    assert api_client.post(URL, {"email": email}).status_code == 200


def test_a_form_post_works_like_json(api_client):
    response = api_client.post(URL, {"email": "ana@example.com"}, format="multipart")
    assert response.status_code == 200
