"""The broker's eviction policy, checked at start against a real Redis; Redis out is a warning, never a failed start."""

import os

import pytest
import redis

from shopsite.startup_checks import broker_eviction

REDIS_URL = os.environ.get("CELERY_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")


def test_a_broker_that_does_not_answer_is_only_said(settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"

    [message] = broker_eviction(None)

    assert message.id == "shopsite.I001"


def test_other_brokers_are_not_asked(settings):
    settings.CELERY_BROKER_URL = "memory://"
    assert broker_eviction(None) == []


@pytest.mark.skipif(
    not redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.25).ping(), reason=f"no Redis at {REDIS_URL}"
)
def test_the_policy_is_read_from_the_broker(settings):
    settings.CELERY_BROKER_URL = REDIS_URL
    policy = redis.Redis.from_url(REDIS_URL).config_get("maxmemory-policy")["maxmemory-policy"]

    found = broker_eviction(None)

    # The shared Redis of this machine is not changed by the test: its own policy decides which answer is right.
    if policy.startswith("allkeys"):
        assert [message.id for message in found] == ["shopsite.W001"]
    else:
        assert found == []
