"""Settings read from the environment."""

import re
import subprocess
import sys

import pytest
from django.conf import settings

KEY = "k3y-" + "x7Qp9zL2mV" * 6
# A live shop's broker: named, never reached (nothing here publishes a task).
BROKER = "redis://broker.internal:6379/0"


def start_django(tmp_path, code: str = "", **env: str | None) -> subprocess.CompletedProcess:
    """Set Django up in a new interpreter, with only the given environment, and run the code.

    A secret key and a broker are given unless the test leaves them out (DJANGO_SECRET_KEY=None,
    CELERY_BROKER_URL=None).
    """
    environment = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "shopsite.settings",
        "DJANGO_SECRET_KEY": KEY,
        "CELERY_BROKER_URL": BROKER,
        # The cache and media refusals have their own tests (test_single_machine.py).
        "SHOP_SINGLE_MACHINE": "1",
    }
    environment["SHOP_VAR_DIR"] = str(tmp_path)
    environment = {name: value for name, value in {**environment, **env}.items() if value is not None}
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def setting_in_fresh_process(name: str, tmp_path, **env) -> str:
    result = start_django(tmp_path, f"from django.conf import settings; print(settings.{name})", **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.parametrize("env", [{"DJANGO_DEBUG": "1"}, {"SHOP_DEMO": "1"}])
def test_debug_and_the_demo_make_a_secret_key_once_and_keep_it(tmp_path, env):
    first = setting_in_fresh_process("SECRET_KEY", tmp_path, DJANGO_SECRET_KEY=None, **env)
    assert len(first) > 40
    assert setting_in_fresh_process("SECRET_KEY", tmp_path, DJANGO_SECRET_KEY=None, **env) == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("env", [{}, {"DJANGO_DEBUG": "0", "SHOP_DEMO": "0"}])
def test_a_live_shop_without_a_secret_key_refuses_to_start(tmp_path, env):
    result = start_django(tmp_path, DJANGO_SECRET_KEY=None, **env)

    assert result.returncode != 0
    assert "ImproperlyConfigured: DJANGO_SECRET_KEY is not set" in result.stderr
    assert not (tmp_path / "secret_key").exists()


def test_a_key_kept_in_var_is_not_taken_by_a_live_shop(tmp_path):
    setting_in_fresh_process("SECRET_KEY", tmp_path, DJANGO_SECRET_KEY=None, SHOP_DEMO="1")

    result = start_django(tmp_path, DJANGO_SECRET_KEY=None)

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_the_environment_key_wins(tmp_path):
    assert setting_in_fresh_process("SECRET_KEY", tmp_path, DJANGO_SECRET_KEY="from-env") == "from-env"


def test_the_test_settings_bring_their_own_key(tmp_path):
    result = start_django(
        tmp_path, "from django.conf import settings; print(settings.SECRET_KEY)",
        DJANGO_SETTINGS_MODULE="shopsite.settings.test", DJANGO_SECRET_KEY=None,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("tests-only-")


def test_sqlite_waits_for_writers_instead_of_failing(tmp_path):
    options = setting_in_fresh_process("DATABASES['default']['OPTIONS']", tmp_path)
    assert "'transaction_mode': 'IMMEDIATE'" in options
    assert "journal_mode=WAL" in options


def test_the_demo_switch_only_changes_defaults(tmp_path):
    assert setting_in_fresh_process("SHOP_ADMIN_EMAILS", tmp_path) == "[]"
    assert "admin@sneakers.test" in setting_in_fresh_process("SHOP_ADMIN_EMAILS", tmp_path, SHOP_DEMO="1")
    assert (
        setting_in_fresh_process("SHOP_ADMIN_EMAILS", tmp_path, SHOP_DEMO="1", SHOP_ADMIN_EMAILS="Me@x.test")
        == "['me@x.test']"
    )


@pytest.mark.parametrize(("name", "value"), [("IDENTITY_PROVIDER", "ldap"), ("PAYMENT_GATEWAY", "cash")])
def test_unknown_providers_stop_the_start(tmp_path, name, value):
    result = start_django(tmp_path, **{name: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr


def test_stripe_without_its_keys_stops_the_start(tmp_path):
    result = start_django(tmp_path, PAYMENT_GATEWAY="stripe", STRIPE_SECRET_KEY="sk_test_x")
    assert result.returncode != 0
    assert "STRIPE_PUBLISHABLE_KEY" in result.stderr


def deploy_check(tmp_path, **env) -> subprocess.CompletedProcess:
    """`manage.py check --deploy --fail-level WARNING` in a fresh process with only the given environment."""
    environment = {"PATH": "/usr/bin:/bin", "SHOP_VAR_DIR": str(tmp_path), **env}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


LIVE = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": KEY, "CELERY_BROKER_URL": BROKER, "SHOP_SINGLE_MACHINE": "1"}


def test_a_live_shop_passes_the_deploy_check(tmp_path):
    result = deploy_check(tmp_path, **LIVE)
    assert result.returncode == 0, result.stderr
    # Only that the broker (named, never reached here) could not be asked its eviction policy.
    assert "(shopsite.I001) Could not read the broker's maxmemory-policy" in result.stderr
    assert "System check identified 1 issue" in result.stderr


def test_the_deploy_check_fails_a_shop_left_on_plain_http(tmp_path):
    result = deploy_check(tmp_path, SHOP_HTTPS="0", **LIVE)
    assert result.returncode != 0
    assert "security.W008" in result.stderr  # SECURE_SSL_REDIRECT
    assert "security.W012" in result.stderr  # SESSION_COOKIE_SECURE


def test_a_live_shop_speaks_https_only(tmp_path):
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, "
        "s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, s.SECURE_REDIRECT_EXEMPT)"
    )
    result = start_django(tmp_path, code, **LIVE)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True True True 31536000 True True ['^api/health$']"


@pytest.mark.parametrize("env", [{"DJANGO_DEBUG": "1"}, {"SHOP_DEMO": "1"}])
def test_make_run_and_debug_serve_plain_http(tmp_path, env):
    assert setting_in_fresh_process("SHOP_HTTPS", tmp_path, **env) == "False"
    assert setting_in_fresh_process("SECURE_SSL_REDIRECT", tmp_path, **env) == "False"


def test_test_payments_stop_a_live_start(tmp_path):
    result = start_django(tmp_path, SHOP_ALLOW_TEST_PAYMENTS="1", **LIVE)
    assert result.returncode != 0
    assert "SHOP_ALLOW_TEST_PAYMENTS" in result.stderr


@pytest.mark.parametrize("env", [{"DJANGO_DEBUG": "1"}, {"SHOP_DEMO": "1"}])
def test_test_payments_start_in_debug_or_the_demo(tmp_path, env):
    assert setting_in_fresh_process("SHOP_ALLOW_TEST_PAYMENTS", tmp_path, SHOP_ALLOW_TEST_PAYMENTS="1", **env) == "True"


def test_a_live_shop_requires_admins_second_factor_and_the_demo_leaves_it_optional(tmp_path):
    assert setting_in_fresh_process("SHOP_ADMIN_2FA", tmp_path, **LIVE) == "required"
    assert setting_in_fresh_process("SHOP_ADMIN_2FA", tmp_path, SHOP_DEMO="1") == "optional"
    refused = start_django(tmp_path, SHOP_ADMIN_2FA="sometimes", **LIVE)
    assert refused.returncode != 0 and "SHOP_ADMIN_2FA must be 'required' or 'optional'" in refused.stderr


def test_a_live_shop_redirects_plain_http_and_sends_its_security_headers(tmp_path):
    code = (
        "from django.test import Client; c = Client(); "
        "plain = c.get('/api/nothing-here'); tls = c.get('/api/nothing-here', secure=True); "
        "print(plain.status_code, plain['Location']); "
        "print(tls.status_code, tls['Strict-Transport-Security']); "
        "print(tls['X-Content-Type-Options'], tls['Referrer-Policy'], tls['Cross-Origin-Opener-Policy'])"
    )
    result = start_django(tmp_path, code, DJANGO_ALLOWED_HOSTS="testserver", **LIVE)
    assert result.returncode == 0, result.stderr
    printed = [line for line in result.stdout.splitlines() if not line.startswith("{")]  # not the JSON log lines
    assert printed == [
        "301 https://testserver/api/nothing-here",
        "404 max-age=31536000; includeSubDomains; preload",
        "nosniff same-origin same-origin",
    ]


def test_no_other_front_end_is_allowed_by_default(tmp_path):
    assert setting_in_fresh_process("CORS_ALLOWED_ORIGINS", tmp_path) == "[]"
    assert setting_in_fresh_process("CSRF_TRUSTED_ORIGINS", tmp_path) == "[]"


def test_a_listed_front_end_is_trusted_by_the_csrf_check_too(tmp_path):
    env = {
        "SHOP_CORS_ALLOWED_ORIGINS": "https://app.example.com,https://m.example.com",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://shop.example.com",
    }
    code = "from django.conf import settings as s; print(s.CORS_ALLOWED_ORIGINS); print(s.CSRF_TRUSTED_ORIGINS)"
    result = start_django(tmp_path, code, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "['https://app.example.com', 'https://m.example.com']",
        "['https://shop.example.com', 'https://app.example.com', 'https://m.example.com']",
    ]


@pytest.mark.parametrize("prefix", ["", "two words", "x" * 41])
def test_an_idempotency_prefix_stripe_could_not_take_stops_the_start(tmp_path, prefix):
    result = start_django(tmp_path, SHOP_IDEMPOTENCY_PREFIX=prefix)
    assert result.returncode != 0
    assert "SHOP_IDEMPOTENCY_PREFIX" in result.stderr


def test_a_live_shop_without_a_broker_refuses_to_start(tmp_path):
    result = start_django(tmp_path, CELERY_BROKER_URL=None)

    assert result.returncode != 0
    assert "ImproperlyConfigured: CELERY_BROKER_URL is not set" in result.stderr


@pytest.mark.parametrize("env", [{"DJANGO_DEBUG": "1"}, {"SHOP_DEMO": "1"}])
def test_the_demo_s_broker_is_a_sqlite_file_in_var(tmp_path, env):
    broker = setting_in_fresh_process("CELERY_BROKER_URL", tmp_path, CELERY_BROKER_URL=None, **env)
    assert broker == f"sqla+sqlite:///{tmp_path}/celery-broker.sqlite3"
    assert (
        setting_in_fresh_process("CELERY_BEAT_SCHEDULE_FILENAME", tmp_path, **env) == f"{tmp_path}/celerybeat-schedule"
    )


def test_the_demo_keeps_its_mails_in_var_unless_email_url_says_otherwise(tmp_path):
    assert setting_in_fresh_process("EMAIL_FILE_PATH", tmp_path, SHOP_DEMO="1") == f"{tmp_path}/mail"
    assert setting_in_fresh_process("EMAIL_BACKEND", tmp_path, SHOP_DEMO="1") == (
        "django.core.mail.backends.filebased.EmailBackend"
    )
    smtp = setting_in_fresh_process("EMAIL_BACKEND", tmp_path, SHOP_DEMO="1", EMAIL_URL="smtp://mail.internal:25")
    assert smtp == "django.core.mail.backends.smtp.EmailBackend"


def test_links_in_mails_lead_to_the_shop(tmp_path):
    # The demo: the port make run serves; a live shop: HTTPS on its first host name; or the setting itself.
    assert setting_in_fresh_process("SHOP_BASE_URL", tmp_path, SHOP_DEMO="1", PORT="8123") == "http://127.0.0.1:8123"
    hosts = {"DJANGO_ALLOWED_HOSTS": ".shop.example.com,www.example.com"}
    assert setting_in_fresh_process("SHOP_BASE_URL", tmp_path, **hosts) == "https://shop.example.com"
    given = setting_in_fresh_process("SHOP_BASE_URL", tmp_path, SHOP_BASE_URL="https://kicks.example/", **hosts)
    assert given == "https://kicks.example"


def test_beat_schedules_the_periodic_jobs_from_the_settings(tmp_path):
    code = (
        "from shopsite.celery import app; app.loader.import_default_modules(); "
        "schedule = app.conf.beat_schedule.items(); "
        "print({name: (entry['task'] in app.tasks, entry['schedule']) for name, entry in schedule})"
    )
    result = start_django(tmp_path, code, SHOP_MAIL_RESEND_EVERY_MINUTES="7")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "{'release-stale-reservations': (True, 300), 'handle-pending-stripe-events': (True, 300), "
        "'send-pending-mail': (True, 420), 'make-missing-picture-sizes': (True, 900), 'release-minute': (True, 60), "
        "'heartbeat': (True, 60)}"
    )


def test_env_example_lists_every_variable_the_shop_reads():
    example = (settings.BASE_DIR / ".env.example").read_text()
    read = set()
    # The shop's parts (not the test settings, nor __init__, which reads only which settings Django was asked for).
    parts = (settings.BASE_DIR / "shopsite" / "settings").glob("*.py")
    sources = [path for path in parts if path.name not in ("__init__.py", "test.py")]
    for source in [*sources, settings.BASE_DIR / "gunicorn.conf.py"]:
        text = source.read_text()
        read |= set(re.findall(r'\benv(?:\.\w+)?\(\s*"([A-Z][A-Z0-9_]+)"', text))
        read |= set(re.findall(r'os\.environ\.get\(\s*"([A-Z][A-Z0-9_]+)"', text))
    assert "CELERY_BROKER_URL" in read
    assert sorted(name for name in read if not re.search(rf"^# {name}=", example, re.MULTILINE)) == []


def test_redis_keeps_a_task_waiting_for_its_retry_longer_than_its_countdown(tmp_path):
    # A task Redis gave to another worker before its countdown ran out would run twice (harmless, the outbox claims
    # each mail, but wasteful): the visibility timeout outlasts the longest countdown, whatever the retry settings.
    for retries, seconds, longest in (("5", "60", 960), ("8", "600", 76_800)):
        options = setting_in_fresh_process(
            "CELERY_BROKER_TRANSPORT_OPTIONS", tmp_path, SHOP_MAIL_RETRIES=retries, SHOP_MAIL_RETRY_SECONDS=seconds
        )
        visibility = float(re.search(r"'visibility_timeout': ([\d.]+)", options)[1])
        assert visibility > longest
