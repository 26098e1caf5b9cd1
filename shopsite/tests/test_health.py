"""GET /api/health: the load balancer's question, answered from the database."""

from unittest import mock

from django.db import OperationalError


def test_a_healthy_server_says_so(api_client, db):
    answer = api_client.get("/api/health")

    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok"}


def test_a_database_that_does_not_answer_makes_the_server_unhealthy(api_client, db):
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=OperationalError("gone")):
        answer = api_client.get("/api/health")

    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "database": "unavailable"}
