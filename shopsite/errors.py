"""Domain errors and the one handler that turns every error into the API's JSON shape."""

import logging
import sys

from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import Http404, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response

logger = logging.getLogger(__name__)

# PostgreSQL's SQLSTATEs for a statement it cut: query_canceled (statement_timeout) and lock_not_available
# (lock_timeout), the time limits of the web server's connections (settings/base.py).
DATABASE_TIME_LIMITS = {"57014", "55P03"}
BUSY = "The shop is busy right now; please try again in a moment."
UNAVAILABLE = "The shop cannot reach its database right now; please try again in a moment."
RETRY_AFTER_SECONDS = "5"


def database_out(exc: BaseException | None) -> bool:
    """Whether the error says the database is out of reach or its connection was lost (not a refused statement)."""
    return isinstance(exc, (OperationalError, InterfaceError))


def unavailable(request) -> HttpResponse:
    """503 with Retry-After for a database out of reach: JSON under /api/, plain text elsewhere; never a 500."""
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": UNAVAILABLE, "code": "unavailable"}, status=503)
    else:
        response = HttpResponse(UNAVAILABLE, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = RETRY_AFTER_SECONDS
    return response


class ShopError(Exception):
    """A rule of the shop refused the request; apps subclass it in their errors.py."""

    status_code = status.HTTP_400_BAD_REQUEST
    code = "invalid"
    message = "The request was refused."

    def __init__(self, message: str | None = None, *, field: str | None = None, extra: dict | None = None):
        self.message = message or self.message
        # Set when the rule is about one input field: the answer is then {field: [message]}.
        self.field = field
        # More of the answer beside detail and code, for a client that can act on it (the lines to fix).
        self.extra = extra or {}
        super().__init__(self.message)


class NotFound(ShopError):
    status_code = status.HTTP_404_NOT_FOUND
    code = "not_found"


class Conflict(ShopError):
    status_code = status.HTTP_409_CONFLICT
    code = "conflict"


def exception_handler(exc, context):
    """Answer {"detail", "code"} for whole-request errors and {"field": [...]} for field errors."""
    # Imported here: rest_framework.views reads the authentication classes at import, and those
    # (accounts.authentication) raise errors defined beside this module.
    from rest_framework.views import exception_handler as drf_exception_handler

    if isinstance(exc, DatabaseError) and getattr(exc.__cause__, "sqlstate", None) in DATABASE_TIME_LIMITS:
        # Its transaction was rolled back (a checkout cut after its charge is settled like a crashed one): the caller
        # may send the request again.
        logger.warning("A database statement ran past its time limit: %s", exc)
        return Response(
            {"detail": BUSY, "code": "busy"},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": RETRY_AFTER_SECONDS},
        )
    if database_out(exc):
        logger.error("The database is out of reach: %s: %s", type(exc).__name__, exc)
        return Response(
            {"detail": UNAVAILABLE, "code": "unavailable"},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": RETRY_AFTER_SECONDS},
        )
    if isinstance(exc, ShopError):
        body = {exc.field: [exc.message]} if exc.field else {"detail": exc.message, "code": exc.code, **exc.extra}
        return Response(body, status=exc.status_code)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(response.data, list):
        # A ValidationError raised with a bare message, not about one field.
        response.data = {"detail": " ".join(map(str, response.data)), "code": "invalid"}
    elif set(response.data) == {"detail"}:
        codes = exc.get_codes()
        response.data["code"] = codes if isinstance(codes, str) else "error"
    return response


def api_not_found(request, *args, **kwargs) -> JsonResponse:
    """A path under /api/ that names no call: JSON, never the page shell."""
    return JsonResponse({"detail": "Not found.", "code": "not_found"}, status=404)


def server_error(request, *args, **kwargs):
    """Django's 500 handler: JSON under /api/, Django's plain page elsewhere; 503 when the database is out of reach
    (an error from a middleware or a page, which DRF's handler never sees)."""
    if database_out(sys.exc_info()[1]):
        return unavailable(request)
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Server error.", "code": "server_error"}, status=500)
    return defaults.server_error(request, *args, **kwargs)


def too_large(request, message: str | None = None) -> HttpResponse:
    """413 for a body past its limit: JSON under /api/, plain text elsewhere."""
    message = message or "The request is too large."
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message, "code": "too_large"}, status=413)
    return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")


def bad_request(request, exception, *args, **kwargs):
    """Django's 400 handler (a request it refused before any view): JSON under /api/, its page elsewhere."""
    if isinstance(exception, RequestDataTooBig):
        return too_large(request)
    if not request.path.startswith("/api/"):
        return defaults.bad_request(request, exception, *args, **kwargs)
    return JsonResponse({"detail": "Bad request.", "code": "bad_request"}, status=400)
