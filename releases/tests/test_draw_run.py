"""A draw's run: per size among valid entries, winners charged with an order, a failed capture passes the pair on,
every other authorisation cancelled, one mail to each entrant; once, whoever starts it; expired ones cancelled."""

from datetime import timedelta
from unittest import mock

import pytest
from django.core.management import call_command

from catalog.tests.factories import ShoeFactory
from orders.models import Order, TestPaymentIntent
from releases import services
from releases.draw import draw_rank
from releases.models import DrawEntry, Release

from .draws import enter, intents, mails, statuses
from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db
SEED = "5eed" * 16


@pytest.fixture
def draw(clock):
    shoe = ShoeFactory(sizes={"9": 5, "10": 5})
    release = release_of(shoe, sizes={"9": 2, "10": 1}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=1)
    return release


def fill(release, per_size: dict[str, int]) -> list[DrawEntry]:
    for size, count in per_size.items():
        for _ in range(count):
            answer, _ = enter(release, release.sizes.get(size=size))
            assert answer.status_code == 201, answer.json()
    return list(DrawEntry.objects.filter(release=release))


@pytest.fixture
def run(clock, django_capture_on_commit_callbacks):
    """Runs the draw after its close, and what it hands to the workers after its commits (Celery eager in tests)."""

    def run(release, *, resume: bool = False):
        clock.now = max(clock.now, release.closes_at + timedelta(minutes=1))
        with (
            mock.patch("releases.services.draws.seed_new", return_value=SEED),
            django_capture_on_commit_callbacks(execute=True),
        ):
            return services.draw_run(release_id=release.pk, resume=resume)

    return run


def test_winners_are_charged_with_orders_and_everyone_else_is_let_go_with_one_mail_each(draw, clock, run):
    entries = fill(draw, {"9": 5, "10": 3})

    report = run(draw)

    assert (report.state, report.won, report.lost, report.seed) == ("ran", 3, 5, SEED)
    assert statuses(draw) == {"won": 3, "lost": 5}
    assert intents(TestPaymentIntent.Status.SUCCEEDED) == 3 and intents(TestPaymentIntent.Status.CANCELED) == 5
    won = DrawEntry.objects.filter(status=DrawEntry.Status.WON)
    assert {entry.order.payment for entry in won} == {Order.Payment.PAID}
    assert {entry.order.payment_intent_id for entry in won} == {entry.payment_intent_id for entry in won}
    # The winners are the first places of the seed's draw of each size.
    for size in draw.sizes.all():
        ranked = draw_rank(
            seed=SEED, size_id=size.pk, entry_ids=[e.pk for e in entries if e.release_size_id == size.pk]
        )
        assert set(won.filter(release_size=size).values_list("pk", flat=True)) == set(ranked[: size.pairs])
    assert mails("draw_won") == sorted(entry.email for entry in won)
    assert len(mails("draw_lost")) == 5
    # The draw's own mail tells the winner of the order: no second confirmation.
    assert mails("order_confirmation") == []
    draw.refresh_from_db()
    assert draw.draw_outcome == "drawn" and draw.draw_finished_at is not None and draw.draw_seed == SEED


def test_a_capture_that_fails_passes_the_pair_to_the_next_entrant(draw, clock, run):
    entries = fill(draw, {"10": 3})
    size = draw.sizes.get(size=10)
    first, second, _ = draw_rank(seed=SEED, size_id=size.pk, entry_ids=[e.pk for e in entries])
    # The first place's authorisation is gone by the draw (cancelled at the bank, or expired).
    TestPaymentIntent.objects.filter(intent_id=DrawEntry.objects.get(pk=first).payment_intent_id).update(
        status=TestPaymentIntent.Status.CANCELED
    )

    report = run(draw)

    assert (report.won, report.capture_failed, report.lost) == (1, 1, 1)
    assert DrawEntry.objects.get(pk=first).status == DrawEntry.Status.CAPTURE_FAILED
    assert DrawEntry.objects.get(pk=second).status == DrawEntry.Status.WON
    assert Order.objects.filter(payment=Order.Payment.PAID).count() == 1
    # The failed capture's held pair went back to stock: one pair of 5 sold.
    assert size.shoe.stock.get(size=10).quantity == 4
    assert len(mails("draw_lost")) == 2 and len(mails("draw_won")) == 1


def test_duplicates_by_card_or_address_are_void_and_let_go(draw, clock, run):
    size = draw.sizes.get(size=9)
    enter(draw, size, pm="pm_card_mastercard--own1", line1="Calle Uno 1")
    enter(draw, size, pm="pm_card_mastercard--own2", line1="Calle Dos 2")  # the same card, another account
    enter(draw, size, pm="pm_card_amex--own3", line1="calle uno-1")  # the same address typed otherwise

    report = run(draw)

    assert (report.void, report.won) == (2, 1)
    assert statuses(draw) == {"won": 1, "void": 2}
    assert intents(TestPaymentIntent.Status.CANCELED) == 2


def test_a_draw_run_twice_runs_once_and_mails_once(draw, clock, run):
    fill(draw, {"9": 3})

    first = run(draw)
    second = run(draw)

    assert (first.state, second.state) == ("ran", "already")
    assert intents(TestPaymentIntent.Status.SUCCEEDED) == 2
    assert len(mails("draw_won")) == 2 and len(mails("draw_lost")) == 1


def test_a_draw_run_after_the_authorisations_expired_cancels_them_all_and_says_so(draw, clock, run):
    fill(draw, {"9": 2, "10": 1})
    clock.now = draw.closes_at + timedelta(days=7)

    report = run(draw)

    assert (report.outcome, report.expired, report.won) == ("expired", 3, 0)
    assert statuses(draw) == {"expired": 3}
    assert intents(TestPaymentIntent.Status.CANCELED) == 3 and not Order.objects.exists()
    assert len(mails("draw_cancelled")) == 3
    release = Release.objects.get(pk=draw.pk)
    assert release.draw_outcome == "expired"


def test_a_draw_does_not_run_before_its_entries_close(draw, clock):
    fill(draw, {"9": 1})

    report = services.draw_run(release_id=draw.pk)

    assert report.state == "not_due" and statuses(draw) == {"entered": 1}


def test_the_command_runs_the_draw_and_prints_its_seed(draw, clock, capsys):
    fill(draw, {"9": 3})
    clock.now = draw.closes_at

    call_command("run_draw", str(draw.pk))
    call_command("run_draw", str(draw.pk))

    out = capsys.readouterr().out
    assert "Drawn with seed" in out and "2 won" in out and "1 not picked" in out
    assert "was started already; nothing was done" in out


def test_an_entry_still_at_3d_secure_when_the_draw_runs_is_abandoned_and_its_intent_cancelled(draw, clock, run):
    fill(draw, {"9": 1})
    enter(draw, draw.sizes.get(size=9), pm="pm_card_authenticationRequired--left")

    report = run(draw)

    assert report.won == 1 and statuses(draw) == {"won": 1, "abandoned": 1}
    assert intents(TestPaymentIntent.Status.CANCELED) == 1
    # Never entered, never mailed.
    assert len(mails("draw_lost")) == 0
