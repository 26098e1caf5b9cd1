"""OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (shopsite/tracing.py): a request that queues a task
reaches a local HTTP sink standing for the OTLP collector as one trace; without the variable nothing is set up.

Each case starts the web server's entry point (shopsite.wsgi) in a fresh interpreter, so the SDK's set-up is the real
one. The task runs eagerly there, as in every unit test, or, for the trace across processes, in a real `celery worker`
(prefork, as production runs it) on the test Redis (CELERY_TEST_REDIS_URL), which receives the trace in the task's
headers.
"""

import gzip
import os
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import redis
from django.conf import settings
from django.db import connection
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from .servers import free_port, gunicorn_start

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: the shop's processes share the test's database, which SQLite keeps in this process",
    ),
]

REDIS_URL = os.environ.get("CELERY_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")

SIGN_UP = (
    "import shopsite.wsgi, sys\n"
    "from django.test import Client\n"
    "from shopsite import tracing\n"
    "response = Client().post('/api/mail/newsletter', {'email': 'ana@example.com'}, content_type='application/json')\n"
    "print('STATUS', response.status_code)\n"
    "print('LIVEZ', Client().get('/livez', HTTP_HOST='10.1.2.3').status_code)\n"
    "tracing.flush()\n"
    "print('MODULES', ' '.join(sorted(name for name in sys.modules if name.startswith('opentelemetry'))))\n"
    "from django.conf import settings\n"
    "print('MIDDLEWARE', ' '.join(settings.MIDDLEWARE))\n"
)


def shop_environment(**env: str) -> dict[str, str]:
    """This environment on this test's database, without its OTEL_ variables, with `env` added."""
    database = connection.settings_dict
    return {
        **{name: value for name, value in os.environ.items() if not name.startswith("OTEL_")},
        "DJANGO_SETTINGS_MODULE": "shopsite.settings.test",
        "DATABASE_URL": (
            f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@{database['HOST']}:{database['PORT'] or 5432}"
            f"/{database['NAME']}"
        ),
        "EMAIL_URL": "memorymail://",
        "DJANGO_ALLOWED_HOSTS": "testserver",
        **env,
    }


def web_process(**env: str) -> subprocess.CompletedProcess:
    """shopsite.wsgi loaded in a new interpreter on this test's database, signing up for the newsletter once."""
    return subprocess.run(
        [sys.executable, "-c", SIGN_UP],
        cwd=settings.BASE_DIR, env=shop_environment(**env), capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


class Collector:
    """An OTLP/HTTP collector on loopback: the spans of every ExportTraceServiceRequest POSTed to /v1/traces."""

    def __init__(self):
        self.requests: list[tuple[str, ExportTraceServiceRequest]] = []
        received = self.requests

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if self.headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                export = ExportTraceServiceRequest()
                export.ParseFromString(body)
                received.append((self.path, export))
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def spans(self) -> list[tuple[dict, Span]]:
        """(the resource's attributes, the span) for every span received."""
        found = []
        for _, export in self.requests:
            for resource_spans in export.resource_spans:
                resource = {kv.key: kv.value.string_value for kv in resource_spans.resource.attributes}
                for scope_spans in resource_spans.scope_spans:
                    found += [(resource, span) for span in scope_spans.spans]
        return found

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def collector():
    sink = Collector()
    yield sink
    sink.stop()


def test_a_request_and_the_task_it_queues_reach_the_collector_as_one_trace(collector):
    result = web_process(OTEL_EXPORTER_OTLP_ENDPOINT=collector.url, SHOP_RELEASE="r7")

    assert result.returncode == 0, result.stderr
    assert "STATUS 200" in result.stdout, result.stdout + result.stderr
    assert {path for path, _ in collector.requests} == {"/v1/traces"}
    spans = collector.spans()
    [(resource, request)] = [(r, s) for r, s in spans if s.kind == Span.SPAN_KIND_SERVER]
    assert request.name == "POST api/mail/newsletter"
    assert resource["service.name"] == "sneaker-shop-web"
    assert resource["service.version"] == "r7"
    [task] = [s for _, s in spans if s.kind == Span.SPAN_KIND_CONSUMER]
    assert task.name == "run/mailing.tasks.mail_send"
    assert task.trace_id == request.trace_id
    # The load balancer's probe, by the machine's address, is still answered before the host check, and not traced.
    assert "LIVEZ 200" in result.stdout, result.stdout + result.stderr
    # The SQL the request ran is in its trace too.
    assert any(s.kind == Span.SPAN_KIND_CLIENT and s.trace_id == request.trace_id for _, s in spans)


def redis_answers() -> bool:
    try:
        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5).ping()
    except redis.RedisError:
        return False


