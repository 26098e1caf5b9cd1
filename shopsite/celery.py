"""The shop's Celery app: every piece of work that need not finish inside a request (docs/DESIGN.md §6).

Configured from Django's settings (the CELERY_* names); tasks live in each app's tasks.py. A task's log lines carry
the id of the request that published it, its name, id and retries (shopsite/logs.py).
"""

import os

from celery import Celery
from celery.signals import before_task_publish, task_postrun, task_prerun, worker_init, worker_process_init

from . import logs, tracing

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings")

app = Celery("shopsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

before_task_publish.connect(logs.task_headers_add, weak=False)


def _heartbeat_sent(sender=None, **kwargs):
    # Imported when first called: this module loads before Django's apps are ready.
    from .heartbeats import beat_sent

    beat_sent(sender=sender, **kwargs)


before_task_publish.connect(_heartbeat_sent, weak=False)
task_prerun.connect(logs.task_context_enter, weak=False)
task_postrun.connect(logs.task_context_leave, weak=False)


def _tracing_start(**kwargs):
    # In each pool process the worker forks (prefork, Celery's default, and solo), when OTEL_EXPORTER_OTLP_ENDPOINT is
    # set (shopsite/tracing.py).
    tracing.start("sneaker-shop-worker")


def _tracing_start_threads(sender=None, **kwargs):
    # The threads pool forks nothing and sends no worker_process_init: its tasks run in the worker's own process.
    if tracing.configured():
        from celery.concurrency import get_implementation
        from celery.concurrency.thread import TaskPool

        if issubclass(get_implementation(sender.pool_cls), TaskPool):
            tracing.start("sneaker-shop-worker")


worker_process_init.connect(_tracing_start, weak=False)
worker_init.connect(_tracing_start_threads, weak=False)
