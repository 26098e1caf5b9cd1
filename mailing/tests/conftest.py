"""Fixtures of the mailing tests."""

import os
from contextlib import contextmanager
from unittest import mock

import kombu.pools
import pytest

from shopsite.celery import app as celery_app


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


def _connections_drop(app) -> None:
    # The app and kombu keep broker connections and producers once made; a test that names another broker gets new
    # ones.
    app._pool = None
    app.amqp._producer_pool = None
    kombu.pools.reset()


@contextmanager
def publishing_to(broker_url: str):
    """Tasks are published to this broker, not run in the test's thread (the unit tests' eager mode)."""
    saved = {"broker_url": celery_app.conf.broker_url, "task_always_eager": celery_app.conf.task_always_eager}
    _connections_drop(celery_app)
    celery_app.conf.update(broker_url=broker_url, task_always_eager=False)
    try:
        # Celery reads the variable before its settings.
        with mock.patch.dict(os.environ):
            os.environ.pop("CELERY_BROKER_URL", None)
            yield celery_app
    finally:
        _connections_drop(celery_app)
        celery_app.conf.update(saved)
