"""Real Celery workers on the real Redis, mailing through a real SMTP server on loopback.

Redis is CELERY_TEST_REDIS_URL (default redis://127.0.0.1:6379/5); each test process publishes to, and empties, a
queue of its own there (the test settings' CELERY_TASK_DEFAULT_QUEUE), so pytest-xdist's processes and other checkouts
on the same Redis never take each other's tasks. Without Redis answering, the tests are skipped with that reason. One
worker runs in a thread of this process, as Celery's own test harness runs it; the race runs two worker processes, as
production does, on PostgreSQL.
"""

import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from django.conf import settings as django_settings
from django.db import connection, connections

from catalog.tests.factories import ShoeFactory
from mailing import services
from mailing.models import Mail
from orders.models import Order
from orders.tests.checkout import body, line
from shopsite.logs import RequestIdFilter
from shopsite.tests.brokers import publishing_to
from shopsite.tests.smtp_server import SmtpServer

from .factories import MailFactory

REDIS_URL = os.environ.get("CELERY_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
QUEUE = django_settings.CELERY_TASK_DEFAULT_QUEUE
# How long a test waits for the mails it expects: a worker takes a second at most to pick a task up.
WAIT_SECONDS = 20


def redis_answers() -> bool:
    try:
        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5).ping()
    except redis.RedisError:
        return False


pytestmark = [
    pytest.mark.workers,
    pytest.mark.skipif(not redis_answers(), reason=f"no Redis answers at {REDIS_URL} (CELERY_TEST_REDIS_URL)"),
    pytest.mark.django_db(transaction=True),
]


def queue_empty() -> None:
    redis.Redis.from_url(REDIS_URL).delete(QUEUE)


def wait_for(condition, what: str, seconds: float = WAIT_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"still waiting after {seconds} s for {what}")
        time.sleep(0.05)


@pytest.fixture
def smtp(settings):
    """The mail server the workers send to."""
    server = SmtpServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", server.port, 5
    yield server
    server.stop()


@pytest.fixture
def worker(settings):
    """A worker in a thread of this process, consuming from Redis, with the test's settings."""
    # Quick retries: the countdowns are what a worker waits, not what these tests are about.
    settings.SHOP_MAIL_RETRY_SECONDS = 0.2
    queue_empty()

    def close_connections(**kwargs) -> None:
        # The worker's thread opens connections of its own; they must not outlive the test's database.
        connections.close_all()

    task_postrun.connect(close_connections, weak=False)
    try:
        with (
            publishing_to(REDIS_URL) as app,
            start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING"),
        ):
            yield app
    finally:
        task_postrun.disconnect(close_connections)
        queue_empty()


def test_a_checkout_s_confirmation_is_mailed_by_the_worker(client_for, shopper, smtp, worker, caplog):
    shoe = ShoeFactory(sizes={"9": 5})
    caplog.handler.addFilter(RequestIdFilter())
    answer = client_for(shopper).post(
        "/api/cart/checkout", body(shopper, [line(shoe, "9", 2)]), HTTP_X_REQUEST_ID="lb-checkout-42"
    )

    assert answer.status_code == 201
    wait_for(lambda: smtp.messages, "the confirmation")
    [message] = smtp.messages
    order = Order.objects.get()
    assert message["To"] == shopper.email
    assert message["Subject"] == f"Your Sneaker Shop order {order.payment_intent_id}"
    assert message.is_multipart()
    assert [part.get_content_type() for part in message.get_payload()] == ["text/plain", "text/html"]
    wait_for(lambda: Mail.objects.get().state == Mail.State.SENT, "the sent mark")
    mail = Mail.objects.get()
    assert (mail.kind, mail.attempts, mail.request_id) == ("order_confirmation", 1, "lb-checkout-42")
    # The worker's log lines carry the id of the request that queued the mail, through the task's headers.
    [sent] = [
        record for record in caplog.records if record.getMessage() == f"Mail {mail.pk} (order_confirmation) sent."
    ]
    assert sent.threadName != threading.current_thread().name
    assert (sent.request_id, sent.task, sent.retries) == ("lb-checkout-42", "mailing.tasks.mail_send", 0)


