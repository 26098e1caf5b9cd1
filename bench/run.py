"""`make bench`: the shop under load, served as in production, each call weighed against Django's own floor.

Seeds a database of its own (PostgreSQL `shop_bench`, or SQLite when no PostgreSQL answers) and serves it with
gunicorn and the production config: three servers, the shop as configured, the same with the catalogue cache
off (SHOP_CATALOG_CACHE_SECONDS=0), and two that take test cards for the checkout, each with a Celery worker of its own
mailing the confirmations through an SMTP server on loopback: one answers at once, the other takes 2 s per answer (the
two checkout figures must stay within 10% of each other: no request waits on the mail server; the workers are paused
while wrk loads a target and send between targets, see WORKER_SETTLE_SECONDS). wrk loads every target in
interleaved rounds: each round runs every target once, so whatever else the machine does slows all targets
alike, and each figure is the median over the rounds. Then the catalogue grows tenfold and the list and search
calls are measured again. Last, the abuse stage: a flood of unpaged and junk-parameter calls, each URL new, while
shoppers page through the list; the shoppers' req/s beside their figure without the flood, the flood's answers and
the memory of the shop's workers before and after. README.md beside this file says how to read the tables.

BENCH_QUICK=1 is a smoke run (1,000 shoes, one short round, no second stage, a short abuse stage on the small
catalogue); BENCH_KEEP=1 keeps the temporary directory (logs, SQLite file) and the PostgreSQL database for a look
afterwards.
"""

import contextlib
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any

import psycopg
import redis

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
RESULTS = BENCH / "results"
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
CELERY = str(Path(sys.executable).parent / "celery")
# Where PostgreSQL is looked for (no database name: the bench makes its own).
POSTGRES_SERVER = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/")
# BENCH_DATABASE lets two benches (two checkouts of the shop) run on one PostgreSQL without dropping each other's.
DATABASE_NAME = os.environ.get("BENCH_DATABASE", "shop_bench")
# The bench's servers sign sessions with it; it signs nothing outside the bench's own throwaway database.
SECRET_KEY = "bench-only-secret-key-not-for-any-live-shop-0123456789"
# The same load for every target: two wrk threads (the machine has two cores) and 16 open connections.
WRK_THREADS = 2
WRK_CONNECTIONS = 16
WRK_TIMEOUT = "10s"
READY_SECONDS = 60
CHECKOUT_CARD = "pm_card_visa"
# What the shop reads from the environment besides the bench's own settings; never taken from the caller's shell.
SHOP_VARIABLES = ("SHOP_", "DJANGO_", "GUNICORN_BIND", "AWS_", "FIREBASE_", "STRIPE_")
# The abuse stage: one wrk plays shoppers, one floods, each with one thread, so neither wrk takes more than one
# of the machine's two cores. The shoppers (bench/shopper.lua) page through the first SHOPPER_PAGES pages of the
# list and pause SHOPPER_THINK_MS after each answer: alone they ask for about half of what the shop serves, and
# under the flood their req/s falls only as far as the shop makes them wait. The flood (bench/flood.lua) has as
# many connections as the shoppers and never pauses: the check asks whether a hostile request costs the shop
# about what a shopper's page costs. More flood connections would only lengthen the queue every shopper waits
# in, whatever the shop does with them; against an attacker with more, the per-address limit is what helps
# (each load has client addresses of its own in X-Forwarded-For).
SHOPPER_CONNECTIONS = 8
SHOPPER_PAGES = 10
SHOPPER_THINK_MS = 20
FLOOD_CONNECTIONS = 8
# The flood runs alone this long before the shoppers are measured, and goes on as long after them.
FLOOD_LEAD_SECONDS = 2
# The bar: the shoppers keep half their req/s under the flood.
SHOPPER_KEEPS = 0.50
# Flat memory: at its peak (sampled four times a second from the flood's start until the shop is idle again)
# the workers' summed VmRSS has grown by less than both. What the stage's flood may add to a well-behaved shop:
# a few hundred bounded answers in the workers' local-memory caches (~85 KB each at 100,000 shoes, measured
# at 20 to 40 MB in all); what one unpaged answer adds: ~700 MB while it is built, ~300 MB kept.
MEMORY_GROWTH_SHARE = 0.25
MEMORY_GROWTH_MIB = 100
# The machine is shared: the flood is stopped when the workers have grown this much, and the shop killed when
# the machine runs short of memory all the same (requests it had started go on after the flood stops).
MEMORY_GUARD_MIB = 4096
MEMORY_AVAILABLE_FLOOR_MIB = 2048
# After the flood the shop finishes what it had started; its memory is read once it is idle, or after this long.
SETTLE_SECONDS = 120
# CPU seconds a second, summed over the workers, under which the shop counts as idle.
IDLE_CPU_SHARE = 0.05
# The checkout servers' broker: Redis as in production (its db 0 unless BENCH_BROKER_URL says otherwise; the bench's
# queues are its own and deleted at the end), or a SQLite file in the bench's temp dir when no Redis answers.
BROKER_URL = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/0")
# The slow mail server's wait before each answer (MAIL, RCPT, DATA), and how far apart the two checkout figures may be.
SLOW_MAIL_SECONDS = 2.0
CHECKOUT_MAIL_SPREAD = 0.10
# The checkout servers' workers are paused while wrk loads any target, then run until they are idle (the one whose
# mail server answers at once has drained its queue; the other only waits on its mail server), for at most this long.
# On this machine's two cores a worker sending mail takes CPU and database commits from the checkouts it is measured
# beside, which is not what the two checkout figures compare: in production workers are machines of their own
# (docs/DEPLOY.md). What is compared is the request itself, the same checkout handing its mail to the same broker.
WORKER_SETTLE_SECONDS = 90
# They and their mail servers run at the lowest CPU priority besides.
BACKGROUND_NICE = 19
# The load balancer in front of the shop sends the client's address in X-Forwarded-For (docs/DEPLOY.md).
NUM_PROXIES = "1"
# Without DEBUG the shop speaks HTTPS only and redirects plain HTTP; in production the load balancer ends
# TLS and says so with this header, which gunicorn trusts from 127.0.0.1 (FORWARDED_ALLOW_IPS).
BALANCER_HEADERS = {"X-Forwarded-Proto": "https"}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer to see (a 301 to HTTPS means the bench measured nothing), not to follow."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


NO_REDIRECTS = urllib.request.build_opener(_NoRedirect)


@dataclass(frozen=True)
class Plan:
    """How big and how long: the full run, or BENCH_QUICK's smoke run."""

    shoes: int
    big_shoes: int | None  # the second stage's catalogue; None skips it
    rounds: int
    seconds: int
    warmup_seconds: int
    abuse_seconds: int  # how long the shoppers are measured, alone and under the flood
    quick: bool


