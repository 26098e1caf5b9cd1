"""The release stage's rows (bench/run/stages/release.py), made in the servers' database before the opening minute:

    python -m bench.release_seed --shoppers 1000 --bot-accounts 50 --opens-in 30

A shoe of 5 sizes with plenty of stock, a first-come release of 20 pairs of each (100 in all, one per person), the
shoppers' accounts and the bot's, each with a signed-in session made as django.contrib.auth.login() makes one (no
password check, which costs 1.5 s of CPU here: buyers sign in before the minute). Prints one JSON object on its last
line: the shoe, the release's opening instant and every account's session key.
"""

import argparse
import json
import os
import time
from datetime import timedelta
from decimal import Decimal
from importlib import import_module

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings")
django.setup()

from django.conf import settings  # noqa: E402  (needs django.setup() first)
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from catalog.models import Brand, Shoe, StockEntry  # noqa: E402
from releases.models import Release, ReleaseSize  # noqa: E402

SIZES = ["8", "8.5", "9", "9.5", "10"]
PAIRS_EACH = 20
PRICE = Decimal("180.00")


def sessions_for(users: list[User]) -> list[str]:
    """A signed-in session for each user, in one bulk insert."""
    engine = import_module(settings.SESSION_ENGINE)
    stores = []
    for user in users:
        store = engine.SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store._session_key = store._get_new_session_key()
        stores.append(store)
    model = engine.SessionStore.get_model_class()
    expires = timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE)
    model.objects.bulk_create(
        model(session_key=store.session_key, session_data=store.encode(store._session), expire_date=expires)
        for store in stores
    )
    return [store.session_key for store in stores]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoppers", type=int, required=True)
    parser.add_argument("--bot-accounts", type=int, required=True)
    parser.add_argument("--opens-in", type=int, required=True, help="Seconds from now to the opening minute.")
    arguments = parser.parse_args()
    tag = f"r{int(time.time())}"
    brand, _ = Brand.objects.get_or_create(name="Release Bench")
    shoe = Shoe.objects.create(
        name=f"Release {tag}", brand=brand, price=PRICE, color="Black", description="The release stage's shoe."
    )
    StockEntry.objects.bulk_create(StockEntry(shoe=shoe, size=Decimal(size), quantity=10_000) for size in SIZES)
    opens = timezone.now().replace(microsecond=0) + timedelta(seconds=arguments.opens_in)
    release = Release.objects.create(
        name="Bench Release", kind=Release.Kind.FIRST_COME, announce_at=opens - timedelta(days=1), opens_at=opens
    )
    ReleaseSize.objects.bulk_create(
        ReleaseSize(release=release, shoe=shoe, size=Decimal(size), pairs=PAIRS_EACH) for size in SIZES
    )
    shoppers = User.objects.bulk_create(
        User(email=f"{tag}-shopper-{n}@bench.test", email_verified=True) for n in range(arguments.shoppers)
    )
    bots = User.objects.bulk_create(
        User(email=f"{tag}-bot-{n}@bench.test", email_verified=True) for n in range(arguments.bot_accounts)
    )
    answer = {
        "shoe_id": shoe.pk,
        "price": str(PRICE),
        "amount": int(PRICE * 100),
        "sizes": SIZES,
        "pairs": PAIRS_EACH * len(SIZES),
        "release_id": release.pk,
        "opens_at": opens.timestamp(),
        "limit": release.per_person_limit,
        "shoppers": sessions_for(shoppers),
        "bots": sessions_for(bots),
        "session_cookie": settings.SESSION_COOKIE_NAME,
        "csrf_cookie": settings.CSRF_COOKIE_NAME,
    }
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
