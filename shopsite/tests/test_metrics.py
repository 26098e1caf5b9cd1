"""GET /metrics: the scraper's figures, behind its token; counted by one middleware on every request."""

import contextlib
import os
import signal
import time
from datetime import timedelta

import pytest
import redis
import requests
from django.utils import timezone
from prometheus_client import REGISTRY

from catalog.tests.factories import ShoeFactory
from mailing.models import Mail
from shopsite import metrics
from shopsite.heartbeats import heartbeat_stamp

from .servers import free_port, gunicorn_start

TOKEN = "scraper-token-for-tests"
REDIS_URL = os.environ.get("CELERY_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")


def value(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def scrape(client) -> dict[str, float]:
    answer = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert answer.status_code == 200
    samples = {}
    for line in answer.content.decode().splitlines():
        if line and not line.startswith("#"):
            name, _, figure = line.rpartition(" ")
            samples[name] = float(figure)
    return samples


@pytest.fixture
def token(settings):
    settings.SHOP_METRICS_TOKEN = TOKEN


def test_without_a_token_set_metrics_do_not_exist(client, settings):
    settings.SHOP_METRICS_TOKEN = ""

    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 404


@pytest.mark.parametrize("header", [None, "Bearer wrong", f"Basic {TOKEN}", "Bearer", f"Bearer {TOKEN}x"])
def test_metrics_need_the_scrapers_token(client, token, header):
    extra = {} if header is None else {"HTTP_AUTHORIZATION": header}

    answer = client.get("/metrics", **extra)

    assert answer.status_code == 403
    assert b"shop_" not in answer.content


def test_metrics_are_answered_before_the_host_check_and_never_cached(client, token, db):
    # A scraper reaches each machine by its address, whatever ALLOWED_HOSTS says.
    answer = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}", HTTP_HOST="10.0.0.7:8000")

    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    assert answer["Cache-Control"] == "no-store"
    assert b"shop_http_requests_total" in answer.content


def test_requests_are_counted_by_route_not_by_path(api_client, db):
    route = "api/shoes/<int:pk>"
    before_ok = value("shop_http_requests_total", route=route, method="GET", status="2xx")
    before_missing = value("shop_http_requests_total", route=route, method="GET", status="4xx")
    before_latency = value("shop_http_request_duration_seconds_count", route=route)
    shoe = ShoeFactory()

    api_client.get(f"/api/shoes/{shoe.pk}")
    api_client.get(f"/api/shoes/{shoe.pk + 1000}")
    api_client.get(f"/api/shoes/{shoe.pk + 2000}")

    assert value("shop_http_requests_total", route=route, method="GET", status="2xx") == before_ok + 1
    assert value("shop_http_requests_total", route=route, method="GET", status="4xx") == before_missing + 2
    assert value("shop_http_request_duration_seconds_count", route=route) == before_latency + 3


def labels_of(name: str, **labels) -> dict[tuple, float]:
    return {
        tuple(sorted(sample.labels.items())): sample.value
        for family in REGISTRY.collect()
        for sample in family.samples
        if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items())
    }


def test_paths_and_unknown_methods_never_make_labels_of_their_own(api_client, db):
    before = labels_of("shop_http_requests_total", method="other")

    for n in range(3):
        api_client.generic("BREW", f"/no/such/path/{n}")

    after = labels_of("shop_http_requests_total", method="other")
    grown = {labels: count - before.get(labels, 0) for labels, count in after.items() if count != before.get(labels)}
    # One label set took the three, whatever route the catch-all of pages is: none names the path.
    assert list(grown.values()) == [3]
    assert "/no/such" not in str(grown)


def test_counting_a_request_asks_nothing_of_the_database(api_client, db, django_assert_num_queries):
    with django_assert_num_queries(0):
        api_client.get("/livez")
    ShoeFactory()
    api_client.get("/api/shoes")
    # A kept catalogue answer, served with no query at all: the figures add none.
    with django_assert_num_queries(0):
        assert api_client.get("/api/shoes").status_code == 200


def test_the_catalogue_cache_counts_its_misses_and_hits(api_client, db):
    ShoeFactory()
    misses, hits = value("shop_catalogue_cache_total", result="miss"), value("shop_catalogue_cache_total", result="hit")

    api_client.get("/api/shoes")
    api_client.get("/api/shoes")
    api_client.get("/api/shoes")

    assert value("shop_catalogue_cache_total", result="miss") == misses + 1
    assert value("shop_catalogue_cache_total", result="hit") == hits + 2
    # The hits were answered by the middleware before the view: still counted under their route.
    assert value("shop_http_requests_total", route="api/shoes", method="GET", status="2xx") >= 3