def plan_from_env() -> Plan:
    if os.environ.get("BENCH_QUICK", "") not in ("", "0"):
        return Plan(shoes=1_000, big_shoes=None, rounds=1, seconds=2, warmup_seconds=1, abuse_seconds=3, quick=True)
    return Plan(shoes=10_000, big_shoes=100_000, rounds=3, seconds=5, warmup_seconds=2, abuse_seconds=10, quick=False)


@dataclass(frozen=True)
class Target:
    """One call loaded by wrk; server names the gunicorn that answers it (see servers_make)."""

    name: str
    server: str
    path: str
    method: str = "GET"
    script: Path | None = None  # a wrk Lua script, only where plain GETs will not do


@dataclass
class Measure:
    """What one wrk run printed."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    non_2xx: int
    socket_errors: int
    not_201: int | None = None

    @property
    def bad_answers(self) -> int:
        """Non-2xx answers; for the checkout, which counts them itself, any answer but 201."""
        return self.non_2xx if self.not_201 is None else self.not_201

    @property
    def errors(self) -> int:
        return self.bad_answers + self.socket_errors


@dataclass
class Summary:
    """A target's median over the rounds, and each round's figures for the JSON."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    bad_answers: int
    socket_errors: int
    rounds: list[Measure] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return self.bad_answers + self.socket_errors


@dataclass
class Server:
    name: str
    port: int
    env: dict[str, str]
    log: Path
    process: subprocess.Popen | None = None
    # The checkout servers' Celery worker (its own queue, its own mail server), started and stopped with gunicorn.
    mail: "MailServer | None" = None
    worker: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@dataclass
class MailServer:
    """An SMTP server on loopback in a process of its own (shopsite/tests/smtp_server.py) that waits `delay` seconds
    before each answer (MAIL, RCPT, DATA)."""

    port: int
    delay: float
    log: Path
    process: subprocess.Popen | None = None

    @property
    def email_url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def received(self) -> int:
        return self.log.read_text().count("received 250") if self.log.exists() else 0


@dataclass(frozen=True)
class Memory:
    """The resident memory (VmRSS) of a gunicorn master's workers: how many, their sum and the largest, in MiB."""

    workers: int
    sum_mib: float
    max_mib: float


@dataclass
class Abuse:
    """The abuse stage: the shoppers alone and under the flood, the flood itself, and the workers' memory."""

    shoes: int
    seconds: int  # how long the shoppers were measured, alone and under the flood
    shopper_alone: Measure
    shopper_flooded: Measure
    shopper_after: Measure  # alone again once the shop is idle: with shopper_alone, the figure without the flood
    flood: Measure
    flood_answers: dict[str, int]  # by status class: 2xx, 3xx, 4xx, 5xx, other
    flood_megabytes: float  # what the flood's wrk read
    memory_before: Memory
    memory_peak: Memory  # the largest sum from the flood's start until the shop was idle again
    memory_after: Memory
    settle_seconds: float  # how long the shop stayed busy after the flood stopped
    guard: str  # what the memory guard did, if anything

    @property
    def errors(self) -> int:
        """What no load may meet: a shopper's answer that is not 2xx, a 5xx to the flood, any socket error."""
        shopper = self.shopper_alone.errors + self.shopper_flooded.errors + self.shopper_after.errors
        return shopper + self.flood_answers["5xx"] + self.flood.socket_errors

    @property
    def shopper_unflooded(self) -> float:
        """The shoppers' req/s without the flood: the mean of before and after it, so that a change in what else
        the machine does during the stage weighs on both sides of the comparison."""
        return (self.shopper_alone.requests_per_second + self.shopper_after.requests_per_second) / 2


@dataclass(frozen=True)
class Check:
    name: str
    value: float
    threshold: float
    at_most: bool = False  # the value must stay under the threshold (memory), not reach it (req/s)
    unit: str = "%"

    @property
    def passed(self) -> bool:
        return self.value < self.threshold if self.at_most else self.value >= self.threshold


def say(message: str) -> None:
    print(message, flush=True)


# ---- The database


def postgres_create() -> str | None:
    """A fresh bench database (`shop_bench`) on the local PostgreSQL and its URL, or None when none answers."""
    try:
        with psycopg.connect(POSTGRES_SERVER + "postgres", autocommit=True, connect_timeout=3) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {DATABASE_NAME} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {DATABASE_NAME}")
    except psycopg.OperationalError as error:
        say(f"No PostgreSQL at {POSTGRES_SERVER} ({str(error).strip().splitlines()[0]}): using SQLite.")
        return None
    return POSTGRES_SERVER + DATABASE_NAME


def postgres_drop() -> None:
    with psycopg.connect(POSTGRES_SERVER + "postgres", autocommit=True, connect_timeout=3) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DATABASE_NAME} WITH (FORCE)")


def database_version(database_url: str) -> str:
    if database_url.startswith("sqlite"):
        import sqlite3

        return f"SQLite {sqlite3.sqlite_version}"
    with psycopg.connect(database_url, connect_timeout=3) as connection:
        return f"PostgreSQL {connection.execute('SHOW server_version').fetchone()[0]}"


# ---- The servers


def workers_count() -> int:
    """What gunicorn.conf.py picks when WEB_CONCURRENCY is unset; the bench sets it so it can print it."""
    return int(os.environ.get("WEB_CONCURRENCY", (os.cpu_count() or 1) * 2 + 1))


def base_env(var_dir: Path, database_url: str, workers: int, broker_url: str) -> dict[str, str]:
    """A production environment of the bench's own: no DEBUG, its own var dir, database, cache and mail.

    The shop's variables of the calling shell are left out (a .env file still fills those the bench does not
    set); GUNICORN_THREADS and WEB_CONCURRENCY are kept, so a run can try other worker counts.
    """
    env = {key: value for key, value in os.environ.items() if not key.startswith(SHOP_VARIABLES)}
    env.update(
        DJANGO_SETTINGS_MODULE="bench.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=SECRET_KEY,
        SHOP_VAR_DIR=str(var_dir),
        DATABASE_URL=database_url,
        CACHE_URL="locmemcache://",
        # Only the checkout servers' workers send mail (servers_make), to SMTP servers on loopback.
        EMAIL_URL="dummymail://",
        CELERY_BROKER_URL=broker_url,
        IDENTITY_PROVIDER="local",
        PAYMENT_GATEWAY="test",
        WEB_CONCURRENCY=str(workers),
        FORWARDED_ALLOW_IPS="127.0.0.1",
        SHOP_NUM_PROXIES=NUM_PROXIES,
    )
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def broker_pick(tmp: Path) -> str:
    """BROKER_URL when Redis answers there, else kombu's SQLAlchemy transport on a file of the bench's."""
    try:
        redis.Redis.from_url(BROKER_URL, socket_connect_timeout=1, socket_timeout=1).ping()
        return BROKER_URL
    except redis.RedisError as error:
        say(f"No Redis at {BROKER_URL} ({error}): the checkout's broker is a SQLite file.")
        return f"sqla+sqlite:///{tmp / 'broker.sqlite3'}"


