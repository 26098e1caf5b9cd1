"""Prometheus figures at GET /metrics, for the operator's scraper only (docs/DEPLOY.md: metrics).

Counted in each process as it serves: requests by route, method and status class with their latency, the catalogue
cache's hits and misses, checkout outcomes. Under gunicorn each worker writes its counts into files of
PROMETHEUS_MULTIPROC_DIR (set and emptied by gunicorn.conf.py), and a scrape of any worker sums them all. Read at each
scrape: the broker's queue length, the oldest waiting mail's age and the heartbeats' ages (the apps register what
they know with scrape_gauge_add: mailing/apps.py).

/metrics is answered by MetricsMiddleware near the top of the stack, before the Host check and the HTTPS redirect
(a scraper reaches each machine by its address), only with `Authorization: Bearer <SHOP_METRICS_TOKEN>`: without the
variable it does not exist (404); without the token, 403.
"""

import hmac
import logging
import os
import time
from collections.abc import Callable, Iterable

from django.conf import settings
from django.http import HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

logger = logging.getLogger(__name__)

PATH = "/metrics"

REQUESTS = Counter(
    "shop_http_requests",
    "Requests answered, by route (the URL pattern, not the path), method and status class.",
    ["route", "method", "status"],
)
LATENCY = Histogram(
    "shop_http_request_duration_seconds",
    "Time from the metrics middleware to the answer, by route.",
    ["route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
CATALOGUE_CACHE = Counter(
    "shop_catalogue_cache",
    "Catalogue answers served from the cache (hit) or built from the database (miss).",
    ["result"],
)
CHECKOUTS = Counter(
    "shop_checkouts",
    "Checkout calls by outcome: paid, repeated, requires_action, refused, conflict, limited, invalid, unavailable, "
    "error.",
    ["outcome"],
)

# Requests whose path resolved to no route of the shop (static files answered by WhiteNoise, 404s): one label, so a
# scan of random paths cannot grow the figures.
UNRESOLVED = "(unresolved)"
STATUS_CLASSES = {n: f"{n}xx" for n in range(1, 6)}
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

_scrape_gauges: list[tuple[str, str, Callable[[], Iterable[tuple[dict[str, str], float]]]]] = []


def scrape_gauge_add(name: str, documentation: str, read: Callable[[], Iterable[tuple[dict[str, str], float]]]):
    """A gauge read at each scrape: read() gives (labels, value) pairs; an error in it leaves that gauge out."""
    _scrape_gauges[:] = [gauge for gauge in _scrape_gauges if gauge[0] != name]
    _scrape_gauges.append((name, documentation, read))


class ScrapeCollector:
    """The gauges read at scrape time (the queue, the outbox, the heartbeats), never counted per process."""

    def collect(self):
        for name, documentation, read in list(_scrape_gauges):
            try:
                samples = list(read())
            except Exception as error:
                logger.warning("The figure %s was not read (%s: %s)", name, type(error).__name__, error)
                continue
            labels = sorted({label for sample_labels, _ in samples for label in sample_labels})
            family = GaugeMetricFamily(name, documentation, labels=labels)
            for sample_labels, value in samples:
                family.add_metric([sample_labels.get(label, "") for label in labels], value)
            yield family


def checkout_counted(status_code: int) -> None:
    """Count one checkout call's outcome from its answer's status (orders/views.py)."""
    outcome = {
        201: "paid",
        200: "repeated",
        202: "requires_action",
        402: "refused",
        409: "conflict",
        429: "limited",
        503: "unavailable",
    }.get(status_code)
    if outcome is None:
        outcome = "error" if status_code >= 500 else "invalid"
    CHECKOUTS.labels(outcome).inc()


def exposition() -> bytes:
    """Every figure in Prometheus's text format: summed over gunicorn's workers when they share a directory."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = CollectorRegistry()
        registry.register(_ProcessFigures())
    registry.register(ScrapeCollector())
    return generate_latest(registry)


class _ProcessFigures:
    """This process's own counts (a single process: manage.py runserver, the tests)."""

    def collect(self):
        yield from REGISTRY.collect()


def _token_matches(header: str) -> bool:
    token = settings.SHOP_METRICS_TOKEN
    scheme, _, given = header.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


class MetricsMiddleware:
    """Counts every request below it (one label lookup, one counter, one histogram; no query) and answers /metrics."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info == PATH:
            return self._metrics(request)
        started = time.perf_counter()
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        route = (match.route or match.view_name) if match is not None else UNRESOLVED
        method = request.method if request.method in METHODS else "other"
        REQUESTS.labels(route, method, STATUS_CLASSES.get(response.status_code // 100, "other")).inc()
        LATENCY.labels(route).observe(time.perf_counter() - started)
        return response

    def _metrics(self, request):
        if not settings.SHOP_METRICS_TOKEN:
            response = HttpResponse("Not found.\n", status=404, content_type="text/plain")
        elif not _token_matches(request.headers.get("Authorization", "")):
            response = HttpResponse("Forbidden.\n", status=403, content_type="text/plain")
        else:
            response = HttpResponse(exposition(), content_type=CONTENT_TYPE_LATEST)
        response["Cache-Control"] = "no-store"
        return response


_broker_clients: dict[str, object] = {}
# kombu's Redis transport keeps a queue's tasks of priorities 3, 6 and 9 in lists of their own beside the queue's.
_PRIORITY_SUFFIXES = ("", "\x06\x163", "\x06\x166", "\x06\x169")


def broker_queue_length() -> list[tuple[str, int]]:
    """The default queue's waiting tasks (LLEN on a Redis broker, one round trip); nothing for another broker."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return []
    import redis

    client = _broker_clients.get(url)
    if client is None:
        client = _broker_clients[url] = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    pipe = client.pipeline(transaction=False)
    for suffix in _PRIORITY_SUFFIXES:
        pipe.llen(queue + suffix)
    return [(queue, sum(pipe.execute()))]
