"""A live shop refuses a per-process cache and local media unless it says it runs on one machine."""

import pytest

from .test_settings import setting_in_fresh_process, start_django

SHARED = {"CACHE_URL": "redis://cache.internal:6379/0", "AWS_STORAGE_BUCKET_NAME": "shop-media"}


@pytest.mark.parametrize(
    ("env", "refusal"),
    [
        ({"AWS_STORAGE_BUCKET_NAME": "shop-media"}, "CACHE_URL names no shared cache"),
        ({"AWS_STORAGE_BUCKET_NAME": "shop-media", "CACHE_URL": "locmemcache://"}, "CACHE_URL names no shared cache"),
        ({"CACHE_URL": "redis://cache.internal:6379/0"}, "AWS_STORAGE_BUCKET_NAME is not set"),
    ],
)
def test_a_live_shop_on_per_process_state_refuses_to_start(tmp_path, env, refusal):
    result = start_django(tmp_path, SHOP_SINGLE_MACHINE=None, **env)

    assert result.returncode != 0
    assert refusal in result.stderr
    assert "SHOP_SINGLE_MACHINE=1" in result.stderr


def test_a_live_shop_on_shared_state_starts(tmp_path):
    backend = setting_in_fresh_process("STORAGES['default']['BACKEND']", tmp_path, SHOP_SINGLE_MACHINE=None, **SHARED)
    assert backend == "storages.backends.s3.S3Storage"


@pytest.mark.parametrize("env", [{"SHOP_SINGLE_MACHINE": "1"}, {"SHOP_DEMO": "1", "SHOP_SINGLE_MACHINE": None}])
def test_one_machine_or_the_demo_keeps_its_own_memory_and_disk(tmp_path, env):
    backend = setting_in_fresh_process("CACHES['default']['BACKEND']", tmp_path, **env)
    assert backend == "django.core.cache.backends.locmem.LocMemCache"
