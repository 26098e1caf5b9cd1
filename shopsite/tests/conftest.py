"""The fixtures of shopsite's tests: gunicorn serving the shop with gunicorn.conf.py, as production runs it."""

import pytest

from .servers import free_port, gunicorn_start


@pytest.fixture
def gunicorn(tmp_path):
    """gunicorn serving the shop on a free port, with gunicorn.conf.py as production runs it."""
    port = free_port()
    server = gunicorn_start(tmp_path, port)
    try:
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


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
