"""The release stage (issue 28): a first-come release of 100 pairs in 5 sizes opens while 1,000 shoppers (accounts,
cards and addresses of their own) and one bot (50 accounts, 3 addresses, one card) load the shoe's page and check
out at the opening second, on the `checkout` server (test cards): straight to the shop, then through nginx
(deploy/nginx-shop.conf, which refuses checkouts beyond the app's threads with its own 429), each path a release of
its own. Each shopper presses pay again after a 429, once its Retry-After and a moment of its own have passed, as a
person would, until the opening minute is over. Figures: pairs sold (exactly the release's), the most any account or
card got (at most the limit), 5xx and failed connections (none), the page's and the checkout's p50/p99, and how many
answers were 429."""

import asyncio
import json
import os
import random
import ssl
import statistics
import subprocess
import time
from collections import Counter
from dataclasses import asdict, dataclass, field

import httpx

from bench.run.plan import PYTHON, ROOT, say
from bench.run.proxy import Proxy, nginx_path, proxy_start, proxy_stop
from bench.run.servers import BALANCER_HEADERS, NUM_PROXIES, Server, server_start, server_stop, server_wait
from bench.run.stage import Check, Errors, Outcome, Run

SHOPPERS = 1_000
QUICK_SHOPPERS = 1_000
BOT_ACCOUNTS = 50
BOT_ADDRESSES = 3
BOT_CARD = "pm_card_visa__n999999"
# A shopper refused with a 429 tries again until the opening minute is over, after its Retry-After and a moment of
# its own (up to 2 s more: a person reads the message, then presses pay).
MINUTE = 60
SHOPPER_MOMENT = 2.0
# Seconds from the seed to the opening: the server is up and the sessions made before it.
OPENS_IN = 25
# A request that takes longer is a failure, as a shopper's browser would give up.
TIMEOUT_SECONDS = 60


@dataclass
class Release:
    path: str  # "shop" (straight to gunicorn) or "proxy" (through nginx)
    shoppers: int
    bot_accounts: int
    pairs_offered: int
    pairs_sold: int  # 201 answers
    pairs_in_database: int  # the release's paid pairs, counted in the database after
    most_in_database: dict[str, int]  # the most paid pairs under one account_key, card_key, address_key
    most_per_account: int
    bot_pairs: int  # all on one card: the most any card got
    limit: int
    answers: dict[str, int]  # checkout answers by status
    page_p50_ms: float
    page_p99_ms: float
    checkout_p50_ms: float
    checkout_p99_ms: float
    sold_p99_ms: float  # the 201s' own
    tries: int  # checkout requests in all
    too_busy: int  # 429 answers
    failed: int  # 5xx answers and requests with no answer (timeouts, refused connections)
    seconds: float
    load_average: list[float] = field(default_factory=list)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def seed_release(env: dict[str, str], shoppers: int) -> dict:
    command = [PYTHON, "-m", "bench.release_seed", "--shoppers", str(shoppers)]
    command += ["--bot-accounts", str(BOT_ACCOUNTS), "--opens-in", str(OPENS_IN)]
    result = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def pairs_in_database(env: dict[str, str], release_id: int) -> dict:
    """The release's paid pairs as the database has them: in all, and the most under one account, card, address."""
    code = f"""
import json, os, django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings")
django.setup()
from django.db.models import Max, Sum
from orders.models import Order
from releases.models import ReleasePurchase
paid = ReleasePurchase.objects.filter(release_id={release_id}, order__payment=Order.Payment.PAID)
most = {{key: paid.values(key).annotate(n=Sum("pairs")).aggregate(m=Max("n"))["m"] or 0
        for key in ("account_key", "card_key", "address_key")}}
print(json.dumps({{"sold": paid.aggregate(n=Sum("pairs"))["n"] or 0, **most}}))
"""
    result = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


class Load:
    """Every request's status and time, by kind."""

    def __init__(self) -> None:
        self.page_ms: list[float] = []
        self.checkout_ms: list[float] = []
        self.sold_ms: list[float] = []
        self.answers: Counter[str] = Counter()
        self.page_failed = 0
        self.bought: Counter[str] = Counter()  # pairs by account

    async def timed(self, client: httpx.AsyncClient, kind: str, method: str, url: str, **options) -> httpx.Response:
        started = time.perf_counter()
        try:
            answer = await client.request(method, url, **options)
        except httpx.HTTPError as error:
            self.answers[f"{kind} {type(error).__name__}"] += 1
            return None
        elapsed = (time.perf_counter() - started) * 1000
        (self.page_ms if kind == "page" else self.checkout_ms).append(elapsed)
        if kind == "checkout" and answer.status_code == 201:
            self.sold_ms.append(elapsed)
        if kind == "page" and answer.status_code != 200:
            self.page_failed += 1
        return answer


