"""Stage 4, sale day (issue 27): shoppers browse while checkouts go through at 0, 2, 10 and 30 a second, straight to
the shop and through nginx's proxy cache (deploy/nginx-shop.conf), and a hot page through the proxy against the shop.

Browsing is bench/browse.lua (lists, search, shoe pages and shells from many addresses); checkouts are posted by
threads here at a steady rate, each timed, straight to the shop (a signed-in POST is never the proxy's to keep).
"""

import re
import statistics
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from bench.run.loads import (
    Measure,
    Target,
    checkout_body,
    request_headers,
    wrk_output,
    wrk_parse,
    wrk_run,
    wrk_script_start,
)
from bench.run.memory import connections_by_worker
from bench.run.plan import say
from bench.run.processes import cores_used, machine_cpu
from bench.run.proxy import Proxy, nginx_path, proxy_start, proxy_stop
from bench.run.servers import (
    BALANCER_HEADERS,
    NO_REDIRECTS,
    Server,
    server_make,
    server_start,
    server_stop,
    server_wait,
)
from bench.run.stage import Check, Errors, Outcome, Run

RATES = (0, 2, 10, 30)
QUICK_RATES = (0, 10)
BROWSE_CONNECTIONS = 16
CHECKOUT_THREADS = 8
SHOES_BROWSED = 20
HOT_PAGE = "/api/shoes?limit=28"
CHECKOUT = Target("checkout", "sale day", "/api/cart/checkout", method="POST")
# The server's /metrics (shopsite/metrics.py) answers the bench with it: the catalogue answers built in each row.
METRICS_TOKEN = "bench-sale-day-metrics"
BUILT = re.compile(r'^shop_catalogue_cache_total\{result="miss"\} ([\d.e+]+)$', re.MULTILINE)


class CheckoutDriver:
    """Posts checkouts at `rate` a second until stopped; each one's time and status are kept."""

    def __init__(self, server: Server, checkout: dict[str, Any], rate: int, token: str):
        self.server, self.checkout, self.rate, self.token = server, checkout, rate, token
        self.times: list[float] = []
        self.statuses: list[int] = []
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._next = 0

    def _one(self, n: int) -> None:
        body = checkout_body(self.checkout, f"{self.token}n{n}")
        headers = request_headers(CHECKOUT, self.server, self.checkout)
        request = urllib.request.Request(self.server.url + CHECKOUT.path, data=body, headers=headers, method="POST")
        started = time.monotonic()
        try:
            with NO_REDIRECTS.open(request, timeout=30) as answer:
                status = answer.status
        except urllib.error.HTTPError as error:
            status = error.code
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            status = 0
        with self._lock:
            self.times.append((time.monotonic() - started) * 1000)
            self.statuses.append(status)

    def _worker(self, start: float) -> None:
        while not self._stop.is_set():
            with self._lock:
                n = self._next
                self._next += 1
            # The n-th checkout's moment on the steady schedule; a late one goes at once.
            wait = start + n / self.rate - time.monotonic()
            if wait > 0 and self._stop.wait(wait):
                return
            self._one(n)

    def __enter__(self) -> "CheckoutDriver":
        self._threads = []
        if self.rate:
            start = time.monotonic()
            self._threads = [threading.Thread(target=self._worker, args=(start,)) for _ in range(CHECKOUT_THREADS)]
            for thread in self._threads:
                thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()

    def summary(self) -> dict[str, Any]:
        times = sorted(self.times)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0
        return {
            "checkouts": len(times),
            "checkout_p99_ms": round(p99, 1),
            "checkout_p50_ms": round(statistics.median(times), 1) if times else 0.0,
            "checkout_not_201": sum(1 for status in self.statuses if status != 201),
        }


def catalogue_built(shop: Server) -> float:
    """How many catalogue answers the shop's workers have built from the database so far (not found kept)."""
    headers = {**BALANCER_HEADERS, "Authorization": f"Bearer {METRICS_TOKEN}"}
    request = urllib.request.Request(shop.url + "/metrics", headers=headers)
    with NO_REDIRECTS.open(request, timeout=10) as answer:
        found = BUILT.search(answer.read().decode())
    return float(found.group(1)) if found else 0.0


