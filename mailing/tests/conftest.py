"""Fixtures of the mailing tests."""

import pytest


@pytest.fixture
def shop_mail(settings):
    """Known shop name, inbox and address for links, so tests can name them."""
    settings.SHOP_NAME = "Kicks Test Shop"
    settings.SHOP_CONTACT_EMAIL = "inbox@kicks.test"
    settings.DEFAULT_FROM_EMAIL = "Kicks Test Shop <shop@kicks.test>"
    settings.SHOP_BASE_URL = "https://kicks.test"
    return settings


@pytest.fixture
def mail_server_down(monkeypatch):
    """Every mail sent raises, as when the SMTP server refuses."""
    from smtplib import SMTPException

    from django.core.mail.backends.locmem import EmailBackend

    def refuse(self, messages):
        raise SMTPException("451 the mail server is down")

    monkeypatch.setattr(EmailBackend, "send_messages", refuse)


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    """django_capture_on_commit_callbacks, shorter."""
    return django_capture_on_commit_callbacks