def servers_make(env: dict[str, str], tmp: Path, token: str) -> dict[str, Server]:
    """`warm` serves the shop as configured, `cold` the same with the catalogue cache off, and the two checkout
    servers take test cards, which the shop allows only with SHOP_DEMO=1 (HTTPS kept on, as in production) or DEBUG.
    Each checkout server has a worker of its own on a queue of its own, mailing through its own SMTP server: `checkout`
    one that answers at once, `checkout slow` one that takes SLOW_MAIL_SECONDS over each answer."""
    checkout = {
        **env,
        "SHOP_DEMO": "1",
        "SHOP_HTTPS": "1",
        "SHOP_ALLOW_TEST_PAYMENTS": "1",
        # The shop allows 20 checkouts an hour per shopper (card testing); the bench is one shopper.
        "SHOP_CHECKOUT_RATE": "1000000/hour",
    }
    envs = {
        "warm": env,
        # Every read of this one is built from the database, from one client: no budget of answers built anew.
        "cold": {**env, "SHOP_CATALOG_CACHE_SECONDS": "0", "SHOP_CATALOG_BUILD_RATE": ""},
        "checkout": checkout,
        "checkout slow": checkout,
    }
    servers = {
        name: Server(name=name, port=free_port(), env=server_env, log=tmp / f"gunicorn-{name.replace(' ', '-')}.log")
        for name, server_env in envs.items()
    }
    for name, delay in (("checkout", 0.0), ("checkout slow", SLOW_MAIL_SECONDS)):
        server = servers[name]
        server.mail = MailServer(port=free_port(), delay=delay, log=tmp / f"smtp-{name.replace(' ', '-')}.log")
        server.env = {
            **server.env,
            "EMAIL_URL": server.mail.email_url,
            "CELERY_QUEUE": f"bench-{token}-{name.replace(' ', '-')}",
        }
    return servers


