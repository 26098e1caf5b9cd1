"""The release id in every cache key; migrate with a lock timeout."""

import pytest
from django.core.management import call_command
from django.db import connection

from .test_settings import setting_in_fresh_process


def test_the_release_is_in_every_cache_key_but_not_in_the_counters(tmp_path):
    assert setting_in_fresh_process("CACHES['default']['KEY_PREFIX']", tmp_path, SHOP_RELEASE="r42") == "r42"
    options = setting_in_fresh_process(
        "CACHES['default']",
        tmp_path,
        SHOP_RELEASE="r42",
        CACHE_URL="redis://cache.internal:6379/0",
        CACHE_KEY_PREFIX="shop",
    )
    assert "'KEY_PREFIX': 'shop:r42'" in options
    assert "'counter_prefix': 'shop'" in options


def test_without_shop_release_it_is_the_checkout_s_commit(tmp_path):
    assert len(setting_in_fresh_process("SHOP_RELEASE", tmp_path)) == 12


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's lock_timeout")
def test_migrate_waits_for_a_lock_at_most_its_timeout(settings):
    settings.DATABASE_MIGRATE_LOCK_TIMEOUT = 1.5
    try:
        call_command("migrate", verbosity=0)
        with connection.cursor() as cursor:
            cursor.execute("SHOW lock_timeout")
            assert cursor.fetchone() == ("1500ms",)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