async def shopper(
    load: Load, client: httpx.AsyncClient, seeded: dict, person: dict, opens_at: float, origin: str
) -> None:
    """Waits for the opening second, loads the shoe's page (its two calls), then presses pay."""
    await asyncio.sleep(max(0.0, opens_at - time.time()))
    shoe = seeded["shoe_id"]
    base = {**BALANCER_HEADERS, "X-Forwarded-For": person["ip"]}
    await load.timed(client, "page", "GET", f"/api/shoes/{shoe}", headers=base)
    await load.timed(client, "page", "GET", f"/api/releases?shoe={shoe}", headers=base)
    line = {"_id": shoe, "size": person["size"], "quantity": 1, "price": float(seeded["price"])}
    body = {"shoes": [line], "amount": seeded["amount"], "id": person["card"], "address": person["address"]}
    csrf = person["session"][:32]
    headers = {
        **base,
        "Cookie": f"{seeded['session_cookie']}={person['session']}; {seeded['csrf_cookie']}={csrf}",
        "X-CSRFToken": csrf,
        "Origin": origin,
    }
    moments = random.Random(person["session"])
    while True:
        answer = await load.timed(client, "checkout", "POST", "/api/cart/checkout", json=body, headers=headers)
        if answer is None:
            return
        load.answers[str(answer.status_code)] += 1
        if answer.status_code == 201:
            load.bought[person["session"]] += 1
            return
        if answer.status_code != 429:
            return
        wait = float(answer.headers.get("Retry-After", "1")) + moments.uniform(0, SHOPPER_MOMENT)
        if time.time() + wait > opens_at + MINUTE:
            return
        await asyncio.sleep(wait)


def people(seeded: dict) -> tuple[list[dict], list[dict]]:
    sizes = seeded["sizes"]
    shoppers = [
        {
            "session": session,
            "size": sizes[n % len(sizes)],
            "card": f"pm_card_visa__n{n}",
            "ip": f"10.{n // 250}.{n % 250}.1",
            "address": {"name": "Ana Runner", "state": "Jalisco", "city": "Guadalajara", "line1": f"Calle {n}",
                        "postalCode": "44100"},
        }
        for n, session in enumerate(seeded["shoppers"])
    ]  # fmt: skip
    bots = [
        {
            "session": session,
            "size": sizes[n % len(sizes)],
            "card": BOT_CARD,
            "ip": f"192.168.7.{n % BOT_ADDRESSES + 1}",
            "address": {"name": "Bo Reseller", "state": "Texas", "city": "Austin",
                        "line1": f"Bot Street {n % BOT_ADDRESSES}", "postalCode": "73301"},
        }
        for n, session in enumerate(seeded["bots"])
    ]  # fmt: skip
    return shoppers, bots


async def opening(server: Server | Proxy, seeded: dict) -> Load:
    load = Load()
    shoppers, bots = people(seeded)
    # Each shopper a client of its own, as each is a browser: one pool shared by a thousand connections costs httpx a
    # scan of them all per request. Through nginx a shopper keeps its connection (nginx keeps an idle one 75 s);
    # straight to gunicorn, which drops an idle one after 5 s (racing a request into it), one connection per request.
    proxied = isinstance(server, Proxy)
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1 if proxied else 0)
    # Made once: a client makes its own TLS context otherwise (certificates read), though none is used here.
    tls = ssl.create_default_context()
    # The Origin the shop's CSRF check expects: its Host, which nginx passes without the port (as on 443).
    origin = "https://127.0.0.1" if proxied else server.url.replace("http://", "https://")
    clients = [
        httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT_SECONDS, limits=limits, verify=tls)
        for _ in shoppers + bots
    ]
    try:
        await asyncio.gather(
            *(
                shopper(load, client, seeded, person, seeded["opens_at"], origin)
                for client, person in zip(clients, shoppers + bots, strict=True)
            )
        )
    finally:
        for client in clients:
            await client.aclose()
    return load


