"""The shop as production serves it: gunicorn with the production config, in an environment of the bench's own."""

import os
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from subprocess import Popen
from typing import Any

from bench.run.mail import Mail, mail_start, mail_stop, mail_wait
from bench.run.plan import PYTHON
from bench.run.processes import log_tail, process_start, process_stop

GUNICORN = str(Path(PYTHON).parent / "gunicorn")
# The bench's servers sign sessions with it; it signs nothing outside the bench's own throwaway database.
SECRET_KEY = "bench-only-secret-key-not-for-any-live-shop-0123456789"
READY_SECONDS = 60
# What the shop reads from the environment besides the bench's own settings; never taken from the caller's shell.
SHOP_VARIABLES = ("SHOP_", "DJANGO_", "GUNICORN_BIND", "AWS_", "FIREBASE_", "STRIPE_")
# The slow mail server's wait before each answer (MAIL, RCPT, DATA).
SLOW_MAIL_SECONDS = 2.0
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


@dataclass
class Server:
    name: str
    port: int
    env: dict[str, str]
    log: Path
    process: Popen | None = None
    # The checkout servers' Celery worker and mail server (mail.py), started and stopped with gunicorn.
    mail: Mail | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


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
        # One machine: its per-process cache and local media are what it measures.
        SHOP_SINGLE_MACHINE="1",
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


def server_make(name: str, env: dict[str, str], tmp: Path) -> Server:
    """A server on a port of its own, logging to tmp; started by server_start."""
    return Server(name=name, port=free_port(), env=env, log=tmp / f"gunicorn-{name.replace(' ', '-')}.log")


def servers_make(env: dict[str, str], tmp: Path, token: str) -> dict[str, Server]:
    """`warm` serves the shop as configured, `cold` the same with the catalogue cache off, and the two checkout
    servers take test cards, which the shop takes only with SHOP_ALLOW_TEST_PAYMENTS=1, allowed with SHOP_DEMO=1
    (HTTPS kept on, as in production). Each checkout server has a worker of its own on a queue of its own, mailing
    through its own SMTP server: `checkout` one that answers at once, `checkout slow` one that takes SLOW_MAIL_SECONDS
    over each answer."""
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
    servers = {name: server_make(name, server_env, tmp) for name, server_env in envs.items()}
    for name, delay in (("checkout", 0.0), ("checkout slow", SLOW_MAIL_SECONDS)):
        server, slug = servers[name], name.replace(" ", "-")
        server.mail = Mail(
            queue=f"bench-{token}-{slug}",
            port=free_port(),
            delay=delay,
            log=tmp / f"smtp-{slug}.log",
            worker_log=tmp / f"worker-{slug}.log",
        )
        server.env = {**server.env, "EMAIL_URL": server.mail.email_url, "CELERY_QUEUE": server.mail.queue}
    return servers


def mails_of(servers: dict[str, Server]) -> dict[str, Mail]:
    """The checkout servers' mail, by server."""
    return {name: server.mail for name, server in servers.items() if server.mail is not None}


def gunicorn_start(env: dict[str, str], port: int, log: Path) -> Popen:
    """gunicorn with the production config (gunicorn.conf.py) on 127.0.0.1:port."""
    # gunicorn's control socket defaults to one path in $HOME for every server: each gets its own.
    return process_start(
        [GUNICORN, "-c", "gunicorn.conf.py", "--control-socket", str(log.with_suffix(".ctl")), "shopsite.wsgi"],
        log=log,
        env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}"},
    )


def server_start(server: Server) -> None:
    server.process = gunicorn_start(server.env, server.port, server.log)
    if server.mail is not None:
        mail_start(server.mail, server.env)


def server_wait(server: Server) -> None:
    """Returns once the floor answers (and a checkout server's worker is ready); a server that died or never answers
    ends the bench with its log."""
    deadline = time.monotonic() + READY_SECONDS
    if server.mail is not None:
        mail_wait(server.mail, server.name, deadline)
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
    """SIGTERM to the master (it stops its workers), then to the checkout server's worker and mail server."""
    if server.process is not None:
        process_stop(server.process)
    server.process = None
    if server.mail is not None:
        mail_stop(server.mail)
