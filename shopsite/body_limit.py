"""Request bodies held to their limit before Django reads or spools a byte of them."""

import io

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream

from shopsite.errors import too_large
from shopsite.images import MAX_UPLOAD_BYTES, TOO_BIG

# A form with a picture: the picture's cap, and room for the form's short text fields and the multipart framing.
MULTIPART_MAX_BYTES = MAX_UPLOAD_BYTES + 64 * 1024


def body_limit(request) -> tuple[int, str | None]:
    """The most bytes this request's body may have, and what to say past it (None: the plain 413)."""
    if request.content_type == "multipart/form-data":
        # The text fields of the shop's forms are short: only the picture can take a form past this.
        return MULTIPART_MAX_BYTES, TOO_BIG
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE, None


def _read_at_most(stream, size: int) -> bytes:
    """Up to size bytes of the stream, however few each read gives."""
    chunks = []
    while size > 0 and (chunk := stream.read(min(size, 64 * 1024))):
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


class BodyLimitMiddleware:
    """Answers 413 for a body past its limit, read from its Content-Length or, when chunked, from the body itself.

    Without the check Django streams a multipart body of any size into a temporary file before a view can
    refuse it. A chunked body (no Content-Length) is read here, at most one byte past the limit, and handed
    on in memory with its length set: Django's WSGIRequest otherwise reads such a body as empty.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit, message = body_limit(request)
        length = request.META.get("CONTENT_LENGTH")
        if length:
            try:
                if int(length) > limit:
                    return too_large(request, message)
            except ValueError:
                pass  # Django reads an unreadable length as no body at all
        elif self._chunked(request):
            body = _read_at_most(request.META["wsgi.input"], limit + 1)
            if len(body) > limit:
                return too_large(request, message)
            request.META["wsgi.input"] = io.BytesIO(body)
            request.META["CONTENT_LENGTH"] = str(len(body))
            request._stream = LimitedStream(request.META["wsgi.input"], len(body))
        return self.get_response(request)

    @staticmethod
    def _chunked(request) -> bool:
        # Only a server that ends the input stream itself (gunicorn says so with wsgi.input_terminated) may be read
        # without a length; elsewhere a read past the body would wait on the socket.
        return "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower() and bool(
            request.META.get("wsgi.input_terminated")
        )
