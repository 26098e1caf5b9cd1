"""The newsletter's one-click unsubscribe (RFC 8058): the headers of its mails, the signed link, and what the shop
does with it."""

import re

import pytest
from django.core import signing
from rest_framework.test import APIClient

from mailing import services
from mailing.mails import unsubscribe_token_make
from mailing.models import Mail, NewsletterSignup

from .factories import MailFactory, NewsletterSignupFactory

pytestmark = pytest.mark.django_db

NEWSLETTER = "/api/mail/newsletter"


def unsubscribe_url(token: str) -> str:
    return f"/api/mail/unsubscribe/{token}"


@pytest.fixture
def welcomed(api_client, shop_mail, mailoutbox, django_capture_on_commit_callbacks):
    """Ana signed up, followed the confirmation link, and her welcome mail went out."""
    with django_capture_on_commit_callbacks(execute=True):
        assert api_client.post(NEWSLETTER, {"email": "ana@example.com"}).status_code == 200
    [confirmation] = mailoutbox
    token = re.search(r"https://kicks\.test/newsletter/confirm/(\S+)", confirmation.body)[1]
    with django_capture_on_commit_callbacks(execute=True):
        assert api_client.post(f"/api/mail/newsletter/confirm/{token}").status_code == 200
    [_, mail] = mailoutbox
    return mail


@pytest.fixture
def mail_client() -> APIClient:
    """What a mail client posts with: no session, no CSRF token, the checks on."""
    return APIClient(enforce_csrf_checks=True)


def test_the_welcome_carries_one_click_unsubscribe_headers(welcomed):
    signup = NewsletterSignup.objects.get()
    token = unsubscribe_token_make(signup=signup)

    assert welcomed.extra_headers["List-Unsubscribe"] == f"<https://kicks.test/api/mail/unsubscribe/{token}>"
    assert welcomed.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # As they go on the wire.
    message = welcomed.message()
    assert message["List-Unsubscribe"] == f"<https://kicks.test/api/mail/unsubscribe/{token}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # The visible link opens the storefront's screen, whose button posts; a GET never unsubscribes.
    [(html, _)] = welcomed.alternatives
    assert f'href="https://kicks.test/unsubscribe/{token}"' in html
    assert f"https://kicks.test/unsubscribe/{token}" in welcomed.body


def test_a_mail_client_s_one_click_post_unsubscribes(welcomed, mail_client):
    url = re.fullmatch(
        r"<https://kicks\.test(/api/mail/unsubscribe/[^>]+)>", welcomed.extra_headers["List-Unsubscribe"]
    )

    # As RFC 8058 says a mail client posts it: a form body, no cookie.
    response = mail_client.post(url[1], "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")

    assert response.status_code == 200
    assert response.json() == {"message": "You will get no more newsletter mail."}
    assert NewsletterSignup.objects.get().unsubscribed_at is not None


def test_unsubscribing_again_is_no_error_and_keeps_the_first_time(welcomed, mail_client):
    url = unsubscribe_url(unsubscribe_token_make(signup=NewsletterSignup.objects.get()))
    assert mail_client.post(url).status_code == 200
    first = NewsletterSignup.objects.get().unsubscribed_at

    assert mail_client.post(url).status_code == 200
    assert NewsletterSignup.objects.get().unsubscribed_at == first


@pytest.mark.parametrize(
    "forge",
    [
        lambda pk: "nonsense",
        lambda pk: f"{pk}:forged-signature",
        # Signed by the shop, but for something else.
        lambda pk: signing.Signer(salt="another.purpose").sign_object(pk),
        # Signed with the unsubscribe salt by someone without the shop's key.
        lambda pk: signing.Signer(salt="mailing.newsletter.unsubscribe", key="not-the-shop-s-key").sign_object(pk),
    ],
    ids=["nonsense", "forged", "other salt", "other key"],
)
def test_a_link_the_shop_did_not_sign_is_a_400_and_changes_nothing(mail_client, forge):
    signup = NewsletterSignupFactory()

    response = mail_client.post(unsubscribe_url(forge(signup.pk)))

    assert response.status_code == 400
    assert response.json() == {"detail": "This unsubscribe link is not valid.", "code": "invalid_unsubscribe_link"}
    assert NewsletterSignup.objects.get().unsubscribed_at is None


def test_a_token_naming_no_signup_id_is_refused(mail_client):
    signup = NewsletterSignupFactory()
    token = signing.Signer(salt="mailing.newsletter.unsubscribe").sign_object(str(signup.pk))
    assert mail_client.post(unsubscribe_url(token)).status_code == 400


def test_a_get_never_unsubscribes(welcomed, api_client):
    # Mail scanners follow every link of a mail.
    url = unsubscribe_url(unsubscribe_token_make(signup=NewsletterSignup.objects.get()))
    assert api_client.get(url).status_code == 405
    assert NewsletterSignup.objects.get().unsubscribed_at is None


def test_the_link_of_a_signup_staff_deleted_is_still_answered(mail_client):
    signup = NewsletterSignupFactory()
    token = unsubscribe_token_make(signup=signup)
    signup.delete()
    assert mail_client.post(unsubscribe_url(token)).status_code == 200


def test_no_newsletter_mail_is_built_for_an_unsubscribed_address(shop_mail, mailoutbox, mail_client):
    # Given a welcome still waiting in the outbox (the mail server was down) when the address unsubscribes,
    signup = NewsletterSignupFactory()
    waiting = MailFactory(signup=signup)
    assert mail_client.post(unsubscribe_url(unsubscribe_token_make(signup=signup))).status_code == 200

    # then the resend drops it instead of sending it.
    report = services.mail_send_pending()

    assert (report.sent, report.dropped) == (0, 1)
    assert mailoutbox == []
    waiting.refresh_from_db()
    assert (waiting.state, waiting.last_error) == (Mail.State.DROPPED, "the address unsubscribed")


def test_the_schema_documents_the_one_click_call(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    call = paths["/api/mail/unsubscribe/{token}"]
    assert set(call) == {"post"}
    assert set(call["post"]["responses"]) == {"200", "400"}
    # No session, no token: the signed link is the only credential.
    assert call["post"]["security"] == [{}]
