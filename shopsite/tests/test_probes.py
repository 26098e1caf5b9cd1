"""/livez and /readyz: answered for any Host, before Django's host check; readiness from the database, the cache, the
broker and draining; gunicorn's SIGTERM drains (readyz 503) before the worker stops."""

import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from django.conf import settings

from shopsite import probes

from .servers import free_port, wait_for
from .test_settings import LIVE

# The load balancer probes each machine by its own address, which DJANGO_ALLOWED_HOSTS does not list.
MACHINE = {"HTTP_HOST": "10.0.0.7:8000"}


@pytest.fixture(autouse=True)
def _not_draining():
    yield
    probes.draining.clear()


def test_livez_answers_for_any_host_without_the_database(client):
    answer = client.get("/livez", **MACHINE)

    assert answer.status_code == 200
    assert answer.json() == {"status": "ok"}
    assert answer["Cache-Control"] == "no-store"


def test_other_paths_still_go_through_the_host_check(client, db):
    assert client.get("/api/health", **MACHINE).status_code == 400


def test_readyz_says_ready_when_everything_answers(client, db):
    answer = client.get("/readyz", **MACHINE)

    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}


def test_readyz_says_unavailable_while_draining(client, db):
    probes.draining.set()

    answer = client.get("/readyz", **MACHINE)

    assert answer.status_code == 503
    assert answer.json() == {"status": "draining"}
    assert client.get("/livez", **MACHINE).status_code == 200


def test_readyz_says_unavailable_when_the_broker_does_not_answer(client, db, settings, unused_port):
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{unused_port}/0"

    answer = client.get("/readyz", **MACHINE)

    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "database": "ok", "cache": "ok", "broker": "unavailable"}


def test_readyz_stays_ready_but_says_degraded_when_the_cache_does_not_answer(client, db, settings, unused_port):
    """The shop serves without its cache (each process's memory), and every machine shares that one Redis: failing
    readiness on it would take them all out of the balancer at once, for an outage the shop rides out."""
    settings.CACHES = {
        "default": {"BACKEND": "shopsite.cache.ResilientRedisCache", "LOCATION": f"redis://127.0.0.1:{unused_port}/0"}
    }

    answer = client.get("/readyz", **MACHINE)

    assert answer.status_code == 200
    assert answer.json()["cache"] == "degraded"


def test_readyz_fails_on_the_cache_when_the_operator_names_it(client, db, settings, unused_port):
    settings.CACHES = {
        "default": {"BACKEND": "shopsite.cache.ResilientRedisCache", "LOCATION": f"redis://127.0.0.1:{unused_port}/0"}
    }
    settings.SHOP_READY_NEEDS = ["database", "cache", "broker"]

    assert client.get("/readyz", **MACHINE).status_code == 503


def test_readyz_needs_only_what_the_operator_names(client, db, settings, unused_port):
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{unused_port}/0"
    settings.SHOP_READY_NEEDS = ["database"]

    answer = client.get("/readyz", **MACHINE)

    assert answer.status_code == 200
    assert answer.json()["broker"] == "unavailable"


def test_readyz_says_unavailable_when_the_database_does_not_answer(client, db, database_unreachable):
    answer = client.get("/readyz", **MACHINE)

    assert answer.status_code == 503
    assert answer.json()["database"] == "unavailable"


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_gunicorn_drains_on_sigterm_before_it_stops(tmp_path, unused_port):
    # Given gunicorn as the shop runs it, one worker, a drain long enough to see
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "shopsite.settings",
        "SHOP_VAR_DIR": str(tmp_path),
        "SHOP_SINGLE_MACHINE": "1",
        "SHOP_HTTPS": "0",
        "SHOP_READY_NEEDS": "database",
        "DJANGO_SECRET_KEY": LIVE["DJANGO_SECRET_KEY"],
        "CELERY_BROKER_URL": LIVE["CELERY_BROKER_URL"],
        "PORT": str(unused_port),
        "WEB_CONCURRENCY": "1",
        "SHOP_DRAIN_SECONDS": "3",
    }
    server = subprocess.Popen(
        [os.path.join(os.path.dirname(sys.executable), "gunicorn"), "-c", "gunicorn.conf.py", "shopsite.wsgi"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{unused_port}"

    def ready():
        try:
            return _get(f"{base}/readyz")[0] if _get(f"{base}/readyz")[0] == 200 else None
        except OSError:
            return None

    try:
        wait_for(ready)
        # When the master is told to stop
        server.send_signal(signal.SIGTERM)
        # Then the worker says it is draining, still serving, and only then stops
        assert wait_for(lambda: code if (code := _get(f"{base}/readyz")[0]) == 503 else None) == 503
        assert _get(f"{base}/livez")[0] == 200
        assert server.wait(timeout=60) == 0
    finally:
        if server.poll() is None:
            server.kill()
        stderr = server.stderr.read().decode()
    assert "Draining for 3 s" in stderr


@pytest.fixture
def unused_port() -> int:
    return free_port()