def browse(server_url: Server | Proxy, run: Run, rate: int, seconds: int, token: str, ids: str) -> dict[str, Any]:
    """Shoppers browsing server_url (the shop, or nginx in front of it) while checkouts run at rate a second."""
    shop = run.servers["sale day"]
    built = catalogue_built(shop)
    with CheckoutDriver(shop, run.checkout, rate, token) as driver:
        term = urllib.parse.quote(run.catalogue["search_term"])
        process = wrk_script_start("browse.lua", BROWSE_CONNECTIONS, seconds, server_url, "/", term, ids)
        # Where the cores went, read while everything runs (a process that has ended is no longer in /proc).
        before, started = machine_cpu(), time.monotonic()
        time.sleep(1)
        # How wrk's connections (or nginx's) sit on the shop's workers: each keeps its own for good.
        connections = connections_by_worker(shop)
        time.sleep(max(seconds - 2, 1))
        cores = cores_used(before, machine_cpu(), time.monotonic() - started)
        output = wrk_output(process, "shoppers")
        measure: Measure = wrk_parse(output)
    failures = re.search(r"^browse failures: (.*)$", output, re.MULTILINE)
    return {
        "rate": rate,
        "browse_rps": measure.requests_per_second,
        "browse_p50_ms": measure.p50_ms,
        "browse_p99_ms": measure.p99_ms,
        "browse_errors": measure.errors,
        "browse_failures": failures.group(1) if failures else "",
        **driver.summary(),
        "cores": cores,
        "connections_by_worker": connections,
        # A sale moves no kept answer (catalog/fresh.py): a row builds only what a worker had not kept yet, however
        # many checkouts run.
        "catalogue_built": int(catalogue_built(shop) - built),
    }


