"""A draw's losers let go off its critical path: decided and mailed in bulk in the draw's transaction, their
authorisations cancelled by workers in chunks after the commit, each cancel sent and recorded once, the test gateway
and Stripe alike; what the card service did not answer is tried again and swept up by beat."""

import threading
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.tests.factories import ShoeFactory
from orders.models import TestPaymentIntent
from orders.payments import GatewayUnavailable
from orders.payments.test import TestGateway
from orders.tests.stripe_recorded import (  # noqa: F401 (network_attempts: the autouse fixture that refuses the network)
    INTENT_ID,
    INTENT_URL,
    answer,
    connection_error,
    gateway_answering,
    network_attempts,
)
from releases import services, tasks
from releases.models import DrawEntry, Release
from releases.services import cancels

from .draws import enter, intents, mails, statuses
from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def draw(clock):
    shoe = ShoeFactory(sizes={"9": 9})
    release = release_of(shoe, sizes={"9": 1}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=1)
    return release


def fill(release, count: int) -> None:
    for _ in range(count):
        assert enter(release, release.sizes.get())[0].status_code == 201


def close(release, clock) -> None:
    clock.now = release.closes_at + timedelta(minutes=1)


class CancelCount:
    """The test gateway's cancels, counted per intent (from any thread)."""

    def __init__(self):
        self.calls: list[str] = []
        self.lock = threading.Lock()
        self.real = TestGateway.intent_cancel

    def patched(self):
        """TestGateway.intent_cancel, counting."""
        real, calls, lock = self.real, self.calls, self.lock

        def intent_cancel(gateway, *, intent_id):
            with lock:
                calls.append(intent_id)
            return real(gateway, intent_id=intent_id)

        return mock.patch.object(TestGateway, "intent_cancel", intent_cancel)


def test_the_draw_decides_and_mails_its_losers_and_leaves_the_cancels_to_the_workers(
    draw, clock, django_capture_on_commit_callbacks
):
    fill(draw, 5)
    close(draw, clock)

    with django_capture_on_commit_callbacks() as handed_over:
        report = services.draw_run(release_id=draw.pk)

    # The draw is done: one winner charged, four losers decided and mailed, and no cancel sent yet.
    assert (report.won, report.lost) == (1, 4)
    assert statuses(draw) == {"won": 1, "lost": 4} and len(mails("draw_lost")) == 4
    assert intents(TestPaymentIntent.Status.REQUIRES_CAPTURE) == 4
    assert not DrawEntry.objects.filter(authorisation_cancelled_at__isnull=False).exists()

    with django_capture_on_commit_callbacks(execute=True):
        for callback in handed_over:
            callback()

    assert intents(TestPaymentIntent.Status.CANCELED) == 4 and intents(TestPaymentIntent.Status.SUCCEEDED) == 1
    assert DrawEntry.objects.filter(status="lost", authorisation_cancelled_at__isnull=False).count() == 4
    assert DrawEntry.objects.get(status="won").authorisation_cancelled_at is None


def _queries_of_a_draw(clock, losers: int) -> int:
    shoe = ShoeFactory(sizes={"9": 9})
    release = release_of(shoe, sizes={"9": 1}, kind=Release.Kind.DRAW, name=f"Draw of {losers + 1}")
    clock.now = OPENS + timedelta(minutes=1)
    fill(release, losers + 1)
    close(release, clock)
    with CaptureQueriesContext(connection) as queries:
        report = services.draw_run(release_id=release.pk)
    assert (report.won, report.lost) == (1, losers)
    return len(queries)


def test_the_draw_s_queries_do_not_grow_with_its_losers(clock):
    assert _queries_of_a_draw(clock, 3) == _queries_of_a_draw(clock, 9)


def test_the_cancels_go_in_chunks_and_a_chunk_handed_over_twice_cancels_once(
    draw, clock, django_capture_on_commit_callbacks
):
    fill(draw, 6)
    close(draw, clock)
    counted = CancelCount()

    with (
        mock.patch.object(cancels, "CANCEL_CHUNK", 2),
        mock.patch.object(tasks.authorisations_cancel, "apply_async") as published,
        django_capture_on_commit_callbacks(execute=True),
    ):
        services.draw_run(release_id=draw.pk)
    chunks = [call.kwargs["args"][0] for call in published.call_args_list]
    assert sorted(len(chunk) for chunk in chunks) == [1, 2, 2]
    with counted.patched():
        for chunk in chunks + chunks:
            tasks.authorisations_cancel.apply(args=[chunk])

    losers = DrawEntry.objects.filter(status="lost")
    assert sorted(counted.calls) == sorted(losers.values_list("payment_intent_id", flat=True))
    assert losers.filter(authorisation_cancelled_at__isnull=False).count() == 5


