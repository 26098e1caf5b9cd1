"""Fills the bench's database: a catalogue of N shoes, a signed-in shopper and a shoe that never sells out.

bench/run/ (make bench) runs it with DJANGO_SETTINGS_MODULE=bench.settings and the bench's own DATABASE_URL and
SHOP_VAR_DIR, never the shop's:

    python -m bench.seed prepare --shoes 10000   # migrate, collect static files, seed, sign a shopper in
    python -m bench.seed grow --shoes 100000     # add shoes until there are that many

Each prints one JSON object on its last line: what the load's targets need (ids, the search term, the cookies).
Shoes go in with bulk_create in batches, so 100,000 shoes and their 1.2 million stock rows take two or three minutes,
not the hour that one save() per row would.
"""

import argparse
import json
import os
import random
import sys
import time
from dataclasses import asdict, dataclass
from decimal import Decimal
from importlib import import_module

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
django.setup()

from django.conf import settings  # noqa: E402  (needs django.setup() first)
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils.crypto import get_random_string  # noqa: E402

from accounts.models import User  # noqa: E402
from catalog import services  # noqa: E402
from catalog.models import Brand, Shoe, StockEntry  # noqa: E402

BRANDS = ["Nike", "Adidas", "New Balance", "Puma", "Asics", "Converse", "Vans", "Saucony"]
# The ?brand= target: about one shoe in eight.
BRAND_TERM = "Asics"
SIZES = [Decimal(6) + Decimal("0.5") * step for step in range(12)]  # 6 to 11.5
# A name is FIRST + SECOND (taken in turn from the shoe's number, so each pair names 1 shoe in 256) and a
# model suffix. No word holds another, so the ?name= term below matches its own pair only: 40 shoes in
# 10,000, 391 in 100,000.
FIRST = [
    "Storm", "Cloud", "Street", "Court", "Trail", "Urban", "Retro", "Nova",
    "Blaze", "Aero", "Metro", "Solar", "Terra", "Lunar", "Drift", "Apex",
]  # fmt: skip
SECOND = [
    "Glide", "Runner", "Boost", "Force", "Racer", "Dash", "Rider", "Walker",
    "Flex", "Pulse", "Wave", "Sprint", "Stride", "Kick", "Trek", "Hoop",
]  # fmt: skip
SUFFIXES = ["Pro", "Low", "Mid", "High", "OG", "Lite", "Max", "SE", "Plus", "Elite"]
SEARCH_TERM = "storm glide"
COLORS = [
    "Triple Black", "White", "Sail", "University Red", "Royal Blue", "Forest Green", "Cool Grey",
    "Volt", "Bone", "Navy", "Gum", "Pink Foam", "Sand", "Olive",
]  # fmt: skip
STYLES = ["running", "basketball", "skate", "lifestyle", "trail", "tennis"]
FEELS = ["light", "springy", "soft", "fast", "grippy", "steady"]
ON_SALE_SHARE = 0.1
BATCH_SHOES = 2_000
# The checkout target buys one pair at a time of this size: the shop's own limit (catalog.services
# MAX_STOCK_PER_SIZE) is a rule of its admin forms, so the ORM sets more than it allows.
CHECKOUT_SIZE = Decimal(9)
CHECKOUT_STOCK = 1_000_000
CHECKOUT_PRICE = Decimal("100.00")
BENCH_EMAIL = "bench-shopper@sneakers.test"


@dataclass(frozen=True)
class Checkout:
    """What the checkout target sends: its cart line, the total in cents and the signed-in session."""

    shoe_id: int
    size: str
    price: str
    amount: int
    session_cookie: str
    session_key: str
    csrf_cookie: str
    csrf_token: str


def log(message: str) -> None:
    """Progress on stderr: stdout carries only the JSON answer."""
    print(f"  seed: {message}", file=sys.stderr, flush=True)


