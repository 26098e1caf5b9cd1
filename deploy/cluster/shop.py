"""The shop's processes in the cluster: the machines (gunicorn, each with its own var dir and port), the two Celery
workers and beat, all with one live environment (no DEBUG, no demo), and the HTTP clients the checks use."""

import io
import os
import signal
import subprocess
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import requests

from .parts import BIN, BUCKET, METRICS_TOKEN, PORTS, PYTHON, ROOT, SECRET_KEY, Proc, tail

# What the shop reads from the environment; the caller's own values are never let through.
SHOP_VARIABLES = (
    "SHOP_",
    "DJANGO_",
    "GUNICORN_",
    "AWS_",
    "FIREBASE_",
    "STRIPE_",
    "SENTRY_",
    "CACHE_",
    "CELERY_",
    "DATABASE_",
    "EMAIL_",
    "WEB_CONCURRENCY",
    "OTEL_",
)
FRONT = f"http://127.0.0.1:{PORTS['haproxy']}"
# How long a machine may take to answer /readyz after its start.
READY_SECONDS = 60


def shop_env(tmp: Path, database_url: str, sentry_dsn: str, release: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(SHOP_VARIABLES)}
    env.update(
        DJANGO_SETTINGS_MODULE="shopsite.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=SECRET_KEY,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_CSRF_TRUSTED_ORIGINS=FRONT,
        SHOP_BASE_URL=FRONT,
        # haproxy speaks plain HTTP on loopback: no TLS to end, so no HTTPS redirect (a live shop keeps it on).
        SHOP_HTTPS="0",
        SHOP_NUM_PROXIES="1",
        FORWARDED_ALLOW_IPS="127.0.0.1",
        DATABASE_URL=database_url,
        CACHE_URL=f"redis://127.0.0.1:{PORTS['cache']}/0",
        CELERY_BROKER_URL=f"redis://127.0.0.1:{PORTS['broker']}/0",
        EMAIL_URL=f"smtp://127.0.0.1:{PORTS['smtp']}",
        AWS_STORAGE_BUCKET_NAME=BUCKET,
        AWS_S3_ENDPOINT_URL=f"http://127.0.0.1:{PORTS['s3']}",
        AWS_S3_REGION_NAME="us-east-1",
        AWS_ACCESS_KEY_ID="cluster",
        AWS_SECRET_ACCESS_KEY="cluster",
        IDENTITY_PROVIDER="local",
        PAYMENT_GATEWAY="test",
        # The admin signs in with a password only: the run tests machines, not the second factor.
        SHOP_ADMIN_2FA="optional",
        # The client limit of sign-ins (10 a minute from one address) would stop the parallel guesses first: the run
        # checks the account's own lockout (SHOP_SIGNIN_EMAIL_RATE, 20 an hour), which every machine must share.
        SHOP_SIGNIN_RATE="10000/minute",
        SHOP_RELEASE=release,
        SHOP_METRICS_TOKEN=METRICS_TOKEN,
        SENTRY_DSN=sentry_dsn,
        # A stopping machine answers /readyz 503 this long before it stops serving: haproxy, probing every 300 ms,
        # has taken it out well before (a live shop keeps the default, for balancers that probe every few seconds).
        SHOP_DRAIN_SECONDS="2",
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="4",
        PYTHONUNBUFFERED="1",
    )
    return env


