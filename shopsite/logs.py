"""Logging as JSON lines on stdout, each line carrying the id of the request it belongs to.

A Celery task's lines carry the id of the request that published it (it travels in the task's headers), and the
task's name, id and retries.
"""

import contextvars
import json
import logging
import re
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

_request_id = contextvars.ContextVar("request_id", default="-")
# (name, id, retries) of the Celery task running in this thread, if any.
_task = contextvars.ContextVar("task", default=None)
# The header a task's message carries the publishing request's id in.
REQUEST_ID_HEADER = "shop_request_id"
# What each running task replaced, put back when it ends (an eager task runs inside the request that published it).
_task_tokens: dict[str, tuple[contextvars.Token, contextvars.Token]] = {}
# An id the load balancer gave the request is kept, so its log and ours can be joined; anything else
# is replaced, so a client cannot write what it likes into the log.
_GIVEN_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


class RequestIdMiddleware:
    """Names each request (X-Request-ID, kept from the proxy or made here) for the log and the answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        request_id = given if _GIVEN_ID.match(given) else uuid.uuid4().hex
        # Not reset on the way out: Django logs a 4xx/5xx answer after the middleware has returned, and
        # that line belongs to this request too. The next request in this thread sets its own.
        _request_id.set(request_id)
        response = self.get_response(request)
        response["X-Request-ID"] = request_id
        return response


def request_id_current() -> str:
    """The id of the request this code runs for ('-' outside one)."""
    return _request_id.get()


@contextmanager
def request_id_as(request_id: str) -> Iterator[None]:
    """Log under another request's id for a while: the periodic resend sends each mail under its request's id."""
    token = _request_id.set(request_id or "-")
    try:
        yield
    finally:
        _request_id.reset(token)


def task_headers_add(headers: dict | None = None, **kwargs) -> None:
    """Celery's before_task_publish: the publishing request's id goes with the task (a retry keeps its own)."""
    if headers is not None:
        headers.setdefault(REQUEST_ID_HEADER, _request_id.get())


def task_context_enter(task_id: str | None = None, task=None, **kwargs) -> None:
    """Celery's task_prerun: the task's lines carry its publisher's request id and the task itself."""
    if task is None or task_id is None:
        return
    request_id = getattr(task.request, REQUEST_ID_HEADER, None) or _request_id.get()
    _task_tokens[task_id] = (
        _request_id.set(request_id),
        _task.set((task.name, task_id, task.request.retries or 0)),
    )


def task_context_leave(task_id: str | None = None, **kwargs) -> None:
    """Celery's task_postrun: back to what ran before the task."""
    tokens = _task_tokens.pop(task_id, None) if task_id else None
    if tokens is not None:
        _request_id.reset(tokens[0])
        _task.reset(tokens[1])


class RequestIdFilter(logging.Filter):
    """Gives every record the current request's id ('-' outside a request), and inside a task the task's name, id and
    retries."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
        task = _task.get()
        if task is not None:
            record.task, record.task_id, record.retries = task
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: what log collectors read without a parsing rule."""

    converter = time.gmtime  # the Z in the time says UTC

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", "-"),
            "message": record.getMessage(),
        }
        for name in ("task", "task_id", "retries"):
            if hasattr(record, name):
                line[name] = getattr(record, name)
        # Why something failed, in one line: given by the code that logs it, or the exception's own words.
        reason = getattr(record, "reason", None)
        if reason is None and record.exc_info and record.exc_info[1] is not None:
            reason = f"{type(record.exc_info[1]).__name__}: {record.exc_info[1]}"
        if reason is not None:
            line["reason"] = str(reason)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)
