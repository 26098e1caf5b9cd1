"""POST /api/mail/newsletter: the footer's newsletter form (docs/PRODUCT.md §5, §7)."""

import pytest

from mailing import selectors
from mailing.models import Mail, NewsletterSignup

from .factories import NewsletterSignupFactory

pytestmark = pytest.mark.django_db

URL = "/api/mail/newsletter"
THANKS = {"message": "Thanks for subscribing!"}


def test_a_new_address_is_stored_and_welcomed(api_client, shop_mail, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(URL, {"email": "  Ana.Runner@Example.COM "})

    assert response.status_code == 201
    assert response.json() == THANKS
    signup = NewsletterSignup.objects.get()
    assert signup.email == "ana.runner@example.com"
    assert Mail.objects.get().state == Mail.State.SENT
    [mail] = mailoutbox
    assert mail.to == ["ana.runner@example.com"]
    assert mail.from_email == "Kicks Test Shop <shop@kicks.test>"
    assert mail.subject == "Welcome to the Kicks Test Shop newsletter"
    assert "thanks for subscribing to the Kicks Test Shop newsletter" in mail.body
    [(html, mimetype)] = mail.alternatives
    assert mimetype == "text/html"
    assert "thanks for subscribing to the Kicks Test Shop newsletter" in html


def test_no_mail_leaves_before_the_row_is_committed(api_client, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        api_client.post(URL, {"email": "ana@example.com"})
    assert len(callbacks) == 1
    assert mailoutbox == []
    # The mail is stored, waiting, in the same transaction as the signup.
    assert Mail.objects.get().state == Mail.State.PENDING


def test_signing_up_twice_is_one_row_one_mail_and_200(api_client, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = api_client.post(URL, {"email": "ana@example.com"})
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = api_client.post(URL, {"email": "ANA@Example.com"})

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == THANKS
    assert NewsletterSignup.objects.count() == 1
    assert callbacks == []
    assert len(mailoutbox) == 1
    assert Mail.objects.count() == 1


def test_signing_up_again_queues_no_second_welcome_while_the_first_waits(api_client, mailoutbox):
    NewsletterSignupFactory(email="ana@example.com")
    assert api_client.post(URL, {"email": "ana@example.com"}).status_code == 200
    assert mailoutbox == []
    assert not Mail.objects.exists()


def test_two_clicks_racing_make_one_row(db, monkeypatch, mailoutbox, django_capture_on_commit_callbacks):
    from mailing import services

    # Given another request inserted the address after this one looked it up,
    NewsletterSignupFactory(email="ana@example.com")
    monkeypatch.setattr(selectors, "newsletter_signup_find", lambda *, email: None)

    # when this one inserts, the unique index refuses it and the existing signup is answered.
    with django_capture_on_commit_callbacks(execute=True):
        signup, created = services.newsletter_subscribe(email="Ana@example.com")

    assert (signup.email, created) == ("ana@example.com", False)
    assert NewsletterSignup.objects.count() == 1
    assert mailoutbox == []


def test_a_signed_in_shopper_signs_up_too(shopper_client):
    assert shopper_client.post(URL, {"email": "shopper@sneakers.test"}).status_code == 201


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
    assert api_client.post(URL, {"email": email}).status_code == 201


def test_a_form_post_works_like_json(api_client):
    response = api_client.post(URL, {"email": "ana@example.com"}, format="multipart")
    assert response.status_code == 201
