"""The fixtures of shopsite's tests: gunicorn serving the shop with gunicorn.conf.py, as production runs it."""

import os
import socket
import subprocess
import sys
import time

import pytest
from django.conf import settings


@pytest.fixture
def gunicorn(tmp_path):
    """gunicorn serving the shop on a free port, with gunicorn.conf.py as production runs it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "shopsite.settings.test",
        "SHOP_VAR_DIR": str(tmp_path),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "CACHE_URL": "locmemcache://",
        # Stopped by the fixture: no load balancer to drain for.
        "SHOP_DRAIN_SECONDS": "0",
    }
    log = (tmp_path / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "shopsite.wsgi"],
        cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None, (tmp_path / "gunicorn.log").read_text()
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


@pytest.fixture
def database_unreachable(transactional_db):
    """The default connection pointed at nothing, as a database that is down or out of reach: a PostgreSQL port nobody
    listens on, or a SQLite file in a folder that does not exist. Put back before the test's tables are emptied."""
    from django.db import connection

    connection.close()
    saved = dict(connection.settings_dict)
    if connection.vendor == "sqlite":
        connection.settings_dict["NAME"] = "/nonexistent/shop/db.sqlite3"
    else:
        connection.settings_dict.update(HOST="127.0.0.1", PORT="1")
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.update(saved)