def release_run(run: Run, path: str, shoppers: int) -> Release:
    """One release's opening minute, straight to the shop (path "shop") or through nginx ("proxy")."""
    server = run.servers["checkout"]
    # The release's counters (the gate, the tries per minute) are atomic counters on the cache every worker shares,
    # as in production (docs/DEPLOY.md): Redis, the broker's, not the other stages' per-process memory. Through nginx
    # the shop counts one more proxy before the shopper's address.
    server.env = {
        **server.env,
        "CACHE_URL": server.env["CELERY_BROKER_URL"],
        "SHOP_NUM_PROXIES": "2" if path == "proxy" else NUM_PROXIES,
    }
    server_start(server)
    proxy = None
    try:
        server_wait(server)
        if path == "proxy":
            proxy = proxy_start(server, run.tmp)
        seeded = seed_release(server.env, shoppers)
        bot_sessions = set(seeded["bots"])
        load = asyncio.run(opening(proxy or server, seeded))
        # From the opening second to the last answer.
        seconds = time.time() - seeded["opens_at"]
        load_average = [round(value, 2) for value in os.getloadavg()]
        in_database = pairs_in_database(server.env, seeded["release_id"])
    finally:
        if proxy is not None:
            proxy_stop(proxy)
        server_stop(server)
    checkout_answers = {key: value for key, value in load.answers.items() if not key.startswith("page")}
    failed = sum(v for k, v in load.answers.items() if k.startswith("5") or " " in k) + load.page_failed
    return Release(
        path=path,
        shoppers=shoppers,
        bot_accounts=BOT_ACCOUNTS,
        pairs_offered=seeded["pairs"],
        pairs_sold=load.answers["201"],
        pairs_in_database=in_database["sold"],
        most_in_database={key: value for key, value in in_database.items() if key != "sold"},
        most_per_account=max(load.bought.values(), default=0),
        bot_pairs=sum(count for session, count in load.bought.items() if session in bot_sessions),
        limit=seeded["limit"],
        answers=dict(sorted(checkout_answers.items())),
        page_p50_ms=round(statistics.median(load.page_ms), 1) if load.page_ms else float("nan"),
        page_p99_ms=round(percentile(load.page_ms, 0.99), 1),
        checkout_p50_ms=round(statistics.median(load.checkout_ms), 1) if load.checkout_ms else float("nan"),
        checkout_p99_ms=round(percentile(load.checkout_ms, 0.99), 1),
        sold_p99_ms=round(percentile(load.sold_ms, 0.99), 1),
        tries=len(load.checkout_ms),
        too_busy=load.answers["429"],
        failed=failed,
        seconds=round(seconds, 1),
        load_average=load_average,
    )


def release_errors(release: Release) -> int:
    oversold = abs(release.pairs_sold - release.pairs_offered) + abs(release.pairs_in_database - release.pairs_offered)
    most = [release.most_per_account, release.bot_pairs, *release.most_in_database.values()]
    over_limit = sum(max(0, value - release.limit) for value in most)
    return release.failed + oversold + over_limit


def release_stage(run: Run) -> Outcome:
    shoppers = QUICK_SHOPPERS if run.plan.quick else SHOPPERS
    say(f"Release: {shoppers:,} shoppers and a bot of {BOT_ACCOUNTS} accounts at a release's opening second")
    paths = ["shop"]
    if nginx_path() is None:
        say("  nginx is missing: the release through the proxy is skipped (make bench installs it)")
    else:
        paths.append("proxy")
    releases = []
    for path in paths:
        releases.append(release_run(run, path, shoppers))
        say(release_table(releases[-1]))
    checks = [
        Check(f"release ({release.path}): checkout p99 under 10 s", release.checkout_p99_ms, 10_000, at_most=True,
              unit=" ms")
        for release in releases
    ]  # fmt: skip
    proxied = [release for release in releases if release.path == "proxy"]
    if proxied:
        checks.append(
            Check("release through nginx: checkout p99 under 2 s", proxied[0].checkout_p99_ms, 2_000, at_most=True,
                  unit=" ms")
        )  # fmt: skip
    return Outcome(
        results={"release": {release.path: asdict(release) for release in releases}},
        text="\n".join(release_table(release) for release in releases),
        errors=Errors(
            key="release_errors",
            name="release: exactly its pairs sold, none over the limit, no 5xx or timeout (each path)",
            count=sum(release_errors(release) for release in releases),
        ),
        checks=checks,
        load={"release_load": f"{shoppers} shoppers + {BOT_ACCOUNTS} bot accounts at once, httpx asyncio"},
    )


def release_table(release: Release) -> str:
    return "\n".join(
        [
            f"Release, {'through nginx' if release.path == 'proxy' else 'straight to the shop'}: {release.shoppers:,}"
            f" shoppers + a bot of {release.bot_accounts} accounts, 3 addresses, 1 card",
            f"  pairs sold {release.pairs_sold} of {release.pairs_offered} (database: {release.pairs_in_database});"
            f" most per account {release.most_per_account}, the bot's card {release.bot_pairs} (limit {release.limit});"
            f" the database's most per key {release.most_in_database}",
            f"  page    p50 {release.page_p50_ms:.0f} ms, p99 {release.page_p99_ms:.0f} ms",
            f"  checkout p50 {release.checkout_p50_ms:.0f} ms, p99 {release.checkout_p99_ms:.0f} ms;"
            f" the 201s' p99 {release.sold_p99_ms:.0f} ms; {release.tries} tries, 429s {release.too_busy};"
            f" 5xx or no answer {release.failed}",
            f"  checkout answers {release.answers}; {release.seconds} s from the opening; load average"
            f" {release.load_average}",
        ]
    )
