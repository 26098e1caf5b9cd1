"""Logging as JSON lines on stdout, each line carrying the id of the request it belongs to."""

import contextvars
import json
import logging
import re
import time
import uuid

_request_id = contextvars.ContextVar("request_id", default="-")
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


class RequestIdFilter(logging.Filter):
    """Gives every record the current request's id ('-' outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
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
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)
