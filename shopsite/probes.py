"""/livez and /readyz: the load balancer's and the orchestrator's probes, answered before Django's host check.

A load balancer probes each machine by its address, which DJANGO_ALLOWED_HOSTS does not list: these two paths are
answered by the first middleware, before anything reads the Host header (CommonMiddleware, the HTTPS redirect, CSRF).
/api/health, behind the host check, stays as it was for whoever already watches it.
"""

import json
import logging
import threading

from django.conf import settings
from django.db import DatabaseError, connections
from django.http import HttpResponse

from .cache import cache_state

logger = logging.getLogger(__name__)

# Set in each gunicorn worker on SIGTERM (gunicorn.conf.py): /readyz answers 503 so the load balancer sends no new
# requests, while the worker keeps serving for SHOP_DRAIN_SECONDS and then finishes what it has in flight.
draining = threading.Event()

_broker_lock = threading.Lock()
_broker_clients: dict[str, object] = {}


def database_state() -> str:
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as error:
        logger.warning("Readiness: the database does not answer (%s: %s)", type(error).__name__, error)
        return "unavailable"
    return "ok"


def _broker_client(url: str):
    """One Redis client (and its connection pool) per broker URL and process, with the broker's short timeouts."""
    import redis

    with _broker_lock:
        if url not in _broker_clients:
            timeout = settings.CELERY_BROKER_CONNECTION_TIMEOUT
            _broker_clients[url] = redis.Redis.from_url(
                url, socket_connect_timeout=timeout, socket_timeout=timeout, retry=None
            )
        return _broker_clients[url]


def broker_state() -> str:
    """'ok' when Celery's broker answers: a PING for Redis, a connection for the demo's SQLite file and the rest."""
    url = settings.CELERY_BROKER_URL
    try:
        if url.startswith(("redis://", "rediss://", "unix://")):
            _broker_client(url).ping()
        else:
            from kombu import Connection

            with Connection(url, connect_timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT) as connection:
                connection.ensure_connection(max_retries=0)
    # redis-py's, kombu's and the transports' own errors all mean the same here.
    except Exception as error:
        logger.warning("Readiness: the broker does not answer (%s: %s)", type(error).__name__, error)
        return "unavailable"
    return "ok"


def readiness() -> tuple[int, dict]:
    """The status code and body of /readyz: 503 while draining, or when one of SHOP_READY_NEEDS does not answer."""
    if draining.is_set():
        return 503, {"status": "draining"}
    body = {"database": database_state(), "cache": cache_state(), "broker": broker_state()}
    needed = [name for name in settings.SHOP_READY_NEEDS if body.get(name, "ok") != "ok"]
    body["status"] = "unavailable" if needed else "ok"
    return (503 if needed else 200), body


def _answer(status: int, body: dict) -> HttpResponse:
    response = HttpResponse(json.dumps(body), status=status, content_type="application/json")
    # Nothing in between may keep a probe's answer.
    response["Cache-Control"] = "no-store"
    return response


class ProbeMiddleware:
    """Answers GET and HEAD /livez (the process serves) and /readyz (it may be sent traffic) before any other."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in ("GET", "HEAD"):
            if request.path_info == "/livez":
                return _answer(200, {"status": "ok"})
            if request.path_info == "/readyz":
                return _answer(*readiness())
        return self.get_response(request)
