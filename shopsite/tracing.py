"""OpenTelemetry traces, from a request to the tasks it queues, sent to an OTLP/HTTP collector when
OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/DEPLOY.md, Observability).

Set up once per process, after any fork (the span processor's export thread would not survive one): the web server's
in shopsite/wsgi.py, which gunicorn loads in each worker it forks (no preload_app), before Django builds its
middleware; a Celery worker's in each pool process it starts (worker_process_init, shopsite/celery.py). Requests
(Django), tasks published and run (Celery, which carries the trace in the task's headers, so a request and its tasks
share one trace), SQL (psycopg) and Redis calls are traced. The standard OTEL_* variables do the rest: the sampler
(OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG), headers, timeouts, OTEL_RESOURCE_ATTRIBUTES.

Without the variable nothing of OpenTelemetry is imported: the hot path pays nothing.
"""

import os

_started = False


def configured() -> bool:
    """Whether traces are wanted: an OTLP endpoint is set (for all signals, or for traces alone)."""
    return bool(os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))


def start(default_service_name: str) -> bool:
    """Set the SDK up and instrument the shop's libraries, once in this process; False when no endpoint is set.

    The service is named by OTEL_SERVICE_NAME, else `default_service_name`; its version is the release
    (SHOP_RELEASE). Django's settings must be importable, and for the web server this runs before its middleware is
    loaded (the Django instrumentation adds its own to settings.MIDDLEWARE).
    """
    global _started
    if _started or not configured():
        return False
    from django.conf import settings
    from opentelemetry import trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.instrumentation.celery import CeleryInstrumentor
    from opentelemetry.instrumentation.django import DjangoInstrumentor
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor
    from opentelemetry.sdk.resources import SERVICE_NAME, SERVICE_VERSION, Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    resource = Resource.create(
        {
            SERVICE_NAME: os.environ.get("OTEL_SERVICE_NAME") or default_service_name,
            SERVICE_VERSION: settings.SHOP_RELEASE,
        }
    )
    # The sampler comes from OTEL_TRACES_SAMPLER (default: every trace, or its parent's choice); the exporter's
    # endpoint (with /v1/traces added), headers, timeout and compression from the OTEL_EXPORTER_OTLP_* variables.
    provider = TracerProvider(resource=resource)
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)
    # Its middleware would go first, and it reads the Host header (the request's absolute URL): after the probes and
    # /metrics instead, which are answered before the host check (settings/base.py), and not traced.
    DjangoInstrumentor().instrument(
        middleware_position=settings.MIDDLEWARE.index("shopsite.metrics.MetricsMiddleware") + 1
    )
    CeleryInstrumentor().instrument()
    # Connections opened from here on are traced (Django opens them lazily, after this).
    PsycopgInstrumentor().instrument(enable_commenter=False)
    RedisInstrumentor().instrument()
    _started = True
    return True


def flush(timeout_millis: int = 30000) -> None:
    """Send the spans still buffered (a test, or a process about to end); nothing without the SDK set up."""
    if _started:
        from opentelemetry import trace

        trace.get_tracer_provider().force_flush(timeout_millis)