def test_cancels_the_card_service_did_not_answer_are_tried_again_then_swept_up_by_beat(draw, clock):
    fill(draw, 3)
    close(draw, clock)
    services.draw_run(release_id=draw.pk)  # its hand-over never runs here: as if the broker had refused it
    losers = list(DrawEntry.objects.filter(status="lost").values_list("pk", flat=True))

    with mock.patch.object(TestGateway, "intent_cancel", side_effect=GatewayUnavailable("down")) as down:
        report = services.authorisations_cancel(entry_ids=losers)
    assert (report.cancelled, sorted(report.left)) == (0, sorted(losers))
    assert down.call_count == 2

    # Beat's minute leaves a decided entry's cancel to its own task for a while, then hands it over again.
    clock.now += cancels.SWEEP_AFTER - timedelta(seconds=1)
    assert tasks.release_minute()["cancels_owed"] == 0
    clock.now += timedelta(seconds=2)
    assert tasks.release_minute()["cancels_owed"] == 2
    # Celery is eager in the tests, and the hand-over waits for a commit that the test's transaction never makes.
    services.authorisations_cancel(entry_ids=losers)
    assert intents(TestPaymentIntent.Status.CANCELED) == 2
    assert tasks.release_minute()["cancels_owed"] == 0


@pytest.mark.parametrize(
    "stripe_answer", ["payment_intent_canceled", "cancel_already_canceled"], ids=["cancelled", "cancelled-before"]
)
def test_stripe_cancels_a_loser_s_authorisation_once(draw, clock, stripe_answer):
    fill(draw, 2)
    close(draw, clock)
    services.draw_run(release_id=draw.pk)
    loser = DrawEntry.objects.get(status="lost")
    DrawEntry.objects.filter(pk=loser.pk).update(payment_intent_id=INTENT_ID)
    stripe, http = gateway_answering(answer(stripe_answer))

    with mock.patch("releases.services.cancels.gateway_get", return_value=stripe):
        first = services.authorisations_cancel(entry_ids=[loser.pk])
        again = services.authorisations_cancel(entry_ids=[loser.pk])

    assert (first.cancelled, again.cancelled, again.skipped) == (1, 0, 1)
    assert [(sent.method, sent.url) for sent in http.sent] == [("post", f"{INTENT_URL}/cancel")]
    assert DrawEntry.objects.get(pk=loser.pk).authorisation_cancelled_at is not None


def test_stripe_not_answering_leaves_the_cancel_owed(draw, clock):
    fill(draw, 2)
    close(draw, clock)
    services.draw_run(release_id=draw.pk)
    loser = DrawEntry.objects.get(status="lost")
    DrawEntry.objects.filter(pk=loser.pk).update(payment_intent_id=INTENT_ID)
    stripe, _ = gateway_answering(connection_error())

    with mock.patch("releases.services.cancels.gateway_get", return_value=stripe):
        report = services.authorisations_cancel(entry_ids=[loser.pk])

    assert report.left == [loser.pk]
    assert DrawEntry.objects.get(pk=loser.pk).authorisation_cancelled_at is None


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrent transactions")
@pytest.mark.django_db(transaction=True)
def test_two_workers_given_the_same_chunk_at_once_send_each_cancel_once(clock):
    shoe = ShoeFactory(sizes={"9": 9})
    release = release_of(shoe, sizes={"9": 1}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=1)
    fill(release, 7)
    close(release, clock)
    with mock.patch("releases.services.draws.cancels_hand_over"):
        services.draw_run(release_id=release.pk)
    losers = list(DrawEntry.objects.filter(status="lost").values_list("pk", flat=True))
    counted = CancelCount()
    start = threading.Barrier(2)
    reports = [None, None]

    def work(index: int) -> None:
        try:
            start.wait()
            reports[index] = services.authorisations_cancel(entry_ids=losers)
        finally:
            connection.close()

    with counted.patched():
        threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)

    assert sorted(counted.calls) == sorted(
        DrawEntry.objects.filter(pk__in=losers).values_list("payment_intent_id", flat=True)
    )
    assert reports[0].cancelled + reports[1].cancelled == 6
    assert intents(TestPaymentIntent.Status.CANCELED) == 6
