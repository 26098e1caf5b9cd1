"""The checkout servers' mail: each a Celery worker of its own and an SMTP server on loopback, and their broker."""

import os
import signal
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from subprocess import Popen
from typing import Any

import redis

from bench.run.plan import PYTHON, say
from bench.run.processes import IDLE_CPU_SHARE, log_tail, process_cpu_seconds, process_start, process_stop

CELERY = str(Path(PYTHON).parent / "celery")
# The checkout servers' broker: Redis as in production (its db 0 unless BENCH_BROKER_URL says otherwise; the bench's
# queues are its own and deleted at the end), or a SQLite file in the bench's temp dir when no Redis answers.
BROKER_URL = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/0")
# The checkout servers' workers are paused while wrk loads any target, then run until they are idle (the one whose
# mail server answers at once has drained its queue; the other only waits on its mail server), for at most this long.
# On this machine's two cores a worker sending mail takes CPU and database commits from the checkouts it is measured
# beside, which is not what the two checkout figures compare: in production workers are machines of their own
# (docs/DEPLOY.md). What is compared is the request itself, the same checkout handing its mail to the same broker.
WORKER_SETTLE_SECONDS = 90


@dataclass
class Mail:
    """A checkout server's Celery worker (threads pool, 4 threads, a queue of its own) and the SMTP server on loopback
    it mails through, in a process of its own (shopsite/tests/smtp_server.py), which waits `delay` seconds before each
    answer (MAIL, RCPT, DATA)."""

    queue: str
    port: int
    delay: float
    log: Path  # the SMTP server's
    worker_log: Path
    process: Popen | None = None  # the SMTP server
    worker: Popen | None = None

    @property
    def email_url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def received(self) -> int:
        return self.log.read_text().count("received 250") if self.log.exists() else 0


def broker_pick(tmp: Path) -> str:
    """BROKER_URL when Redis answers there, else kombu's SQLAlchemy transport on a file of the bench's."""
    try:
        redis.Redis.from_url(BROKER_URL, socket_connect_timeout=1, socket_timeout=1).ping()
        return BROKER_URL
    except redis.RedisError as error:
        say(f"No Redis at {BROKER_URL} ({error}): the checkout's broker is a SQLite file.")
        return f"sqla+sqlite:///{tmp / 'broker.sqlite3'}"


def mail_start(mail: Mail, env: dict[str, str]) -> None:
    """The SMTP server, then the worker with its server's environment, both at the lowest CPU priority."""
    mail.process = process_start(
        [PYTHON, "-m", "shopsite.tests.smtp_server", "--port", str(mail.port), "--delay", str(mail.delay)],
        log=mail.log,
        background=True,
    )
    # One process, four threads: its CPU is read from /proc like the gunicorn workers'.
    mail.worker = process_start(
        [CELERY, "-A", "shopsite", "worker", "-P", "threads", "-c", "4", "-Q", mail.queue, "-n", f"{mail.queue}@%h",
         "-l", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat"],
        log=mail.worker_log, env=env, background=True,
    )  # fmt: skip


def mail_wait(mail: Mail, name: str, deadline: float) -> None:
    """Returns once the worker and the SMTP server are ready; either dying or late ends the bench with its log."""
    assert mail.worker is not None and mail.process is not None
    while " ready." not in mail.worker_log.read_text(errors="replace"):
        if mail.worker.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the worker of {name} did not start:\n{log_tail(mail.worker_log)}")
        time.sleep(0.3)
    while "ready on" not in mail.log.read_text(errors="replace"):
        if mail.process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the mail server of {name} did not start:\n{log_tail(mail.log)}")
        time.sleep(0.1)


def mail_stop(mail: Mail) -> None:
    for attribute in ("worker", "process"):
        process = getattr(mail, attribute)
        if process is not None:
            process_stop(process)
        setattr(mail, attribute, None)


def workers_pause(mails: Iterable[Mail]) -> None:
    """SIGSTOP to the checkout servers' workers, before wrk loads a target (WORKER_SETTLE_SECONDS says why)."""
    for mail in mails:
        if mail.worker is not None:
            mail.worker.send_signal(signal.SIGSTOP)


def workers_settle(mails: Iterable[Mail]) -> None:
    """SIGCONT to the checkout servers' workers, then waits until they are idle: the mails queued meanwhile are sent."""
    running = [mail.worker for mail in mails if mail.worker is not None]
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


def mail_report(mails: dict[str, Mail], broker_url: str) -> dict[str, Any]:
    """What each checkout server's mail server received, and what its worker still had queued when the bench ended."""
    report = {}
    for name, mail in mails.items():
        queued = redis.Redis.from_url(broker_url).llen(mail.queue) if broker_url.startswith("redis") else None
        report[name] = {"mail_answer_seconds": mail.delay, "mails_received": mail.received(), "still_queued": queued}
    return report


def queues_delete(mails: Iterable[Mail], broker_url: str) -> None:
    """The bench's queues on the broker: nothing in them is needed once the bench is over."""
    if not broker_url.startswith("redis"):
        return
    for mail in mails:
        queue = mail.queue
        redis.Redis.from_url(broker_url).delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
