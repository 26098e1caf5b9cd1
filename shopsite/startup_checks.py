"""System checks run as the shop starts (manage.py's commands: migrate on every release, check --deploy)."""

from django.conf import settings
from django.core import checks

# The policies under which Redis never drops a key it holds to make room: anything else may drop queued tasks.
SAFE_POLICIES = {"noeviction", "volatile-lru", "volatile-lfu", "volatile-random", "volatile-ttl"}


@checks.register()
def broker_eviction(app_configs, **kwargs) -> list[checks.CheckMessage]:
    """Warns when the broker's Redis may evict keys (allkeys-*): a queued task would be lost without a trace."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return []
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        policy = client.config_get("maxmemory-policy").get("maxmemory-policy", "")
    # Redis out, or CONFIG refused (a managed Redis): said, never a failed start nor a failed `check --deploy`.
    except redis.RedisError as error:
        return [
            checks.Info(
                f"Could not read the broker's maxmemory-policy ({type(error).__name__}: {error}).",
                hint="The broker's Redis must be set to noeviction (docs/DEPLOY.md).",
                id="shopsite.I001",
            )
        ]
    if policy in SAFE_POLICIES:
        return []
    return [
        checks.Warning(
            f"The broker's Redis has maxmemory-policy {policy}: when full it evicts keys, queued tasks among them.",
            hint="Give the broker its own Redis, maxmemory-policy noeviction and persisted (docs/DEPLOY.md).",
            id="shopsite.W001",
        )
    ]
