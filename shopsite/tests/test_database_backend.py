"""The shop's PostgreSQL backend (shopsite/postgresql/base.py): its health check asks only a connection left idle."""

import pytest
from django.db import connection

from shopsite.postgresql import base as backend

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the shop's PostgreSQL backend"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(backend.time, "monotonic", lambda: now[0])
    return now


@pytest.fixture
def wrapper():
    """A connection of its own, kept between requests (CONN_MAX_AGE), with the health checks the settings turn on."""
    wrapper = backend.DatabaseWrapper({**connection.settings_dict, "CONN_MAX_AGE": 600}, "default")
    assert wrapper.settings_dict["CONN_HEALTH_CHECKS"]
    yield wrapper
    wrapper.close()


@pytest.fixture
def asked(wrapper, clock, monkeypatch) -> list[float]:
    """When the connection was asked "SELECT 1" (the health check), by the clock."""
    asked, real_is_usable = [], wrapper.is_usable
    monkeypatch.setattr(wrapper, "is_usable", lambda: asked.append(clock[0]) or real_is_usable())
    return asked


def request(wrapper, sql: str = "SELECT 1") -> None:
    """What a request does with its thread's connection: Django's checks as it starts and ends, a query between."""
    wrapper.close_if_unusable_or_obsolete()
    with wrapper.cursor() as cursor:
        cursor.execute(sql)
    wrapper.close_if_unusable_or_obsolete()


def test_a_connection_used_within_the_idle_limit_is_not_asked_again(wrapper, clock, asked):
    request(wrapper)
    for _ in range(3):
        clock[0] += backend.HEALTH_CHECK_IDLE_SECONDS / 2
        request(wrapper)
    assert asked == []

    clock[0] += backend.HEALTH_CHECK_IDLE_SECONDS
    request(wrapper)
    assert asked == [clock[0]]


def test_a_request_that_made_no_query_does_not_vouch_for_the_connection(wrapper, clock, asked):
    request(wrapper)
    # Requests that never touched the database (a kept answer, the floor) say nothing of the connection's health.
    for _ in range(3):
        clock[0] += backend.HEALTH_CHECK_IDLE_SECONDS / 2
        wrapper.close_if_unusable_or_obsolete()
        wrapper.close_if_unusable_or_obsolete()
    request(wrapper)
    assert asked == [clock[0]]


def test_a_connection_cut_while_idle_is_replaced_before_the_request_uses_it(wrapper, clock):
    request(wrapper)
    cut = wrapper.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [cut])
    clock[0] += backend.HEALTH_CHECK_IDLE_SECONDS

    request(wrapper)

    assert wrapper.connection.info.backend_pid != cut
