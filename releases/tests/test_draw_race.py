"""Two starts of one draw at once (two admins, two beats) on PostgreSQL: it runs once, each winner charged once."""

import threading
from datetime import timedelta

import pytest
from django.db import connection

from catalog.tests.factories import ShoeFactory
from orders.models import Order, TestPaymentIntent
from releases import services
from releases.models import Release

from .draws import enter, intents, mails
from .factories import OPENS, release_of

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrent transactions"),
    pytest.mark.django_db(transaction=True),
]


def test_a_draw_started_four_times_at_once_runs_once(clock):
    shoe = ShoeFactory(sizes={"9": 5})
    release = release_of(shoe, sizes={"9": 2}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=1)
    for _ in range(6):
        assert enter(release, release.sizes.get())[0].status_code == 201
    clock.now = release.closes_at

    start = threading.Barrier(4)
    reports = [None] * 4

    def run(index: int) -> None:
        try:
            start.wait()
            reports[index] = services.draw_run(release_id=release.pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert sorted(report.state for report in reports) == ["already", "already", "already", "ran"]
    assert intents(TestPaymentIntent.Status.SUCCEEDED) == 2 and intents(TestPaymentIntent.Status.CANCELED) == 4
    assert Order.objects.filter(payment=Order.Payment.PAID).count() == 2
    assert len(mails("draw_won")) == 2 and len(mails("draw_lost")) == 4
