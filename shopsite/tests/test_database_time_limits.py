"""PostgreSQL's statement and lock time limits: on the web server's connections, never on the operator's commands.

Each case runs in a fresh process, as the shop starts: through shopsite/wsgi.py (the web server) or manage.py.
"""

import ast
import json
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection

from .test_settings import LIVE

SHOW_LIMITS = (
    "from django.db import connection\n"
    "with connection.cursor() as cursor:\n"
    "    cursor.execute('SELECT current_setting(%s), current_setting(%s)', ['statement_timeout', 'lock_timeout'])\n"
    "    print('LIMITS', *cursor.fetchone())\n"
)
# The shop's real WSGI application answers one request, as gunicorn would hand it over.
WEB_REQUEST = (
    "import json\n"
    "from wsgiref.util import setup_testing_defaults\n"
    "from shopsite.wsgi import application\n"
    "environ = {'PATH_INFO': '/api/shoes'}\n"
    "setup_testing_defaults(environ)\n"
    "answer = {}\n"
    "def start_response(status, headers, exc_info=None):\n"
    "    answer.update(status=status, headers=dict(headers))\n"
    "answer['body'] = json.loads(b''.join(application(environ, start_response)))\n"
    "print('ANSWER', json.dumps(answer))\n"
)


def run(tmp_path, args: list[str], **env) -> subprocess.CompletedProcess:
    """Python with the shop's settings and only the given environment; a hang fails the test instead of holding it."""
    environment = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "shopsite.settings",
        "SHOP_VAR_DIR": str(tmp_path),
        "DJANGO_SECRET_KEY": LIVE["DJANGO_SECRET_KEY"],
        "CELERY_BROKER_URL": LIVE["CELERY_BROKER_URL"],
        "SHOP_HTTPS": "0",
        "SHOP_SINGLE_MACHINE": "1",
        **env,
    }
    result = subprocess.run(
        [sys.executable, *args],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result


def printed(result: subprocess.CompletedProcess, label: str) -> str:
    [line] = [line for line in result.stdout.splitlines() if line.startswith(f"{label} ")]
    return line.removeprefix(f"{label} ")


def database_settings(tmp_path, start: str, **env) -> dict:
    """DATABASES['default'] in a fresh process started with `start`."""
    show = "from django.conf import settings\nprint('DATABASE', repr(settings.DATABASES['default']))"
    return ast.literal_eval(printed(run(tmp_path, ["-c", f"{start}\n{show}"], **env), "DATABASE"))


def test_the_web_server_s_postgresql_connections_get_the_time_limits_without_startup_options(tmp_path):
    url = "postgres://shop@db.internal:5432/shop"
    database = database_settings(tmp_path, "import shopsite.wsgi", DATABASE_URL=url)
    assert database["SESSION_SETTINGS"] == {"statement_timeout": "5000", "lock_timeout": "2000"}
    # PgBouncer refuses libpq's startup options unless told to ignore them: none are sent.
    assert "options" not in database["OPTIONS"]
    assert database["ENGINE"] == "shopsite.postgresql"
    # A zero is no limit: left to the role's own setting (ALTER ROLE ... SET), as behind PgBouncer.
    database = database_settings(
        tmp_path, "import shopsite.wsgi", DATABASE_URL=url, DATABASE_STATEMENT_TIMEOUT="1.5", DATABASE_LOCK_TIMEOUT="0"
    )
    assert database["SESSION_SETTINGS"] == {"statement_timeout": "1500"}


def test_connections_time_out_and_keep_alive(tmp_path):
    options = database_settings(tmp_path, "import shopsite.wsgi", DATABASE_URL="postgres://shop@db.internal/shop")
    assert {name: options["OPTIONS"][name] for name in ("connect_timeout", "keepalives", "keepalives_idle")} == {
        "connect_timeout": 3,
        "keepalives": 1,
        "keepalives_idle": 30,
    }
    assert options["CONN_MAX_AGE"] == 60
    assert options["DISABLE_SERVER_SIDE_CURSORS"] is False


def test_the_pool_and_pgbouncer_are_the_operator_s_choice(tmp_path):
    database = database_settings(
        tmp_path,
        "import shopsite.wsgi",
        DATABASE_URL="postgres://shop@db.internal/shop",
        DATABASE_POOL="1",
        DATABASE_POOL_MAX_SIZE="6",
        DATABASE_PGBOUNCER="1",
    )
    assert database["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 6, "timeout": 5.0}
    # Django's pool hands a connection back after each request: none is kept by the thread.
    assert database["CONN_MAX_AGE"] == 0
    assert database["DISABLE_SERVER_SIDE_CURSORS"] is True


def test_commands_and_sqlite_get_no_time_limits(tmp_path):
    setup = "import django; django.setup()"
    assert "SESSION_SETTINGS" not in database_settings(tmp_path, setup, DATABASE_URL="postgres://shop@db.internal/shop")
    assert "SESSION_SETTINGS" not in database_settings(tmp_path, "import shopsite.wsgi")


def this_database() -> dict:
    """The environment that points a fresh process at the test database."""
    database = connection.settings_dict
    return {"DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"}


class TestOnPostgres:
    pytestmark = [
        pytest.mark.django_db,
        pytest.mark.postgres,
        pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's time limits; SQLite has none"),
    ]

    def test_the_web_server_s_limits_are_set_and_the_operator_s_commands_are_not(self, tmp_path):
        web = run(tmp_path, ["-c", f"import shopsite.wsgi\n{SHOW_LIMITS}"], **this_database())
        command = run(tmp_path, ["manage.py", "shell", "-c", SHOW_LIMITS], **this_database())

        assert printed(web, "LIMITS") == "5s 2s"
        # migrate, import_shoes, seed_demo: manage.py's connections run as long as they need.
        assert printed(command, "LIMITS") == "0 0"

    def test_pooled_connections_get_the_limits_once_each(self, tmp_path):
        # Django's psycopg pool: the limits are set as the pool opens a connection, and kept across checkouts.
        twice = (
            f"import shopsite.wsgi\n{SHOW_LIMITS}from django.db import connection\nconnection.close()\n{SHOW_LIMITS}"
        )
        result = run(tmp_path, ["-c", twice], DATABASE_POOL="1", **this_database())

        assert [line for line in result.stdout.splitlines() if line.startswith("LIMITS")] == ["LIMITS 5s 2s"] * 2

    def test_a_statement_running_past_the_limit_is_cancelled(self, tmp_path):
        sleep = (
            "import shopsite.wsgi\n"
            "from django.db import OperationalError, connection\n"
            "try:\n"
            "    with connection.cursor() as cursor:\n"
            "        cursor.execute('SELECT pg_sleep(60)')\n"
            "except OperationalError as error:\n"
            "    print('CUT', error.__cause__.sqlstate, error)\n"
        )

        result = run(tmp_path, ["-c", sleep], DATABASE_STATEMENT_TIMEOUT="0.2", **this_database())

        assert printed(result, "CUT") == "57014 canceling statement due to statement timeout"

    @pytest.mark.parametrize(
        ("limits", "cut_by"),
        [
            ({"DATABASE_LOCK_TIMEOUT": "0.2", "DATABASE_STATEMENT_TIMEOUT": "60"}, "lock timeout"),
            # No lock limit: the statement's own limit ends the wait.
            ({"DATABASE_LOCK_TIMEOUT": "0", "DATABASE_STATEMENT_TIMEOUT": "0.2"}, "statement timeout"),
        ],
        ids=["lock_timeout", "statement_timeout"],
    )
    def test_a_request_kept_waiting_on_a_lock_is_answered_503(self, tmp_path, limits, cut_by):
        # Given a migration holding the catalogue's table (the test's transaction keeps the lock until its end)
        with connection.cursor() as cursor:
            cursor.execute("LOCK TABLE catalog_shoe IN ACCESS EXCLUSIVE MODE")

        # When a shopper asks for the catalogue
        result = run(tmp_path, ["-c", WEB_REQUEST], **limits, **this_database())

        # Then the answer is a clean "try again", logged with what cut it
        answer = json.loads(printed(result, "ANSWER"))
        assert answer["status"] == "503 Service Unavailable"
        assert answer["headers"]["Retry-After"] == "5"
        assert answer["body"] == {"detail": "The shop is busy right now; please try again in a moment.", "code": "busy"}
        assert f"A database statement ran past its time limit: canceling statement due to {cut_by}" in result.stdout
