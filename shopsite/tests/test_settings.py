"""Settings read from the environment."""

import subprocess
import sys

import pytest


def start_django(tmp_path, code: str = "", **env) -> subprocess.CompletedProcess:
    """Set Django up in a new interpreter, with only the given environment, and run the code."""
    environment = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "shopsite.settings"}
    environment["SHOP_VAR_DIR"] = str(tmp_path)
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        env={**environment, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def setting_in_fresh_process(name: str, tmp_path, **env) -> str:
    result = start_django(tmp_path, f"from django.conf import settings; print(settings.{name})", **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_secret_key_is_made_once_and_kept(tmp_path):
    first = setting_in_fresh_process("SECRET_KEY", tmp_path)
    assert len(first) > 40
    assert setting_in_fresh_process("SECRET_KEY", tmp_path) == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_the_environment_key_wins(tmp_path):
    assert setting_in_fresh_process("SECRET_KEY", tmp_path, DJANGO_SECRET_KEY="from-env") == "from-env"


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