def server_start(server: Server) -> None:
    env = {**server.env, "GUNICORN_BIND": f"127.0.0.1:{server.port}"}
    control = server.log.with_suffix(".ctl")
    with server.log.open("a") as log:
        # A session of its own: a Ctrl-C reaches this script, which then stops the server itself.
        server.process = subprocess.Popen(
            # gunicorn's control socket defaults to one path in $HOME for every server: each gets its own.
            [GUNICORN, "-c", "gunicorn.conf.py", "--control-socket", str(control), "shopsite.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    if server.mail is not None:
        mail = server.mail
        with mail.log.open("a") as log:
            mail.process = subprocess.Popen(
                ["nice", "-n", str(BACKGROUND_NICE), PYTHON, "-m", "shopsite.tests.smtp_server",
                 "--port", str(mail.port), "--delay", str(mail.delay)],
                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        with worker_log(server).open("a") as log:
            # One process, four threads: its CPU is read from /proc like the gunicorn workers'.
            server.worker = subprocess.Popen(
                ["nice", "-n", str(BACKGROUND_NICE), CELERY, "-A", "shopsite", "worker", "-P", "threads", "-c", "4",
                 "-Q", server.env["CELERY_QUEUE"], "-n", f"{server.env['CELERY_QUEUE']}@%h", "-l", "INFO",
                 "--without-gossip", "--without-mingle", "--without-heartbeat"],
                cwd=ROOT, env=server.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        for process in (mail.process, server.worker):
            autogroup_nice(process.pid)


def autogroup_nice(pid: int) -> None:
    """With the kernel's autogroups, a process's nice counts only against its own session: the session of its own it
    started gets the low priority too."""
    with contextlib.suppress(OSError):
        Path(f"/proc/{pid}/autogroup").write_text(f"{BACKGROUND_NICE}\n")


def worker_log(server: Server) -> Path:
    return server.log.with_name(server.log.name.replace("gunicorn-", "worker-"))


def server_wait(server: Server) -> None:
    """Returns once the floor answers (and a checkout server's worker is ready); a server that died or never answers
    ends the bench with its log."""
    deadline = time.monotonic() + READY_SECONDS
    while server.worker is not None and " ready." not in worker_log(server).read_text(errors="replace"):
        if server.worker.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the worker of {server.name} did not start:\n{log_tail(worker_log(server))}")
        time.sleep(0.3)
    while server.mail is not None and "ready on" not in server.mail.log.read_text(errors="replace"):
        if server.mail.process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the mail server of {server.name} did not start:\n{log_tail(server.mail.log)}")
        time.sleep(0.1)
    while time.monotonic() < deadline:
        assert server.process is not None
        if server.process.poll() is not None:
            raise RuntimeError(f"gunicorn ({server.name}) exited:\n{log_tail(server.log)}")
        request = urllib.request.Request(server.url + "/bench/floor", headers=BALANCER_HEADERS)
        try:
            with NO_REDIRECTS.open(request, timeout=2) as answer:
                if answer.status == 200:
                    return
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"gunicorn ({server.name}) answers /bench/floor with {error.code}") from error
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise RuntimeError(f"gunicorn ({server.name}) did not answer in {READY_SECONDS} s:\n{log_tail(server.log)}")


def server_stop(server: Server) -> None:
    """SIGTERM to the master (it stops its workers) and to the Celery worker; SIGKILL to the process group of either
    if it lingers."""
    for holder, attribute in ((server, "process"), (server, "worker"), (server.mail, "process")):
        process = getattr(holder, attribute) if holder is not None else None
        if process is None:
            continue
        if process.poll() is None:
            # A worker paused between targets must be awake to stop.
            process.send_signal(signal.SIGCONT)
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        setattr(holder, attribute, None)


def process_cpu_seconds(pid: int) -> float:
    fields = proc_read(pid, "stat").rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if len(fields) > 12 else 0.0


def workers_pause(servers: dict[str, Server]) -> None:
    """SIGSTOP to the checkout servers' workers, before wrk loads a target (WORKER_SETTLE_SECONDS says why)."""
    for server in servers.values():
        if server.worker is not None:
            server.worker.send_signal(signal.SIGSTOP)


def workers_settle(servers: dict[str, Server]) -> None:
    """SIGCONT to the checkout servers' workers, then waits until they are idle: the mails queued meanwhile are sent."""
    running = [server.worker for server in servers.values() if server.worker is not None]
    for worker in running:
        worker.send_signal(signal.SIGCONT)
    if not running:
        return
    started = time.monotonic()
    used = sum(process_cpu_seconds(worker.pid) for worker in running)
    while time.monotonic() - started < WORKER_SETTLE_SECONDS:
        time.sleep(1)
        used, before = sum(process_cpu_seconds(worker.pid) for worker in running), used
        if used - before < IDLE_CPU_SHARE:
            return


def log_tail(path: Path, lines: int = 30) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else "(no log)"


# ---- Seeding


def seed(step: str, shoes: int, env: dict[str, str]) -> dict[str, Any]:
    """bench/seed.py in its own process, with the servers' environment; its last line is its JSON answer."""
    result = subprocess.run(
        [PYTHON, "-m", "bench.seed", step, "--shoes", str(shoes)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


# ---- Targets and wrk


# The size filter's target: 25 seeded shoes in 26 have pairs of a size (bench/seed.py: 0 to 25 each), so its pages fill
# as fast as the plain list's; its COUNT is the cost that grows with the catalogue.
SIZE_QUERY = "size=9.5&inStock=true"


def targets_stage_one(facts: dict[str, Any]) -> list[Target]:
    limit = "limit=28"
    term = urllib.parse.quote(facts["search_term"])
    return [
        Target("floor", "warm", "/bench/floor"),
        Target("list warm", "warm", f"/api/shoes?{limit}"),
        Target("list cold", "cold", f"/api/shoes?{limit}"),
        Target("search warm", "warm", f"/api/shoes?{limit}&name={term}"),
        Target("search cold", "cold", f"/api/shoes?{limit}&name={term}"),
        Target("brand", "warm", f"/api/shoes?{limit}&brand={urllib.parse.quote(facts['brand_term'])}"),
        # A shopper's size in stock (issue 19): the list filtered by one size with pairs, beside the plain list.
        Target("size warm", "warm", f"/api/shoes?{limit}&{SIZE_QUERY}"),
        Target("size cold", "cold", f"/api/shoes?{limit}&{SIZE_QUERY}"),
        Target("on sale", "warm", f"/api/shoes/onSale?{limit}"),
        Target("detail", "warm", f"/api/shoes/{facts['detail_id']}"),
        Target("page shell", "warm", "/"),
        Target("checkout", "checkout", "/api/cart/checkout", method="POST", script=BENCH / "checkout.lua"),
        Target("checkout slow", "checkout slow", "/api/cart/checkout", method="POST", script=BENCH / "checkout.lua"),
    ]


def targets_stage_two(stage_one: list[Target]) -> list[Target]:
    """The floor again (to show the machine did not change), then the calls whose cost grows with the catalogue."""
    return [
        target
        for target in stage_one
        if target.name in ("floor", "list warm", "list cold", "search warm", "search cold", "size warm", "size cold")
    ]


# Where the bench's orders ship; checkout.lua sends the same.
BENCH_ADDRESS = {
    "name": "Ana Runner",
    "state": "Jalisco",
    "city": "Guadalajara",
    "line1": "Calle 5-B",
    "postalCode": "44100",
}


def checkout_body(checkout: dict[str, Any], nonce: str) -> bytes:
    """The body checkout.lua sends, for the probe."""
    line = {"_id": checkout["shoe_id"], "size": checkout["size"], "quantity": 1, "price": float(checkout["price"])}
    body = {"shoes": [line], "amount": checkout["amount"], "id": f"{CHECKOUT_CARD}--{nonce}", "address": BENCH_ADDRESS}
    return json.dumps(body).encode()


def request_headers(target: Target, server: Server, checkout: dict[str, Any]) -> dict[str, str]:
    """The balancer's header, and for the checkout what a signed-in browser sends: session, CSRF token, origin."""
    if target.method != "POST":
        return BALANCER_HEADERS
    session = f"{checkout['session_cookie']}={checkout['session_key']}"
    csrf = f"{checkout['csrf_cookie']}={checkout['csrf_token']}"
    return {
        **BALANCER_HEADERS,
        "Content-Type": "application/json",
        "Cookie": f"{session}; {csrf}",
        "X-CSRFToken": checkout["csrf_token"],
        # Over HTTPS the CSRF check also wants the page's origin (a browser sends it with every POST).
        "Origin": f"https://127.0.0.1:{server.port}",
    }


def probe(target: Target, server: Server, checkout: dict[str, Any]) -> tuple[int, str]:
    """One request before the load, so a target that cannot answer (403, 404, 500) shows why at once."""
    body = checkout_body(checkout, f"probe{int(time.time())}") if target.method == "POST" else None
    headers = request_headers(target, server, checkout)
    request = urllib.request.Request(server.url + target.path, data=body, headers=headers, method=target.method)
    try:
        with NO_REDIRECTS.open(request, timeout=30) as answer:
            return answer.status, ""
    except urllib.error.HTTPError as error:
        return error.code, error.read(300).decode(errors="replace")


def wrk_command(target: Target, server: Server, seconds: int, checkout: dict[str, Any], token: str) -> list[str]:
    command = ["wrk", f"-t{WRK_THREADS}", f"-c{WRK_CONNECTIONS}", f"-d{seconds}s", f"--timeout={WRK_TIMEOUT}"]
    for name, value in request_headers(target, server, checkout).items():
        command += ["-H", f"{name}: {value}"]
    command += ["--latency", server.url + target.path]
    if target.script is not None:
        command[1:1] = ["-s", str(target.script)]
        command += ["--", token, *(str(checkout[key]) for key in ("shoe_id", "size", "price", "amount"))]
    return command


TIME_UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}


def percentile_ms(output: str, percent: int) -> float:
    match = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s|m|h)\s*$", output, re.MULTILINE)
    if not match:
        return float("nan")
    return float(match.group(1)) * TIME_UNITS_MS[match.group(2)]


def number_after(output: str, pattern: str) -> int:
    match = re.search(pattern, output)
    return int(match.group(1)) if match else 0


def wrk_parse(output: str) -> Measure:
    """wrk's text report (with --latency): req/s, the 50th and 99th percentiles, and every kind of failure."""
    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    not_201 = re.search(r"^not 201: (\d+)$", output, re.MULTILINE)
    return Measure(
        requests_per_second=float(rate.group(1)) if rate else 0.0,
        p50_ms=percentile_ms(output, 50),
        p99_ms=percentile_ms(output, 99),
        requests=number_after(output, r"(\d+) requests in"),
        non_2xx=number_after(output, r"Non-2xx or 3xx responses: (\d+)"),
        socket_errors=sum(int(count) for count in sockets.groups()) if sockets else 0,
        not_201=int(not_201.group(1)) if not_201 else None,
    )


def wrk_run(target: Target, server: Server, seconds: int, checkout: dict[str, Any], token: str) -> Measure:
    command = wrk_command(target, server, seconds, checkout, token)
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"wrk failed on {target.name}: {result.stderr or result.stdout}")
    return wrk_parse(result.stdout)


def run_token(stage: int, round_number: int) -> str:
    """Unique per wrk run (letters and digits only), so no checkout reuses a payment method id of an earlier run."""
    return f"s{stage}r{round_number}x{int(time.time() * 1000) % 10**9}"


# ---- Measuring


def warm_up(targets: list[Target], servers: dict[str, Server], plan: Plan, checkout: dict[str, Any]) -> None:
    """Probe each target once, then load it briefly: imports done, connections open, caches full."""
    for target in targets:
        status, detail = probe(target, servers[target.server], checkout)
        mark = "" if 200 <= status < 300 else f"   <-- !! NOT 2xx: {detail}"
        say(f"  probe {target.name:<12} {target.method} {target.path}: {status}{mark}")
        workers_pause(servers)
        wrk_run(target, servers[target.server], plan.warmup_seconds, checkout, run_token(0, 0))
        workers_settle(servers)


def measure(
    stage: int, targets: list[Target], servers: dict[str, Server], plan: Plan, checkout: dict[str, Any]
) -> dict[str, Summary]:
    """Interleaved rounds; each round starts one target later, so no target always follows the same one. The two
    checkout targets, whose figures are compared with each other, run twice a round as A B B A (B A A B every other
    round): each as often first as second, and six figures each for the median, since one stock row's lock makes the
    checkout the noisiest target."""
    rounds: dict[str, list[Measure]] = {target.name: [] for target in targets}
    for round_number in range(plan.rounds):
        shift = round_number % len(targets)
        order = checkout_pair_twice(targets[shift:] + targets[:shift], swapped=bool(round_number % 2))
        for target in order:
            token = run_token(stage, round_number)
            workers_pause(servers)
            result = wrk_run(target, servers[target.server], plan.seconds, checkout, token)
            workers_settle(servers)
            rounds[target.name].append(result)
            flag = f"  !! {result.errors} errors" if result.errors else ""
            say(
                f"  round {round_number + 1}/{plan.rounds} {target.name:<12} {result.requests_per_second:8.0f} req/s"
                f"  p50 {result.p50_ms:7.1f} ms  p99 {result.p99_ms:7.1f} ms{flag}"
            )
    return {name: summarize(measures) for name, measures in rounds.items()}


def checkout_pair_twice(targets: list[Target], *, swapped: bool) -> list[Target]:
    """The targets with the two checkout targets, where the first of them stood, as A B B A (or B A A B)."""
    pair = [target for target in targets if target.name in ("checkout", "checkout slow")]
    if len(pair) != 2:
        return targets
    first, second = reversed(pair) if swapped else pair
    others = [target for target in targets if target not in pair]
    at = targets.index(pair[0])
    return [*others[:at], first, second, second, first, *others[at:]]


def summarize(measures: list[Measure]) -> Summary:
    return Summary(
        requests_per_second=statistics.median(m.requests_per_second for m in measures),
        p50_ms=statistics.median(m.p50_ms for m in measures),
        p99_ms=statistics.median(m.p99_ms for m in measures),
        bad_answers=sum(m.bad_answers for m in measures),
        socket_errors=sum(m.socket_errors for m in measures),
        rounds=measures,
    )


def stage_run(
    stage: int, targets: list[Target], servers: dict[str, Server], plan: Plan, checkout: dict[str, Any]
) -> dict[str, Summary]:
    """Fresh servers (empty caches, nothing left of the previous stage), warmed up, then measured."""
    used = [server for name, server in servers.items() if any(target.server == name for target in targets)]
    try:
        for server in used:
            server_start(server)
        for server in used:
            server_wait(server)
        warm_up(targets, servers, plan, checkout)
        return measure(stage, targets, servers, plan, checkout)
    finally:
        for server in used:
            server_stop(server)


# ---- The abuse stage


def proc_read(pid: int, name: str) -> str:
    """/proc/<pid>/<name>, or "" for a process that has gone."""
    try:
        return Path(f"/proc/{pid}/{name}").read_text()
    except OSError:
        return ""


def workers_of(server: Server) -> list[int]:
    """The gunicorn master's children: its workers (one restarted by max_requests comes back with a new pid)."""
    if server.process is None:
        return []
    parent = re.compile(rf"^PPid:\s+{server.process.pid}$", re.MULTILINE)
    pids = (int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit())
    return [pid for pid in pids if parent.search(proc_read(pid, "status"))]


def workers_memory(server: Server) -> Memory:
    """The workers' VmRSS, what each holds in RAM (the pages it shares with the master count in each)."""
    sizes = []
    for pid in workers_of(server):
        match = re.search(r"^VmRSS:\s+(\d+) kB$", proc_read(pid, "status"), re.MULTILINE)
        if match:
            sizes.append(int(match.group(1)) / 1024)
    return Memory(workers=len(sizes), sum_mib=round(sum(sizes), 1), max_mib=round(max(sizes, default=0), 1))


def workers_cpu_seconds(server: Server) -> float:
    """The CPU time, user and system, the workers have used so far."""
    ticks = 0
    for pid in workers_of(server):
        # The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        fields = proc_read(pid, "stat").rpartition(")")[2].split()
        ticks += int(fields[11]) + int(fields[12]) if len(fields) > 12 else 0
    return ticks / os.sysconf("SC_CLK_TCK")


def memory_available_mib() -> float:
    return memory_kib("MemAvailable") / 1024 or float("inf")


class MemoryWatch:
    """Follows the workers' memory from the flood's start: the peak, and a guard that keeps the shared machine up.

    The flood is stopped (SIGINT, after which wrk still reports) once the workers have grown MEMORY_GUARD_MIB;
    the shop is killed if the machine runs short of memory all the same.
    """

    def __init__(self, server: Server, flood: subprocess.Popen, before: Memory) -> None:
        self.server = server
        self.flood = flood
        self.before = before
        self.peak = before
        self.guard = ""
        self.started = time.monotonic()

    def sample(self) -> None:
        memory = workers_memory(self.server)
        self.peak = max(self.peak, memory, key=lambda seen: seen.sum_mib)
        grown = memory.sum_mib - self.before.sum_mib
        if grown > MEMORY_GUARD_MIB and self.flood.poll() is None:
            self.flood.send_signal(signal.SIGINT)
            self.guard_say(f"flood stopped: the workers grew {grown:.0f} MiB")
        if memory_available_mib() < MEMORY_AVAILABLE_FLOOR_MIB and self.server.process is not None:
            os.killpg(self.server.process.pid, signal.SIGKILL)
            self.server.process.wait()
            self.server.process = None
            self.guard_say("shop killed: the machine ran short of memory")

    def guard_say(self, what: str) -> None:
        self.guard = f"{what} {time.monotonic() - self.started:.0f} s after the flood's start"
        say(f"  !! {self.guard}")

    def until(self, finished: Callable[[], bool]) -> None:
        """Samples four times a second until finished() or the shop is gone."""
        while not finished() and self.server.process is not None:
            self.sample()
            time.sleep(0.25)

    def wait(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        self.until(lambda: time.monotonic() >= deadline)

    def settle(self) -> float:
        """Samples until the workers are idle (the requests the flood left behind are done); returns how long."""
        started = time.monotonic()
        used = workers_cpu_seconds(self.server)
        while self.server.process is not None and time.monotonic() - started < SETTLE_SECONDS:
            self.wait(1)
            used, before = workers_cpu_seconds(self.server), used
            if used - before < IDLE_CPU_SHARE:
                break
        return round(time.monotonic() - started, 1)


def wrk_script_command(
    script: str, connections: int, seconds: int, server: Server, path: str, *args: object
) -> list[str]:
    """One wrk thread running bench/<script> with the balancer's header; the script's arguments after `--`."""
    command = ["wrk", "-s", str(BENCH / script), "-t1", f"-c{connections}", f"-d{seconds}s", f"--timeout={WRK_TIMEOUT}"]
    for name, value in BALANCER_HEADERS.items():
        command += ["-H", f"{name}: {value}"]
    return [*command, "--latency", server.url + path, "--", *(str(arg) for arg in args)]


def shopper_start(server: Server, seconds: int) -> subprocess.Popen:
    command = wrk_script_command(
        "shopper.lua", SHOPPER_CONNECTIONS, seconds, server, "/api/shoes", SHOPPER_PAGES, SHOPPER_THINK_MS
    )
    return wrk_start(command)


def wrk_start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wrk_output(process: subprocess.Popen, name: str) -> str:
    """What a wrk of wrk_start() printed, once it has finished (stopped by SIGINT, wrk still reports)."""
    stdout, stderr = process.communicate()
    if process.returncode != 0 and "Requests/sec" not in stdout:
        raise RuntimeError(f"wrk failed on the {name}: {stderr or stdout}")
    return stdout


def flood_answers(output: str) -> dict[str, int]:
    """flood.lua's count of the answers by status class."""
    match = re.search(r"^flood answers: 2xx (\d+) 3xx (\d+) 4xx (\d+) 5xx (\d+) other (\d+)$", output, re.MULTILINE)
    counts = [int(count) for count in match.groups()] if match else [0] * 5
    return dict(zip(("2xx", "3xx", "4xx", "5xx", "other"), counts, strict=True))


SIZE_UNITS_MB = {"B": 1e-6, "KB": 1e-3, "MB": 1.0, "GB": 1e3, "TB": 1e6}


def megabytes_read(output: str) -> float:
    match = re.search(r"requests in [\d.]+\w+, ([\d.]+)([KMGT]?B) read", output)
    return round(float(match.group(1)) * SIZE_UNITS_MB[match.group(2)], 1) if match else 0.0


def measure_say(name: str, measure: Measure, errors: int | None = None) -> None:
    """One load's figures as it finishes; errors, when given, replaces the Measure's own count (the flood's)."""
    errors = measure.errors if errors is None else errors
    flag = f"  !! {errors} errors" if errors else ""
    say(
        f"  {name:<18} {measure.requests_per_second:8.0f} req/s  p50 {measure.p50_ms:7.1f} ms"
        f"  p99 {measure.p99_ms:7.1f} ms{flag}"
    )


def abuse_run(server: Server, shoes: int, plan: Plan) -> Abuse:
    """On a fresh server: the shoppers warmed up and measured alone; the flood, and the shoppers measured under
    it; the workers' memory before the flood and at its peak until the shop is idle again; the shoppers alone
    once more."""
    server_start(server)
    try:
        server_wait(server)
        status, detail = probe(Target("shopper", server.name, "/api/shoes?limit=28&offset=0"), server, {})
        mark = "" if 200 <= status < 300 else f"   <-- !! NOT 2xx: {detail}"
        say(f"  probe shopper      GET /api/shoes?limit=28&offset=0: {status}{mark}")
        wrk_output(shopper_start(server, plan.warmup_seconds), "shopper")
        alone = wrk_parse(wrk_output(shopper_start(server, plan.abuse_seconds), "shopper"))
        measure_say("shopper alone", alone)
        before = workers_memory(server)
        flood_seconds = plan.abuse_seconds + 2 * FLOOD_LEAD_SECONDS
        flood = wrk_start(
            wrk_script_command("flood.lua", FLOOD_CONNECTIONS, flood_seconds, server, "/", run_token(3, 0), shoes)
        )
        watch = MemoryWatch(server, flood, before)
        watch.wait(FLOOD_LEAD_SECONDS)
        shopper = shopper_start(server, plan.abuse_seconds)
        watch.until(lambda: shopper.poll() is not None and flood.poll() is not None)
        flooded = wrk_parse(wrk_output(shopper, "shopper"))
        flood_text = wrk_output(flood, "flood")
        settle_seconds = watch.settle()
        watch.sample()
        after = workers_memory(server)
        again = wrk_parse(wrk_output(shopper_start(server, plan.abuse_seconds), "shopper"))
        abuse = Abuse(
            shoes=shoes,
            seconds=plan.abuse_seconds,
            shopper_alone=alone,
            shopper_flooded=flooded,
            shopper_after=again,
            flood=wrk_parse(flood_text),
            flood_answers=flood_answers(flood_text),
            flood_megabytes=megabytes_read(flood_text),
            memory_before=before,
            memory_peak=watch.peak,
            memory_after=after,
            settle_seconds=settle_seconds,
            guard=watch.guard,
        )
        measure_say("shopper + flood", flooded)
        measure_say("flood", abuse.flood, abuse.flood_answers["5xx"] + abuse.flood.socket_errors)
        measure_say("shopper after", again)
        return abuse
    finally:
        server_stop(server)


# ---- Reporting


def table(title: str, summaries: dict[str, Summary]) -> str:
    floor = summaries["floor"].requests_per_second or float("nan")
    header = f"{'target':<14}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'vs floor':>10}{'non-2xx':>9}{'sock err':>10}"
    lines = [title, "  " + header]
    for name, summary in summaries.items():
        flag = "   <-- !! ERRORS" if summary.errors else ""
        lines.append(
            f"  {name:<14}{summary.requests_per_second:>9.0f}{summary.p50_ms:>9.1f}{summary.p99_ms:>9.1f}"
            f"{summary.requests_per_second / floor:>10.0%}{summary.bad_answers:>9}{summary.socket_errors:>10}{flag}"
        )
    return "\n".join(lines)


def abuse_table(abuse: Abuse) -> str:
    """The shoppers alone and under the flood, the flood, and the workers' memory before, at the peak, after."""
    pace = f"{SHOPPER_PAGES} pages of 28, {SHOPPER_THINK_MS} ms between pages"
    lines = [
        f"Abuse at {abuse.shoes:,} shoes ({abuse.seconds} s each; shopper: wrk -t1 -c{SHOPPER_CONNECTIONS}, {pace}; "
        f"flood: wrk -t1 -c{FLOOD_CONNECTIONS}, every URL new)",
        "  " + f"{'load':<18}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}{'sock err':>10}",
    ]
    answers = ", ".join(f"{count} {status}" for status, count in abuse.flood_answers.items() if count)
    loads = (
        ("shopper alone", abuse.shopper_alone, ""),
        ("shopper + flood", abuse.shopper_flooded, ""),
        ("flood", abuse.flood, f"   {answers or 'no answer'}; {abuse.flood_megabytes:,.1f} MB read"),
        ("shopper after", abuse.shopper_after, ""),
    )
    for name, measure, note in loads:
        lines.append(
            f"  {name:<18}{measure.requests_per_second:>9.0f}{measure.p50_ms:>9.1f}{measure.p99_ms:>9.1f}"
            f"{measure.non_2xx:>9}{measure.socket_errors:>10}{note}"
        )
    lines.append("  " + f"{'workers memory':<18}{'workers':>9}{'sum MiB':>9}{'max MiB':>9}")
    for name, memory in (("before", abuse.memory_before), ("peak", abuse.memory_peak), ("after", abuse.memory_after)):
        lines.append(f"  {name:<18}{memory.workers:>9}{memory.sum_mib:>9.0f}{memory.max_mib:>9.0f}")
    lines.append(f"  after the flood the shop was busy {abuse.settle_seconds:.0f} s more")
    if abuse.guard:
        lines.append(f"  !! memory guard: {abuse.guard}")
    return "\n".join(lines)


def checks_make(small: dict[str, Summary], big: dict[str, Summary] | None, abuse: Abuse) -> list[Check]:
    """The issue's thresholds: shares of the floor, search against list, 100,000 shoes against 10,000, and the
    abuse stage: the shoppers' req/s under the flood against without it, and the workers' memory."""

    def rate(summaries: dict[str, Summary], name: str) -> float:
        return summaries[name].requests_per_second

    floor = rate(small, "floor")
    checks = [
        Check("list warm >= 80% of floor", rate(small, "list warm") / floor, 0.80),
        Check("detail >= 80% of floor", rate(small, "detail") / floor, 0.80),
        Check("page shell >= 60% of floor", rate(small, "page shell") / floor, 0.60),
        Check("list cold >= 15% of floor", rate(small, "list cold") / floor, 0.15),
        Check("search warm >= 70% of list warm", rate(small, "search warm") / rate(small, "list warm"), 0.70),
        Check("search cold >= 70% of list cold", rate(small, "search cold") / rate(small, "list cold"), 0.70),
        # No request waits on the mail server: a checkout is as fast whether it answers at once or in 2 s.
        Check(
            f"checkout, mail {SLOW_MAIL_SECONDS:g} s vs at once <= {CHECKOUT_MAIL_SPREAD:.0%} apart",
            abs(rate(small, "checkout slow") / rate(small, "checkout") - 1),
            CHECKOUT_MAIL_SPREAD,
            at_most=True,
        ),
    ]
    if big is not None:
        for name in ("list warm", "list cold", "search warm", "search cold"):
            checks.append(Check(f"{name} at 100k >= 70% of 10k", rate(big, name) / rate(small, name), 0.70))
    unflooded = abuse.shopper_unflooded or float("nan")
    grown = abuse.memory_peak.sum_mib - abuse.memory_before.sum_mib
    checks += [
        Check(
            f"shopper + flood >= {SHOPPER_KEEPS:.0%} of alone",
            abuse.shopper_flooded.requests_per_second / unflooded,
            SHOPPER_KEEPS,
        ),
        Check(
            f"workers memory grows < {MEMORY_GROWTH_SHARE:.0%}",
            grown / (abuse.memory_before.sum_mib or float("nan")),
            MEMORY_GROWTH_SHARE,
            at_most=True,
        ),
        Check(f"workers memory grows < {MEMORY_GROWTH_MIB} MiB", grown, MEMORY_GROWTH_MIB, at_most=True, unit="MiB"),
    ]
    return checks


def checks_text(checks: list[Check], errors: int, abuse: Abuse) -> str:
    lines = ["Checks"]
    for check in checks:
        value = f"{check.value:7.0%}" if check.unit == "%" else f"{check.value:7.0f} {check.unit}"
        lines.append(f"  {'PASS' if check.passed else 'FAIL'}  {check.name:<36} {value}")
    lines.append(f"  {'PASS' if errors == 0 else 'FAIL'}  {'every answer 2xx (checkout: 201)':<36} {errors:7} errors")
    name = "abuse: shopper 2xx, flood no 5xx"
    lines.append(f"  {'PASS' if abuse.errors == 0 else 'FAIL'}  {name:<36} {abuse.errors:7} errors")
    return "\n".join(lines)


LOG_PROBLEM = re.compile(r'"level": "(ERROR|CRITICAL)"|\[(ERROR|CRITICAL)\]|Traceback|"status": 5\d\d')


def log_problems(servers: dict[str, Server]) -> dict[str, Any]:
    """Errors, 5xx answers and worker restarts in the servers' logs (the access log is one JSON line a request), and
    in the checkout servers' Celery workers' logs."""
    found: dict[str, Any] = {}
    for server in servers.values():
        lines = server.log.read_text(errors="replace").splitlines() if server.log.exists() else []
        if server.mail is not None and worker_log(server).exists():
            lines += worker_log(server).read_text(errors="replace").splitlines()
        problems = [line for line in lines if LOG_PROBLEM.search(line)]
        restarts = sum("Autorestarting worker" in line for line in lines)
        found[server.name] = {"problems": len(problems), "first": problems[:5], "worker_restarts": restarts}
    return found


def mail_report(servers: dict[str, Server], broker_url: str) -> dict[str, Any]:
    """What each checkout server's mail server received, and what its worker still had queued when the bench ended."""
    report = {}
    for server in servers.values():
        if server.mail is None:
            continue
        queued = None
        if broker_url.startswith("redis"):
            queued = redis.Redis.from_url(broker_url).llen(server.env["CELERY_QUEUE"])
        report[server.name] = {"mail_answer_seconds": server.mail.delay, "mails_received": server.mail.received(),
                               "still_queued": queued}  # fmt: skip
    return report


def queues_delete(servers: dict[str, Server], broker_url: str) -> None:
    """The bench's queues on the broker: nothing in them is needed once the bench is over."""
    for server in servers.values():
        if server.mail is None:
            continue
        if broker_url.startswith("redis"):
            queue = server.env["CELERY_QUEUE"]
            redis.Redis.from_url(broker_url).delete(
                queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}"
            )


def machine_info(database_url: str, workers: int) -> dict[str, Any]:
    cpu = next((line.split(":", 1)[1].strip() for line in cpuinfo_lines() if line.startswith("model name")), "")
    wrk = subprocess.run(["wrk", "-v"], capture_output=True, text=True, check=False)
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "memory_gib": round(memory_kib() / 2**20, 1),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "django": version("django"),
        "djangorestframework": version("djangorestframework"),
        "gunicorn": version("gunicorn"),
        "wrk": (wrk.stdout or wrk.stderr).splitlines()[0] if (wrk.stdout or wrk.stderr) else "",
        "database": database_version(database_url),
        "celery": version("celery"),
        "gunicorn_workers": workers,
        "gunicorn_threads": int(os.environ.get("GUNICORN_THREADS", "2")),
        "wrk_load": f"-t{WRK_THREADS} -c{WRK_CONNECTIONS}",
        "abuse_load": (
            f"shopper -t1 -c{SHOPPER_CONNECTIONS}, {SHOPPER_THINK_MS} ms between pages; flood -t1 -c{FLOOD_CONNECTIONS}"
        ),
        "commit": git_describe(),
    }


def cpuinfo_lines() -> list[str]:
    path = Path("/proc/cpuinfo")
    return path.read_text().splitlines() if path.exists() else []


def memory_kib(line: str = "MemTotal") -> int:
    path = Path("/proc/meminfo")
    match = re.search(rf"^{line}:\s+(\d+)", path.read_text(), re.MULTILINE) if path.exists() else None
    return int(match.group(1)) if match else 0


def git_describe() -> str:
    result = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return result.stdout.strip()


def results_write(report: dict[str, Any], quick: bool) -> Path:
    """bench/results/<UTC time>.json, and latest.json for full runs (a smoke run never replaces it)."""
    RESULTS.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = RESULTS / f"{stamp}{'-quick' if quick else ''}.json"
    text = json.dumps(
        report, indent=2, default=lambda value: asdict(value) if hasattr(value, "__dataclass_fields__") else str(value)
    )
    path.write_text(text + "\n")
    if not quick:
        (RESULTS / "latest.json").write_text(text + "\n")
    return path


# ---- The run


def stages_run(plan: Plan, env: dict[str, str], tmp: Path) -> dict[str, Any]:
    """Seed, measure at plan.shoes, grow, measure again, flood: the figures of each stage and the servers' logs."""
    say(f"Seeding {plan.shoes:,} shoes of 12 sizes...")
    facts = seed("prepare", plan.shoes, env)
    say(f"  {facts['shoes']:,} shoes; ?name={facts['search_term']} matches {facts['search_matches']}")
    servers = servers_make(env, tmp, run_token(0, 0))
    try:
        return stages_measure(plan, env, servers, facts)
    finally:
        queues_delete(servers, env["CELERY_BROKER_URL"])


def stages_measure(
    plan: Plan, env: dict[str, str], servers: dict[str, Server], facts: dict[str, Any]
) -> dict[str, Any]:
    stage_one = targets_stage_one(facts)
    say(f"Stage 1: {facts['shoes']:,} shoes, {plan.rounds} round(s) x {plan.seconds} s per target")
    stages = [{"catalogue": facts, "targets": stage_run(1, stage_one, servers, plan, facts["checkout"])}]
    if plan.big_shoes:
        say(f"Growing the catalogue to {plan.big_shoes:,} shoes...")
        big_facts = seed("grow", plan.big_shoes, env)
        say(f"Stage 2: {big_facts['shoes']:,} shoes; ?name= matches {big_facts['search_matches']}")
        big = stage_run(2, targets_stage_two(stage_one), servers, plan, facts["checkout"])
        stages.append({"catalogue": big_facts, "targets": big})
    shoes = stages[-1]["catalogue"]["shoes"]
    say(f"Abuse: {shoes:,} shoes, the shoppers {plan.abuse_seconds} s alone, under the flood, alone again")
    abuse = abuse_run(servers["warm"], shoes, plan)
    return {
        "stages": stages,
        "abuse": abuse,
        "logs": log_problems(servers),
        "mail": mail_report(servers, env["CELERY_BROKER_URL"]),
    }


def report_print(report: dict[str, Any], checks: list[Check], plan: Plan) -> None:
    load = f"median of {plan.rounds} round(s) x {plan.seconds} s, wrk -t{WRK_THREADS} -c{WRK_CONNECTIONS}"
    say("")
    for stage in report["stages"]:
        say(table(f"At {stage['catalogue']['shoes']:,} shoes ({load})", stage["targets"]))
    say(abuse_table(report["abuse"]))
    say(checks_text(checks, report["errors"], report["abuse"]))
    for name, mail in report["mail"].items():
        queued = "" if mail["still_queued"] is None else f", {mail['still_queued']} still queued"
        say(
            f"{name}: its mail server answered in {mail['mail_answer_seconds']:g} s and received "
            f"{mail['mails_received']} confirmations{queued}"
        )
    for name, found in report["logs"].items():
        restarts = found["worker_restarts"]
        say(f"gunicorn {name}: {found['problems']} error lines in its log, {restarts} worker restarts (max_requests)")
        for line in found["first"]:
            say(f"    {line[:300]}")


def bench(plan: Plan, tmp: Path, database_url: str) -> int:
    """The whole bench; returns the exit status: 1 when a target or the abuse stage met errors, or (full run) a check
    failed."""
    started = time.monotonic()
    workers = workers_count()
    broker_url = broker_pick(tmp)
    env = base_env(tmp / "var", database_url, workers, broker_url)
    say(f"Database: {database_version(database_url)}; gunicorn: {workers} workers (WEB_CONCURRENCY); temp: {tmp}")
    say(f"Broker of the checkout servers' workers: {broker_url}")
    report = stages_run(plan, env, tmp)
    small = report["stages"][0]["targets"]
    big = report["stages"][1]["targets"] if len(report["stages"]) > 1 else None
    checks = checks_make(small, big, report["abuse"])
    report.update(
        errors=sum(summary.errors for stage in report["stages"] for summary in stage["targets"].values()),
        abuse_errors=report["abuse"].errors,
        checks=[{**asdict(check), "passed": check.passed} for check in checks],
        plan=asdict(plan),
        machine=machine_info(database_url, workers),
        seconds=round(time.monotonic() - started),
        finished=datetime.now(UTC).isoformat(timespec="seconds"),
    )
    report_print(report, checks, plan)
    path = results_write(report, plan.quick)
    say(f"Figures in {path.relative_to(ROOT)}; the bench took {report['seconds'] / 60:.1f} min.")
    # A smoke run's catalogue is too small for the thresholds: only errors fail it.
    passed = plan.quick or all(check.passed for check in checks)
    return 0 if report["errors"] == 0 and report["abuse_errors"] == 0 and passed else 1


def cleanup(tmp: Path, database_url: str | None, keep: bool) -> None:
    """The temp directory and the bench's database go, unless kept for a look (BENCH_KEEP=1, or a failed run)."""
    if keep:
        say(f"Kept {tmp} (gunicorn logs, var dir, SQLite file) and the {DATABASE_NAME} database, if any.")
        return
    shutil.rmtree(tmp, ignore_errors=True)
    if database_url and database_url.startswith("postgres"):
        with contextlib.suppress(psycopg.OperationalError):
            postgres_drop()


def main() -> int:
    # make or a terminal may end the run with SIGTERM: unwind as for Ctrl-C, so the servers are stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    plan = plan_from_env()
    if shutil.which("wrk") is None:
        say("wrk is missing: `apt-get install -y wrk` (make bench installs it).")
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    database_url = None
    finished = False
    try:
        database_url = postgres_create() or f"sqlite:///{tmp / 'db.sqlite3'}"
        status = bench(plan, tmp, database_url)
        finished = True
        return status
    except KeyboardInterrupt:
        say("Interrupted: the servers are stopped.")
        return 130
    finally:
        cleanup(tmp, database_url, keep=os.environ.get("BENCH_KEEP", "") not in ("", "0") or not finished)


if __name__ == "__main__":
    sys.exit(main())
