"""When the mail server is down nothing a visitor sent is lost: it is stored, and mailed later."""

import logging

import pytest
from django.core.management import CommandError, call_command

from mailing.models import ContactMessage, NewsletterSignup
from shopsite.tests.silent_server import SilentServer

from .factories import ContactMessageFactory, NewsletterSignupFactory

pytestmark = pytest.mark.django_db

CONTACT_FORM = {"name": "Jane", "email": "jane@example.com", "message": "Where is my order number 1234?"}


def test_a_signup_is_kept_unmailed_and_answered(
    api_client, mail_server_down, mailoutbox, caplog, django_capture_on_commit_callbacks
):
    with caplog.at_level(logging.ERROR, logger="mailing"), django_capture_on_commit_callbacks(execute=True):
        response = api_client.post("/api/mail/newsletter", {"email": "ana@example.com"})

    assert response.status_code == 201
    assert response.json() == {"message": "Thanks for subscribing!"}
    signup = NewsletterSignup.objects.get()
    assert signup.mailed_at is None
    assert mailoutbox == []
    assert f"Newsletter signup {signup.pk}: the welcome mail was not sent" in caplog.text
    # The visitor's address is kept out of the log.
    assert "ana@example.com" not in caplog.text


def test_a_contact_message_is_kept_unmailed_and_answered(
    api_client, mail_server_down, mailoutbox, caplog, django_capture_on_commit_callbacks
):
    with caplog.at_level(logging.ERROR, logger="mailing"), django_capture_on_commit_callbacks(execute=True):
        response = api_client.post("/api/mail/contactUs", CONTACT_FORM)

    assert response.status_code == 201
    assert response.json() == {"message": "Thanks, we got your message"}
    stored = ContactMessage.objects.get()
    assert stored.mailed_at is None
    assert mailoutbox == []
    assert f"Contact message {stored.pk} was not mailed" in caplog.text


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("url", "body", "model"),
    [
        ("/api/mail/newsletter", {"email": "ana@example.com"}, NewsletterSignup),
        ("/api/mail/contactUs", CONTACT_FORM, ContactMessage),
    ],
)
def test_with_real_commits_the_visitor_still_hears_thanks(api_client, mail_server_down, url, body, model):
    # Here the mail is sent inside the request, right after the commit, as in the running shop.
    response = api_client.post(url, body)
    assert response.status_code == 201
    assert model.objects.get().mailed_at is None


@pytest.mark.django_db(transaction=True)
def test_an_unexpected_mail_error_still_answers_thanks(api_client, monkeypatch, mailoutbox):
    from django.core.mail.backends.locmem import EmailBackend

    def broken(self, messages):
        raise RuntimeError("a bug in a mail backend")

    monkeypatch.setattr(EmailBackend, "send_messages", broken)
    response = api_client.post("/api/mail/contactUs", CONTACT_FORM)
    assert response.status_code == 201
    assert ContactMessage.objects.get().mailed_at is None


def test_send_pending_mail_sends_the_leftovers(shop_mail, mailoutbox):
    waiting_signup = NewsletterSignupFactory(email="ana@example.com")
    NewsletterSignupFactory(email="done@example.com", mailed_at="2026-01-01T00:00Z")
    waiting_message = ContactMessageFactory(email="jane@example.com")
    ContactMessageFactory(mailed_at="2026-01-01T00:00Z")

    out = _run_command()

    assert "Newsletter welcome mails: 1 sent, 0 failed." in out
    assert "Contact messages: 1 sent, 0 failed." in out
    assert "Sent 2, failed 0." in out
    assert sorted((mail.to[0], mail.reply_to) for mail in mailoutbox) == [
        ("ana@example.com", []),
        ("inbox@kicks.test", ["jane@example.com"]),
    ]
    waiting_signup.refresh_from_db()
    waiting_message.refresh_from_db()
    assert waiting_signup.mailed_at is not None
    assert waiting_message.mailed_at is not None
    # A second run finds nothing left to send.
    assert "Sent 0, failed 0." in _run_command()
    assert len(mailoutbox) == 2


def test_send_pending_mail_reports_what_still_fails(mail_server_down, capsys):
    NewsletterSignupFactory.create_batch(2)
    ContactMessageFactory()

    with pytest.raises(CommandError, match="3 mails could not be sent; they stay pending"):
        call_command("send_pending_mail")

    assert "Sent 0, failed 3." in capsys.readouterr().out
    assert not NewsletterSignup.objects.exclude(mailed_at=None).exists()
    assert not ContactMessage.objects.exclude(mailed_at=None).exists()


def test_send_pending_mail_works_through_a_backlog_larger_than_a_batch(monkeypatch, mailoutbox):
    from mailing import services

    monkeypatch.setattr(services, "PENDING_BATCH_SIZE", 2)
    NewsletterSignupFactory.create_batch(5)

    assert "Newsletter welcome mails: 5 sent, 0 failed." in _run_command()
    assert len(mailoutbox) == 5
    assert not NewsletterSignup.objects.filter(mailed_at=None).exists()


def _run_command() -> str:
    from io import StringIO

    out = StringIO()
    call_command("send_pending_mail", stdout=out)
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_mail_server_that_never_answers_costs_the_request_one_timeout(api_client, settings, caplog):
    # A real SMTP client against a port that accepts and never greets, as a hung mail server does.
    server = SilentServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", server.port, 0.2
    try:
        response = api_client.post("/api/mail/newsletter", {"email": "ana@example.com"})
    finally:
        server.close()

    assert response.status_code == 201
    assert NewsletterSignup.objects.get().mailed_at is None
    assert server.accepted == 1
    # smtplib waited for the greeting until EMAIL_TIMEOUT, then gave up.
    [failure] = [record for record in caplog.records if record.name == "mailing.services"]
    assert isinstance(failure.exc_info[1].__context__, TimeoutError)