@pytest.mark.workers
@pytest.mark.skipif(not redis_answers(), reason=f"no Redis answers at {REDIS_URL} (CELERY_TEST_REDIS_URL)")
def test_the_task_a_request_queues_runs_in_a_worker_in_the_request_s_trace(collector, tmp_path):
    queue = f"tracing-{uuid.uuid4().hex}"
    env = {
        "OTEL_EXPORTER_OTLP_ENDPOINT": collector.url,
        # The pool's process is ended with the worker, before an exit could flush: its spans leave at once.
        "OTEL_BSP_SCHEDULE_DELAY": "50",
        "SHOP_TEST_CELERY_EAGER": "0",
        "CELERY_BROKER_URL": REDIS_URL,
        "CELERY_QUEUE": queue,
        "SHOP_VAR_DIR": str(tmp_path),
    }
    command = [sys.executable, "-m", "celery", "-A", "shopsite", "worker", "--pool", "prefork", "--concurrency", "1"]
    log_path = tmp_path / "worker.log"
    with log_path.open("w") as log:
        worker = subprocess.Popen(
            [*command, "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"],
            cwd=settings.BASE_DIR, env=shop_environment(**env), stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        result = web_process(**env)
        assert result.returncode == 0, result.stderr
        assert "STATUS 200" in result.stdout, result.stdout + result.stderr

        def task_span():
            return [(r, s) for r, s in collector.spans() if s.kind == Span.SPAN_KIND_CONSUMER]

        deadline = time.monotonic() + 60
        while not task_span():
            assert worker.poll() is None, log_path.read_text()
            assert time.monotonic() < deadline, "no task span reached the collector"
            time.sleep(0.1)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
        redis.Redis.from_url(REDIS_URL).delete(queue)

    spans = collector.spans()
    [(web, request)] = [(r, s) for r, s in spans if s.kind == Span.SPAN_KIND_SERVER]
    [(published, sent)] = [(r, s) for r, s in spans if s.kind == Span.SPAN_KIND_PRODUCER]
    [(worker_resource, task)] = task_span()
    assert (web["service.name"], published["service.name"]) == ("sneaker-shop-web", "sneaker-shop-web")
    assert worker_resource["service.name"] == "sneaker-shop-worker"
    assert task.name == "run/mailing.tasks.mail_send"
    assert task.trace_id == sent.trace_id == request.trace_id
    assert task.parent_span_id == sent.span_id


def test_gunicorn_s_workers_trace_their_requests(collector, tmp_path):
    port = free_port()
    database = shop_environment()["DATABASE_URL"]
    server = gunicorn_start(
        tmp_path, port, DATABASE_URL=database, OTEL_EXPORTER_OTLP_ENDPOINT=collector.url, OTEL_BSP_SCHEDULE_DELAY="50"
    )
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/csrf", timeout=30) as response:
            assert response.status == 204
        deadline = time.monotonic() + 60
        while not [s for _, s in collector.spans() if s.kind == Span.SPAN_KIND_SERVER]:
            assert time.monotonic() < deadline, (tmp_path / "gunicorn.log").read_text()
            time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(timeout=30)

    [(resource, request)] = [(r, s) for r, s in collector.spans() if s.kind == Span.SPAN_KIND_SERVER]
    assert request.name == "GET api/csrf"
    assert resource["service.name"] == "sneaker-shop-web"


def test_the_service_is_named_by_otel_service_name(collector):
    result = web_process(OTEL_EXPORTER_OTLP_ENDPOINT=collector.url, OTEL_SERVICE_NAME="shop-eu")

    assert result.returncode == 0, result.stderr
    assert {resource["service.name"] for resource, _ in collector.spans()} == {"shop-eu"}


def test_without_an_endpoint_nothing_of_opentelemetry_is_set_up(collector):
    result = web_process()

    assert result.returncode == 0, result.stderr
    assert "STATUS 200" in result.stdout, result.stdout + result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines() if " " in line)
    # redis-py imports OpenTelemetry's metrics SDK when it is installed, for metrics it records only once told to
    # (it is not): no tracer provider, exporter or instrumentation is loaded, and no middleware added.
    loaded = lines["MODULES"].split()
    assert [name for name in loaded if name.startswith(("opentelemetry.sdk.trace", "opentelemetry.exporter"))] == []
    assert [name for name in loaded if name.startswith("opentelemetry.instrumentation")] == []
    assert "opentelemetry" not in lines["MIDDLEWARE"]
    assert collector.requests == []