def test_a_mail_server_that_refuses_twice_then_accepts_gets_one_mail(api_client, settings, worker):
    server = SmtpServer(refuse=2)
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    try:
        assert api_client.post("/api/mail/newsletter", {"email": "ana@example.com"}).status_code == 200
        wait_for(lambda: Mail.objects.get().state == Mail.State.SENT, "the mail after two refusals")
        time.sleep(0.5)  # a second mail would come now, had a retry been left over
    finally:
        server.stop()

    assert server.refused == 2
    assert server.recipients() == ["ana@example.com"]
    mail = Mail.objects.get()
    assert (mail.attempts, mail.last_error) == (3, "")


@pytest.fixture
def worker_processes(smtp, tmp_path):
    """Two `celery worker` processes (threads pool, 4 each), on this test's PostgreSQL database."""
    queue_empty()
    database = connection.settings_dict
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "shopsite.settings.test",
        "SHOP_TEST_CELERY_EAGER": "0",
        "SHOP_VAR_DIR": str(tmp_path),
        "CELERY_BROKER_URL": REDIS_URL,
        "CELERY_QUEUE": QUEUE,
        "DATABASE_URL": (
            f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@{database['HOST']}:{database['PORT'] or 5432}"
            f"/{database['NAME']}"
        ),
        "EMAIL_URL": smtp.email_url,
        "DJANGO_LOG_FORMAT": "text",
    }
    celery = str(Path(sys.executable).parent / "celery")
    workers = []
    for n in range(2):
        log = tmp_path / f"worker{n}.log"
        command = [celery, "-A", "shopsite", "worker", "-P", "threads", "-c", "4", "-n", f"race{n}@%h", "-l", "INFO"]
        process = subprocess.Popen(
            [*command, "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=django_settings.BASE_DIR,
            env=env,
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
        )
        workers.append((process, log))
    try:
        for _process, log in workers:
            wait_for(lambda log=log: " ready." in log.read_text(), f"{log.name} to start", seconds=60)
        yield workers
    finally:
        for process, _ in workers:
            process.terminate()
        for process, _ in workers:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        queue_empty()


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: worker processes share the test's database, which SQLite keeps in this process's memory",
)
def test_two_workers_and_a_periodic_resend_racing_over_50_mails_send_each_once(smtp, worker_processes):
    # A mail server that takes a moment over each mail, so that two senders of one mail would overlap.
    smtp.delay = 0.02
    mails = MailFactory.create_batch(50)

    # Each mail handed to the workers twice (a redelivery, staff's Send again), while the resend goes over all of them.
    with publishing_to(REDIS_URL) as app:
        for mail in mails * 2:
            app.send_task("mailing.tasks.mail_send", args=[mail.pk], queue=QUEUE)
    resend = services.mail_send_pending()
    wait_for(lambda: not Mail.objects.exclude(state=Mail.State.SENT).exists(), "every mail to be sent")
    time.sleep(1)  # the tasks still queued find their mails sent, and send nothing

    received = Counter(smtp.recipients())
    assert len(received) == 50
    assert set(received.values()) == {1}
    assert set(Mail.objects.values_list("attempts", flat=True)) == {1}
    # All three went over the mails (the race was real), and between them sent each once.
    sent_by_worker = [log.read_text().count(") sent.") for _, log in worker_processes]
    assert all(sent_by_worker), sent_by_worker
    # The resend met the workers: mails it found sent or held were left to them, and none failed.
    assert resend.failed == 0 and resend.left > 0, resend
    assert sum(sent_by_worker) + resend.sent == 50, (sent_by_worker, resend)
