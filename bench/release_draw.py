"""A release draw of N entries timed on PostgreSQL (issue 28): the draw itself, then its cancels done by workers.

    DATABASE_URL=postgres://... SHOP_TEST_CELERY_EAGER=0 CELERY_BROKER_URL=redis://127.0.0.1:6379/8 \
        .venv/bin/python -m bench.release_draw 10000 [workers]

Makes a draw of 100 pairs in 5 sizes with N entries whose cards are authorised (the test gateway's rows, made in
bulk), runs it once and prints its run time (the picking, the 100 captures, every loser decided with its mail queued
in bulk and its authorisation's cancel handed over in chunks), the captures, the paid orders and the mails. With a
broker (CELERY_BROKER_URL) it then starts a Celery worker (`workers` threads, default 4, a queue of its own) and
prints how long after the draw's start every loser's authorisation was cancelled (the worker sends the mails too,
to Django's in-memory backend). The load average is printed before and after. The database is migrated first; the
rows it makes are left there.
"""

import os
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from decimal import Decimal

import django

SIZES = ["8", "8.5", "9", "9.5", "10"]


def worker_start(threads: int) -> subprocess.Popen:
    """A Celery worker on the bench's queue, with this process's settings and database."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "shopsite", "worker", "--pool", "threads", "-c", str(threads),
         "-Q", os.environ["CELERY_QUEUE"], "--loglevel", "WARNING", "--without-gossip", "--without-mingle"],
        env={**os.environ, "SHOP_TEST_CELERY_EAGER": "0"},
    )  # fmt: skip


def main(entries: int, threads: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings.test")
    # The draw publishes to this queue and the worker takes from it; a broker's leftovers of another run stay apart.
    os.environ.setdefault("CELERY_QUEUE", f"bench-draw-{uuid.uuid4().hex[:8]}")
    django.setup()
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import User
    from catalog.tests.factories import ShoeFactory
    from mailing.models import Mail
    from orders.models import Order, TestPaymentIntent
    from releases import services
    from releases.models import DrawEntry, Release, ReleaseSize
    from shopsite.celery import app

    call_command("migrate", verbosity=0)
    now, tag = timezone.now(), f"b{int(time.time())}"
    shoe = ShoeFactory(sizes=dict.fromkeys(SIZES, 20))
    release = Release.objects.create(
        name="Bench draw", kind="draw", announce_at=now - timedelta(days=2), opens_at=now - timedelta(days=1),
        closes_at=now - timedelta(minutes=1),
    )  # fmt: skip
    sizes = [ReleaseSize.objects.create(release=release, shoe=shoe, size=Decimal(s), pairs=20) for s in SIZES]
    users = User.objects.bulk_create([User(email=f"{tag}-{i}@bench.test") for i in range(entries)])
    amount, intents = int(shoe.price * 100), [f"pi_{tag}_{i}" for i in range(entries)]
    TestPaymentIntent.objects.bulk_create(
        TestPaymentIntent(
            intent_id=intent,
            client_secret="s",
            idempotency_key=intent,
            payment_method_id=f"pm_card_visa__{tag}n{i}",
            amount=amount,
            currency="usd",
            capture_manual=True,
            status="requires_capture",
        )
        for i, intent in enumerate(intents)
    )
    DrawEntry.objects.bulk_create(
        DrawEntry(
            release=release,
            release_size=sizes[i % 5],
            user=user,
            email=user.email,
            ship_name="Ana",
            ship_state="Jalisco",
            ship_city="Guadalajara",
            ship_line1=f"Calle {i}",
            ship_postal_code="44100",
            address_key=f"addr_{tag}_{i}",
            card_fingerprint=f"fp_{tag}_{i}",
            payment_method_id=f"pm_card_visa__{tag}n{i}",
            payment_intent_id=intents[i],
            amount=amount,
            status="entered",
            authorised_at=now - timedelta(hours=1),
        )
        for i, user in enumerate(users)
    )
    load = os.getloadavg()
    started = time.perf_counter()
    report = services.draw_run(release_id=release.pk)
    took = time.perf_counter() - started
    charged = TestPaymentIntent.objects.filter(intent_id__in=intents)
    print(f"entries {entries}: the draw ran in {took:.1f} s; won {report.won}, lost {report.lost}, void {report.void}")
    print(
        f"captured {charged.filter(status='succeeded').count()}, "
        f"cancelled {charged.filter(status='canceled').count()}, "
        f"still authorised {charged.filter(status='requires_capture').count()}; paid orders "
        f"{Order.objects.filter(payment_intent_id__in=intents, payment='paid').count()}; mails "
        f"{Mail.objects.filter(to__startswith=tag).count()}"
    )
    if app.conf.broker_url.startswith("memory"):
        print("no broker (CELERY_BROKER_URL): the cancels were handed over to nobody; not timed")
    else:
        worker = worker_start(threads)
        owed = DrawEntry.objects.filter(release=release, authorisation_cancelled_at__isnull=True).exclude(status="won")
        try:
            while owed.exists() and time.perf_counter() - started < 3600:
                time.sleep(0.5)
            done = time.perf_counter() - started
        finally:
            worker.terminate()
            worker.wait(timeout=60)
        print(
            f"every loser's authorisation cancelled {done:.1f} s after the draw's start ({threads} worker threads): "
            f"cancelled {charged.filter(status='canceled').count()}, "
            f"recorded {DrawEntry.objects.filter(release=release, authorisation_cancelled_at__isnull=False).count()}, "
            f"mails sent {Mail.objects.filter(to__startswith=tag, state='sent').count()}"
        )
    print(f"load average before {load[0]:.1f}, after {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000, int(sys.argv[2]) if len(sys.argv) > 2 else 4)
