"""The heartbeats of beat and the workers: stamped in the database, their ages in /api/health (and /metrics)."""

import logging
from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.db import OperationalError
from django.utils import timezone

from shopsite import heartbeats
from shopsite.models import Heartbeat
from shopsite.tasks import heartbeat

from .brokers import publishing_to


def aged(part: str, seconds: float) -> None:
    Heartbeat.objects.update_or_create(name=part, defaults={"at": timezone.now() - timedelta(seconds=seconds)})


def test_beat_runs_the_heartbeat_every_minute_with_an_expiry():
    entry = settings.CELERY_BEAT_SCHEDULE["heartbeat"]

    assert entry["task"] == heartbeats.TASK == heartbeat.name
    assert entry["schedule"] == settings.SHOP_HEARTBEAT_SECONDS == 60
    assert entry["options"]["expires"] == 60


def test_sending_the_heartbeat_stamps_beat_and_running_it_stamps_the_worker(transactional_db):
    with publishing_to("memory://localhost/"):
        heartbeat.apply_async()

    assert set(Heartbeat.objects.values_list("name", flat=True)) == {"beat"}

    heartbeat.apply()

    ages = heartbeats.heartbeat_ages()
    assert set(ages) == {"beat", "worker"}
    assert all(0 <= age < settings.SHOP_HEARTBEAT_STALE_SECONDS for age in ages.values())


def test_a_stamp_is_one_update_once_the_row_exists(db, django_assert_num_queries):
    heartbeats.heartbeat_stamp("worker")

    with django_assert_num_queries(1) as queries:
        heartbeats.heartbeat_stamp("worker")
    assert queries.captured_queries[0]["sql"].startswith("UPDATE")


def test_other_tasks_sent_stamp_nothing(transactional_db):
    heartbeats.beat_sent(sender="mailing.tasks.mail_send")

    assert not Heartbeat.objects.exists()


def test_beat_keeps_sending_when_the_database_is_out(transactional_db, caplog):
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=OperationalError("gone")):
        heartbeats.beat_sent(sender=heartbeats.TASK)

    assert "Beat's heartbeat was not recorded (OperationalError: gone)" in caplog.text


def test_health_reports_fresh_heartbeats_ok(api_client, db):
    aged("beat", 30)
    aged("worker", 50)

    answer = api_client.get("/api/health").json()

    assert answer == {"status": "ok", "database": "ok", "cache": "ok", "worker": "ok", "beat": "ok"}


@pytest.mark.parametrize("part", ["worker", "beat"])
def test_a_stale_heartbeat_degrades_health_and_is_logged(api_client, db, part, caplog):
    aged("beat", 30)
    aged("worker", 30)
    aged(part, settings.SHOP_HEARTBEAT_STALE_SECONDS + 60)

    with caplog.at_level(logging.WARNING, logger="shopsite.heartbeats"):
        answer = api_client.get("/api/health")

    assert answer.status_code == 200
    assert answer.json()["status"] == "degraded"
    assert answer.json()[part] == "stale"
    assert {"worker", "beat"} - {part} <= {k for k, v in answer.json().items() if v == "ok"}
    assert f"The {part} heartbeat is" in caplog.text
    assert [r.levelname for r in caplog.records if r.name == "shopsite.heartbeats"] == ["WARNING"]


def test_no_heartbeat_yet_is_unknown_not_stale(api_client, db):
    assert heartbeats.heartbeat_ages() == {"beat": None, "worker": None}

    answer = api_client.get("/api/health").json()

    assert (answer["status"], answer["worker"], answer["beat"]) == ("ok", "unknown", "unknown")