def test_a_checkout_refused_for_its_input_is_counted(client_for, shopper):
    before = value("shop_checkouts_total", outcome="invalid")

    answer = client_for(shopper).post("/api/cart/checkout", {"shoes": "not a list"}, format="json")

    assert answer.status_code == 400
    assert value("shop_checkouts_total", outcome="invalid") == before + 1


@pytest.mark.parametrize(
    ("status", "outcome"),
    [(201, "paid"), (200, "repeated"), (202, "requires_action"), (402, "refused"), (409, "conflict"),
     (429, "limited"), (503, "unavailable"), (500, "error"), (403, "invalid")],
)  # fmt: skip
def test_checkout_outcomes_by_status(status, outcome):
    before = value("shop_checkouts_total", outcome=outcome)

    metrics.checkout_counted(status)

    assert value("shop_checkouts_total", outcome=outcome) == before + 1


def test_the_oldest_waiting_mail_and_the_heartbeats_are_read_at_each_scrape(client, token, db):
    assert scrape(client)["shop_mail_oldest_waiting_age_seconds"] == 0
    mail = Mail.objects.create(kind="welcome", to="a@b.test")
    Mail.objects.filter(pk=mail.pk).update(created_at=timezone.now() - timedelta(hours=1))
    Mail.objects.create(kind="welcome", to="c@d.test", state=Mail.State.SENT)
    heartbeat_stamp("worker")

    samples = scrape(client)

    assert samples["shop_mail_oldest_waiting_age_seconds"] >= 3600
    assert samples['shop_heartbeat_age_seconds{part="worker"}'] < 3600
    # Beat never sent one: no figure (an alert on absent() catches it), rather than a made-up age.
    assert not any('part="beat"' in name for name in samples)


def test_the_queue_length_is_read_from_a_redis_broker(client, token, db, settings):
    server = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        server.ping()
    except redis.RedisError:
        pytest.skip(f"no Redis answers at {REDIS_URL} (CELERY_TEST_REDIS_URL)")
    queue = f"metrics-test-{os.getpid()}"
    settings.CELERY_BROKER_URL = REDIS_URL
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    try:
        server.rpush(queue, "a", "b")
        server.rpush(queue + "\x06\x163", "c")

        assert scrape(client)[f'shop_celery_queue_length{{queue="{queue}"}}'] == 3
    finally:
        server.delete(queue, queue + "\x06\x163")


def test_a_broker_that_does_not_answer_leaves_its_figure_out_not_the_scrape(client, token, db, settings, caplog):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"

    samples = scrape(client)

    assert not any(name.startswith("shop_celery_queue_length") for name in samples)
    assert "shop_mail_oldest_waiting_age_seconds" in samples
    assert "The figure shop_celery_queue_length was not read" in caplog.text


def test_another_broker_has_no_queue_figure(client, token, db, settings):
    settings.CELERY_BROKER_URL = "memory://localhost/"

    assert not any(name.startswith("shop_celery_queue_length") for name in scrape(client))


def _requests_count(port) -> float:
    answer = requests.get(f"http://127.0.0.1:{port}/metrics", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=5)
    assert answer.status_code == 200
    return sum(
        float(line.rpartition(" ")[2])
        for line in answer.text.splitlines()
        if line.startswith("shop_http_requests_total{")
    )


def _worker_pids(tmp_path) -> set[int]:
    return {int(path.stem.rsplit("_", 1)[-1]) for path in (tmp_path / "prometheus").glob("*.db")}


def test_gunicorns_workers_are_summed_a_dead_ones_counts_kept_and_a_restart_starts_from_nothing(tmp_path):
    port = free_port()
    server = gunicorn_start(tmp_path, port, GUNICORN_THREADS="1", SHOP_METRICS_TOKEN=TOKEN)

    def ask(times: int) -> None:
        for _ in range(times):
            # Whatever it answers (this server has no database: 503), it is counted.
            requests.get(f"http://127.0.0.1:{port}/no/such/page", timeout=5)

    try:
        ask(20)
        [first] = _worker_pids(tmp_path)
        # The worker dies (gunicorn starts another, child_exit marks it dead): what it counted stays in the sum.
        os.kill(first, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while len(_worker_pids(tmp_path)) < 2:
            assert time.monotonic() < deadline, "gunicorn started no new worker"
            with contextlib.suppress(requests.RequestException):
                ask(1)
            time.sleep(0.2)
        counted = _requests_count(port)
        ask(20)

        assert _requests_count(port) == counted + 20 >= 41
        assert len(_worker_pids(tmp_path)) == 2
    finally:
        server.terminate()
        server.wait(timeout=30)
    server = gunicorn_start(tmp_path, port, GUNICORN_THREADS="1", SHOP_METRICS_TOKEN=TOKEN)
    try:
        # The directory was emptied at start: nothing of the last server's counts.
        assert _requests_count(port) == 0
    finally:
        server.terminate()
        server.wait(timeout=30)
