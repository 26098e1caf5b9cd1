"""The shop's Celery app publishing to a broker a test names (a closed port, a silent one, the test Redis)."""

import os
from contextlib import contextmanager
from unittest import mock

import kombu.pools

from shopsite.celery import app as celery_app


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