def browse_rounds(where: Server | Proxy, run: Run, rate: int, seconds: int, prefix: str, ids: str) -> dict[str, Any]:
    """browse() plan.rounds times: the round of the median browsing rate, with every round's rate beside it (a
    single round of a few seconds moved by a fifth from one run to the next)."""
    measured = [
        browse(where, run, rate, seconds, f"{prefix}{rate}r{round_}x{int(time.time())}", ids)
        for round_ in range(run.plan.rounds)
    ]
    rates = [row["browse_rps"] for row in measured]
    median = sorted(measured, key=lambda row: row["browse_rps"])[len(measured) // 2]
    # The errors of every round count, not only the median's.
    errors = {key: sum(row[key] for row in measured) for key in ("browse_errors", "checkout_not_201")}
    return {**median, **errors, "rounds_browse_rps": rates}


def warm_up(where: Server | Proxy, run: Run, seconds: int, ids: str) -> None:
    """Browsing, unmeasured, until every worker (and the proxy's cache) holds what shoppers ask for: the quiet row
    is the one the others are compared with, and measured cold it would be the lowest."""
    browse(where, run, 0, max(seconds // 2, 2), f"warm{int(time.time())}", ids)


def sale_day_stage(run: Run) -> Outcome:
    plan = run.plan
    rates = QUICK_RATES if plan.quick else RATES
    seconds = max(plan.seconds * 2, 4)
    # The checkout server's settings, with a mail queue nobody reads (the mail stages count theirs), and one more proxy:
    # wrk plays the load balancer, nginx the cache behind it. Straight to the shop, wrk's one address is still taken.
    env = {
        **run.servers["checkout"].env,
        "SHOP_NUM_PROXIES": "2",
        "CELERY_QUEUE": f"bench-sale-day-{int(time.time())}",
        "SHOP_METRICS_TOKEN": METRICS_TOKEN,
    }
    shop = server_make("sale day", env, run.tmp)
    run.servers["sale day"] = shop
    first = run.checkout["shoe_id"]
    detail = run.catalogue["detail_id"]
    ids = ",".join(str(id_) for id_ in [first, *range(detail, detail + SHOES_BROWSED - 1)])
    say(f"Stage sale day: browsing {seconds} s per rate, checkouts at {', '.join(map(str, rates))} a second")
    rows: dict[str, list[dict[str, Any]]] = {"shop": [], "proxy": []}
    hot: dict[str, float] = {}
    server_start(shop)
    proxy = None
    try:
        server_wait(shop)
        warm_up(shop, run, seconds, ids)
        for rate in rates:
            rows["shop"].append(browse_rounds(shop, run, rate, seconds, "sd", ids))
            say(f"  shop, {rate}/s: {rows['shop'][-1]}")
        if nginx_path() is None:
            say("  nginx is missing: the proxy rows are skipped (make bench installs it)")
        else:
            proxy = proxy_start(shop, run.tmp)
            warm_up(proxy, run, seconds, ids)
            for rate in rates:
                rows["proxy"].append(browse_rounds(proxy, run, rate, seconds, "sp", ids))
                say(f"  proxy, {rate}/s: {rows['proxy'][-1]}")
            for name, where in (("shop", shop), ("proxy", proxy)):
                target = Target(f"hot {name}", "sale day", HOT_PAGE)
                hot[name] = wrk_run(target, where, seconds, run.checkout, "hot").requests_per_second
    finally:
        if proxy is not None:
            proxy_stop(proxy)
        server_stop(shop)
    return Outcome(
        results={"sale_day": {"rows": rows, "hot_page": hot, "seconds": seconds}},
        text=sale_day_table(rows, hot),
        errors=Errors(
            key="sale_day_errors",
            name="sale day: no browse error, every checkout 201",
            count=sum(row["browse_errors"] + row["checkout_not_201"] for where in rows.values() for row in where),
        ),
        checks=checks_make(rows, hot),
        load={"sale_day_load": f"browse.lua -t1 -c{BROWSE_CONNECTIONS}, checkouts from {CHECKOUT_THREADS} threads"},
    )


def sale_day_table(rows: dict[str, list[dict[str, Any]]], hot: dict[str, float]) -> str:
    lines = [
        "Sale day: shoppers browsing (browse.lua) while checkouts run",
        f"  {'where':<6} {'checkouts/s':>11} {'browse req/s':>12} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} "
        f"{'checkouts':>9} {'co p99 ms':>9} {'not 201':>7} {'built':>5}",
    ]
    for where, where_rows in rows.items():
        for row in where_rows:
            lines.append(
                f"  {where:<6} {row['rate']:>11} {row['browse_rps']:>12.0f} {row['browse_p50_ms']:>8.1f} "
                f"{row['browse_p99_ms']:>8.1f} {row['browse_errors']:>6} {row['checkouts']:>9} "
                f"{row['checkout_p99_ms']:>9.1f} {row['checkout_not_201']:>7} {row['catalogue_built']:>5}"
            )
    if hot:
        lines.append(f"  hot page {HOT_PAGE}: shop {hot['shop']:.0f} req/s, through nginx {hot['proxy']:.0f} req/s")
    return "\n".join(lines)


def checks_make(rows: dict[str, list[dict[str, Any]]], hot: dict[str, float]) -> list[Check]:
    checks = []
    for where, where_rows in rows.items():
        by_rate = {row["rate"]: row for row in where_rows}
        if 0 not in by_rate or 10 not in by_rate:
            continue
        quiet, busy = by_rate[0], by_rate[10]
        checks += [
            Check(
                f"{where}: browsing at 10 checkouts/s >= 90% of quiet", busy["browse_rps"] / quiet["browse_rps"], 0.90
            ),
            Check(
                f"{where}: browse p99 at 10 checkouts/s <= 2x quiet",
                busy["browse_p99_ms"] / quiet["browse_p99_ms"],
                2.0,
                at_most=True,
                unit="x",
            ),
            Check(f"{where}: checkout p99 at 10/s <= 500 ms", busy["checkout_p99_ms"], 500, at_most=True, unit="ms"),
        ]
    if hot:
        checks.append(Check("hot page through nginx >= 10x the shop's", hot["proxy"] / hot["shop"], 10.0, unit="x"))
    return checks
