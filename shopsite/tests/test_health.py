"""GET /api/health: the load balancer's question, answered from the database and the cache."""

from unittest import mock

from django.db import OperationalError


def test_a_healthy_server_says_so(api_client, db):
    answer = api_client.get("/api/health")

    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok", "cache": "ok", "worker": "unknown", "beat": "unknown"}


def test_a_database_that_does_not_answer_makes_the_server_unhealthy(api_client, db):
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=OperationalError("gone")):
        answer = api_client.get("/api/health")

    assert answer.status_code == 503
    assert answer.json() == {
        "status": "unavailable",
        "database": "unavailable",
        "cache": "ok",
        "worker": "unknown",
        "beat": "unknown",
    }


def test_another_cache_backend_that_fails_is_reported_degraded(api_client, db, settings):
    # Django's own RedisCache, refused on a closed port: its errors reach the health check, which says so.
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    }

    answer = api_client.get("/api/health")

    assert answer.status_code == 200
    assert answer.json() == {
        "status": "degraded",
        "database": "ok",
        "cache": "degraded",
        "worker": "unknown",
        "beat": "unknown",
    }