def shoe_make(number: int, brands: list[Brand], rng: random.Random) -> Shoe:
    """The shoe of that number: its name pair comes from the number, the rest from the seeded generator."""
    first, second = FIRST[number % len(FIRST)], SECOND[(number // len(FIRST)) % len(SECOND)]
    style, feel = rng.choice(STYLES), rng.choice(FEELS)
    return Shoe(
        name=f"{first} {second} {rng.choice(SUFFIXES)}",
        brand=rng.choice(brands),
        description=(
            f"The {first} {second} is a {style} shoe with a {feel} ride: a breathable mesh upper, "
            f"a cushioned midsole and a rubber outsole made to last."
        ),
        color=rng.choice(COLORS),
        price=Decimal(rng.randrange(49, 250)) + Decimal("0.99"),
        on_sale=rng.random() < ON_SALE_SHARE,
    )


def brands_ensure() -> list[Brand]:
    return [Brand.objects.get_or_create(name=name)[0] for name in BRANDS]


def shoes_add(count: int) -> int:
    """Adds shoes, 12 sizes each, until the catalogue holds count of them; returns how many were added."""
    brands = brands_ensure()
    start = Shoe.objects.count()
    started = time.monotonic()
    for first in range(start, count, BATCH_SHOES):
        numbers = range(first, min(first + BATCH_SHOES, count))
        rng = random.Random(first)  # the same catalogue on every run
        shoes = [shoe_make(number, brands, rng) for number in numbers]
        stock = [StockEntry(shoe=shoe, size=size, quantity=rng.randrange(0, 26)) for shoe in shoes for size in SIZES]
        # As the demo and the importer write theirs: the shoes and their stock in one transaction.
        services.catalogue_rows_write(shoes=shoes, stock=stock)
        if (numbers.stop - start) % 20_000 == 0 or numbers.stop == count:
            log(f"{numbers.stop:,} shoes ({time.monotonic() - started:.0f} s)")
    return max(0, count - start)


def statistics_refresh() -> None:
    """Planner statistics for the new rows, as autovacuum would have them in a shop that has run a while."""
    tables = ", ".join(model._meta.db_table for model in (Brand, Shoe, StockEntry))
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"VACUUM ANALYZE {tables}")
        else:
            cursor.execute("ANALYZE")


def checkout_shoe_stock() -> Shoe:
    """The oldest shoe, at a round price and with a size that cannot run out during the bench."""
    shoe = Shoe.objects.order_by("id").first()
    assert shoe is not None, "seed shoes first"
    services.shoe_update(
        actor="command bench",
        shoe=shoe,
        brand=shoe.brand,
        name=shoe.name,
        description=shoe.description,
        color=shoe.color,
        price=CHECKOUT_PRICE,
        size=CHECKOUT_SIZE,
        quantity=CHECKOUT_STOCK,
    )
    return shoe


def shopper_session() -> tuple[User, str]:
    """A session signed in as the bench's shopper, made as django.contrib.auth.login() would make it."""
    user, _ = User.objects.get_or_create(email=BENCH_EMAIL, defaults={"display_name": "Bench Shopper"})
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return user, store.session_key


def checkout_prepare() -> Checkout:
    shoe = checkout_shoe_stock()
    _, session_key = shopper_session()
    return Checkout(
        shoe_id=shoe.pk,
        size=str(CHECKOUT_SIZE),
        price=str(CHECKOUT_PRICE),
        amount=int(CHECKOUT_PRICE * 100),
        session_cookie=settings.SESSION_COOKIE_NAME,
        session_key=session_key,
        csrf_cookie=settings.CSRF_COOKIE_NAME,
        # The CSRF check compares the cookie with the X-CSRFToken header; an unmasked secret passes.
        csrf_token=get_random_string(32),
    )


def catalogue_facts() -> dict:
    """What the targets ask for, and how much of the catalogue each one matches."""
    count = Shoe.objects.count()
    ids = Shoe.objects.order_by("id").values_list("id", flat=True)
    return {
        "shoes": count,
        "stock_rows": StockEntry.objects.count(),
        "brands": Brand.objects.count(),
        "on_sale": Shoe.objects.filter(on_sale=True).count(),
        "search_term": SEARCH_TERM,
        "search_matches": Shoe.objects.filter(name__icontains=SEARCH_TERM).count(),
        "brand_term": BRAND_TERM,
        "brand_matches": Shoe.objects.filter(brand__name__iexact=BRAND_TERM).count(),
        # Not the checkout's shoe, whose stock the checkout target changes.
        "detail_id": ids[count // 2] if count else None,
        "database": connection.vendor,
    }


def prepare(shoes: int) -> dict:
    """A fresh database and var dir made ready to serve: schema, static files, catalogue, shopper."""
    started = time.monotonic()
    call_command("migrate", interactive=False, verbosity=0)
    log(f"migrated ({time.monotonic() - started:.0f} s)")
    # The page shell names the bundles through the static files' manifest, which lives in SHOP_VAR_DIR.
    call_command("collectstatic", interactive=False, verbosity=0)
    log(f"static files collected ({time.monotonic() - started:.0f} s)")
    shoes_add(shoes)
    statistics_refresh()
    checkout = checkout_prepare()
    return {**catalogue_facts(), "checkout": asdict(checkout), "seconds": round(time.monotonic() - started, 1)}


def grow(shoes: int) -> dict:
    started = time.monotonic()
    added = shoes_add(shoes)
    statistics_refresh()
    return {**catalogue_facts(), "added": added, "seconds": round(time.monotonic() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["prepare", "grow"])
    parser.add_argument("--shoes", type=int, required=True, help="How many shoes the catalogue holds after it.")
    arguments = parser.parse_args()
    answer = prepare(arguments.shoes) if arguments.step == "prepare" else grow(arguments.shoes)
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
