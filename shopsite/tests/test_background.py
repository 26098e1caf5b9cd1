"""shopsite/background.py: work handed to Celery once the transaction that asked for it commits, and a broker that
refuses logged without harming what was committed.

Tasks run eagerly here, in the test's thread, as they are published; a closed port stands for a broker that is down.
"""

import logging

import pytest
from django.contrib.auth.models import Group
from django.db import transaction

from shopsite.background import tasks_hand_over
from shopsite.celery import app

from .brokers import publishing_to

# Real commits: the hand-over waits for one.
pytestmark = pytest.mark.django_db(transaction=True)

TASK = "shopsite.tests.test_background.note"
NOTED: list[tuple] = []


@app.task(name=TASK)
def note(*args) -> None:
    NOTED.append(args)


@pytest.fixture(autouse=True)
def noted():
    NOTED.clear()
    yield NOTED
    NOTED.clear()


def hand_over(*values) -> None:
    tasks_hand_over(
        task=TASK, calls=[(value,) for value in values], what="notes", fallback="the test's table keeps them"
    )


def test_the_work_is_handed_over_once_the_transaction_commits(noted):
    with transaction.atomic():
        Group.objects.create(name="buyers")
        hand_over(1, 2)
        assert noted == []

    assert noted == [(1,), (2,)]


def test_a_rolled_back_transaction_hands_over_nothing(noted):
    with pytest.raises(RuntimeError), transaction.atomic():
        hand_over(1)
        raise RuntimeError("the request failed after asking")
    assert noted == []

    # A savepoint rolled back: its work is dropped, the committed rest goes.
    with transaction.atomic():
        hand_over(2)
        with pytest.raises(RuntimeError), transaction.atomic():
            hand_over(3)
            raise RuntimeError("this part failed")
    assert noted == [(2,)]


def test_outside_a_transaction_it_is_handed_over_at_once(noted):
    hand_over("now")
    assert noted == [("now",)]


def test_nothing_to_hand_over_publishes_nothing(noted, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        hand_over()
    assert callbacks == [] and noted == []


def test_a_broker_that_refuses_is_logged_and_the_transaction_keeps_its_work(caplog, noted):
    with (
        publishing_to("redis://127.0.0.1:1/0"),
        caplog.at_level(logging.ERROR, logger="shopsite.background"),
        transaction.atomic(),
    ):
        Group.objects.create(name="buyers")
        hand_over("a", "b", "c")

    # Committed, and nothing raised to the caller.
    assert Group.objects.filter(name="buyers").exists()
    assert noted == []
    # One line for the three: after the first refusal the rest are not tried, each could wait out the timeouts again.
    [line] = [record for record in caplog.records if record.name == "shopsite.background"]
    assert line.getMessage() == "3 notes were not handed to a worker (the first: a); the test's table keeps them."
    assert line.exc_info is not None