@dataclass
class Machine:
    name: str
    port: int
    var: Path
    env: dict[str, str]
    log: Path
    web: Proc | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, release: str) -> None:
        self.var.mkdir(exist_ok=True)
        env = {
            **self.env,
            "SHOP_VAR_DIR": str(self.var),
            "SHOP_RELEASE": release,
            "GUNICORN_BIND": f"127.0.0.1:{self.port}",
        }
        self.web = Proc(
            f"gunicorn {self.name}", [str(BIN / "gunicorn"), "-c", "gunicorn.conf.py", "shopsite.wsgi"], self.log, env
        ).start()

    def wait_ready(self, path: str) -> None:
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if not self.web.alive():
                raise RuntimeError(f"gunicorn {self.name} exited:\n{tail(self.log)}")
            try:
                if requests.get(self.url + path, timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn {self.name} is not ready on {path} after {READY_SECONDS} s:\n{tail(self.log)}")


def celery_proc(kind: str, name: str, env: dict[str, str], var: Path, log: Path) -> Proc:
    var.mkdir(exist_ok=True)
    env = {**env, "SHOP_VAR_DIR": str(var)}
    if kind == "worker":
        command = [
            str(BIN / "celery"),
            "-A",
            "shopsite",
            "worker",
            "-n",
            f"{name}@cluster",
            "--concurrency",
            "2",
            "--loglevel",
            "INFO",
        ]
    else:
        command = [str(BIN / "celery"), "-A", "shopsite", "beat", "--loglevel", "INFO"]
    return Proc(name, command, log, env)


def manage(env: dict[str, str], var: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env={**env, "SHOP_VAR_DIR": str(var)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


class Client:
    """A browser's session with the shop: its cookies and the CSRF token the shop gave it."""

    def __init__(self, base: str = FRONT) -> None:
        self.base = base
        self.http = requests.Session()

    def call(self, method: str, path: str, base: str | None = None, **kwargs) -> requests.Response:
        headers = kwargs.pop("headers", {})
        token = self.http.cookies.get("csrftoken")
        if token:
            headers["X-CSRFToken"] = token
        kwargs.setdefault("timeout", 15)
        return self.http.request(method, (base or self.base) + path, headers=headers, **kwargs)

    def sign_in(self, email: str, password: str, base: str | None = None) -> requests.Response:
        self.call("GET", "/api/csrf", base)
        answer = self.call("POST", "/api/auth/signin", base, json={"email": email, "password": password})
        # The session is rotated at sign-in, and the CSRF token with it.
        self.call("GET", "/api/csrf", base)
        return answer


@dataclass
class Load:
    """A bounded load through haproxy: `threads` readers, each a request every `pause` seconds, every answer counted
    by status (or the error's name) with its time."""

    paths: list[str]
    threads: int = 3
    pause: float = 0.05
    answers: list[tuple[float, str]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _workers: list[threading.Thread] = field(default_factory=list)

    def start(self) -> "Load":
        for index in range(self.threads):
            thread = threading.Thread(target=self._run, args=(index,), daemon=True)
            thread.start()
            self._workers.append(thread)
        return self

    def _run(self, index: int) -> None:
        http = requests.Session()
        turn = index
        while not self._stop.is_set():
            path = self.paths[turn % len(self.paths)]
            turn += 1
            try:
                status = str(http.get(FRONT + path, timeout=15).status_code)
            except requests.RequestException as error:
                status = type(error).__name__
            self.answers.append((time.monotonic(), status))
            time.sleep(self.pause)

    def since(self, start: float, end: float | None = None) -> Counter:
        return Counter(status for at, status in list(self.answers) if at >= start and (end is None or at <= end))

    def stop(self) -> None:
        self._stop.set()
        for thread in self._workers:
            thread.join(timeout=20)


def failures(counts: Counter) -> int:
    """Answers that are not a success (2xx, 3xx, a 4xx the request asked for): 5xx and transport errors."""
    return sum(count for status, count in counts.items() if not status.isdigit() or int(status) >= 500)


def picture_png(width: int = 900, height: int = 600) -> bytes:
    from PIL import Image

    image = Image.new("RGB", (width, height))
    for x in range(0, width, 30):
        for y in range(0, height, 30):
            image.paste((x % 256, y % 256, (x + y) % 256), (x, y, x + 30, y + 30))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def metrics_scrape(base: str) -> tuple[int, dict[str, float]]:
    """/metrics with the token: its status and each sample's value (name with labels -> value)."""
    try:
        answer = requests.get(base + "/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}, timeout=5)
    except requests.RequestException:
        return 0, {}
    samples = {}
    if answer.status_code == 200:
        for line in answer.text.splitlines():
            if line and not line.startswith("#"):
                name, _, value = line.rpartition(" ")
                try:
                    samples[name] = float(value)
                except ValueError:
                    continue
    return answer.status_code, samples


def sigterm(proc: Proc) -> None:
    proc.signal(signal.SIGTERM)
