"""What one checkout costs on the request path, in process: `python -m bench.checkout_probe [--pricing]`.

Run with DATABASE_URL naming a scratch PostgreSQL database (it is migrated and filled here) and
DJANGO_SETTINGS_MODULE=shopsite.settings.test (the test card gateway, mails kept in memory, Celery eager). It pays
ROUNDS single-pair checkouts through Django's test client, each with a new payment method, and prints as its last
line the JSON of the median and 90th percentile of a checkout's time (ms), the median of its Python CPU time and its
queries, and the median number of Python function calls of CALL_ROUNDS more checkouts (a figure the machine's load
does not move). With --pricing the shop has the demo's shipping methods, tax rates and code (orders/demo.py) and
each checkout applies WELCOME10, chooses Express and ships to New York, so the whole pricing path runs; without it
the shop has no pricing tables. Issue 30 compares the checkout before pricing with both (docs/DESIGN.md §5,
"Pricing").
"""

import json
import os
import statistics
import sys
import time
from decimal import Decimal

# The process's own cache, as on one machine (the pricing tables' version is kept there), and a checkout rate no one
# shopper reaches: the throttle counts ROUNDS tries of one account.
os.environ["CACHE_URL"] = "locmemcache://"
os.environ["SHOP_CHECKOUT_RATE"] = "100000/hour"

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

ROUNDS = 200
CALL_ROUNDS = 20
ADDRESS = {"name": "Ana Runner", "state": "New York", "city": "Buffalo", "line1": "Main 5-B", "postalCode": "14201"}


def shop(*, pricing: bool):
    """A shoe with pairs enough for every round, and a shopper signed in."""
    from accounts.tests.factories import UserFactory
    from catalog.tests.factories import ShoeFactory

    shoe = ShoeFactory(price=Decimal("99.99"), sizes={"9": ROUNDS * 2})
    extras = {}
    if pricing:
        from orders.demo import demo_pricing_ensure
        from orders.models import ShippingMethod

        demo_pricing_ensure()
        extras = {"code": "WELCOME10", "shipping": ShippingMethod.objects.get(name="Express").pk}
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(UserFactory())
    return shoe, client, extras


def main() -> None:
    pricing = "--pricing" in sys.argv
    call_command("migrate", verbosity=0)
    shoe, client, extras = shop(pricing=pricing)
    line = {"_id": shoe.pk, "size": "9", "quantity": 1, "price": 99.99}
    quote = client.post(
        "/api/cart/quote", {"shoes": [line], "address": ADDRESS, **extras}, content_type="application/json", secure=True
    ).json()
    amount = quote.get("total", quote["amount"])
    times, cpu, queries, calls = [], [], [], []

    def count(frame, event, arg) -> None:
        if event == "call":
            calls[-1] += 1

    for round_ in range(ROUNDS):
        payment_method = f"pm_card_visa--probe{round_:05d}"
        body = {"shoes": [line], "amount": amount, "id": payment_method, "address": ADDRESS, **extras}
        with CaptureQueriesContext(connection) as captured:
            started, started_cpu = time.perf_counter(), time.process_time()
            answer = client.post("/api/cart/checkout", body, content_type="application/json", secure=True)
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
        assert answer.status_code == 201, (answer.status_code, answer.content[:300])
        queries.append(len(captured.captured_queries))
    # Python calls of a checkout, counted apart from the timed rounds (counting slows every call): the same for the
    # same code whatever else the machine runs, where the times above move with its load.
    for round_ in range(CALL_ROUNDS):
        payment_method = f"pm_card_visa--calls{round_:05d}"
        body = {"shoes": [line], "amount": amount, "id": payment_method, "address": ADDRESS, **extras}
        calls.append(0)
        sys.setprofile(count)
        answer = client.post("/api/cart/checkout", body, content_type="application/json", secure=True)
        sys.setprofile(None)
        assert answer.status_code == 201, (answer.status_code, answer.content[:300])
    times.sort()
    print(
        json.dumps(
            {
                "pricing": pricing,
                "amount": amount,
                "rounds": ROUNDS,
                "median_ms": round(statistics.median(times), 2),
                "p90_ms": round(times[int(len(times) * 0.9)], 2),
                # This process's CPU alone (the shop's Python, not the database's), which other work on the machine
                # changes less than the wall clock.
                "python_cpu_median_ms": round(statistics.median(cpu), 2),
                "queries": statistics.median(queries),
                "python_calls_median": statistics.median(calls),
            }
        )
    )


if __name__ == "__main__":
    main()
