"""Bodies past their limit are refused from their length, before Django reads or spools a byte of them."""

import http.client
import io
import json
import socket
import sys
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.middleware.csrf import _get_new_csrf_string

from catalog.tests.factories import ShoeFactory
from catalog.tests.images import image_bytes
from shopsite.body_limit import MULTIPART_MAX_BYTES
from shopsite.images import MAX_UPLOAD_BYTES, TOO_BIG

pytestmark = pytest.mark.django_db

FIFTY_MB = 50 * 1024 * 1024
TOO_LARGE = {"detail": "The request is too large.", "code": "too_large"}
IMAGE_TOO_LARGE = {"detail": TOO_BIG, "code": "too_large"}
BOUNDARY = "shop-test-boundary"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"


class RefusingStream:
    """A request body that fails the test if anything reads it."""

    def read(self, *args):
        raise AssertionError("the body was read")

    readline = read


class CountingStream(io.BytesIO):
    """A request body that counts the bytes read from it."""

    taken = 0

    def read(self, size=-1, /):
        data = super().read(size)
        self.taken += len(data)
        return data

    def readline(self, size=-1, /):
        line = super().readline(size)
        self.taken += len(line)
        return line


@pytest.fixture
def spool(settings, tmp_path):
    """Where Django would write an upload too big for memory; the tests check it stays empty."""
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path / "spool"
    settings.FILE_UPLOAD_TEMP_DIR.mkdir()
    return settings.FILE_UPLOAD_TEMP_DIR


def multipart(fields: dict[str, str], image: bytes | None = None) -> bytes:
    """A multipart form as a browser sends it, with the picture as its `image` part."""
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    if image is not None:
        parts.append(
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\n'
            f"Content-Type: image/png\r\n\r\n".encode()
            + image
            + b"\r\n"
        )
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


def padded_png(size: int) -> bytes:
    """A real PNG of exactly size bytes: a small picture and bytes after its end, which decoders skip."""
    png = image_bytes(size=(64, 48))
    return png + b"\0" * (size - len(png))


@pytest.mark.parametrize(("path", "role"), [("/api/shoes", "admin_client"), ("/api/auth/avatar", "shopper_client")])
def test_a_50_megabyte_upload_is_refused_before_a_byte_is_read(request, spool, path, role):
    client = request.getfixturevalue(role)

    answer = client.generic(
        "POST", path, content_type=MULTIPART, CONTENT_LENGTH=str(FIFTY_MB), **{"wsgi.input": RefusingStream()}
    )

    assert answer.status_code == 413
    assert answer.json() == IMAGE_TOO_LARGE
    assert answer["X-Request-ID"]
    assert list(spool.iterdir()) == []


def test_a_json_body_past_its_limit_is_refused_before_a_byte_is_read(client):
    length = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    answer = client.generic(
        "POST",
        "/api/cart/quote",
        CONTENT_TYPE="application/json",
        CONTENT_LENGTH=str(length),
        **{"wsgi.input": RefusingStream()},
    )

    assert answer.status_code == 413
    assert answer.json() == TOO_LARGE


def test_a_body_past_its_limit_outside_the_api_gets_plain_text(client):
    # Django's own client sets no content type for an empty body: given here, as the browser sends it.
    answer = client.generic(
        "POST", "/django-admin/login/", CONTENT_TYPE=MULTIPART, CONTENT_LENGTH=str(FIFTY_MB),
        **{"wsgi.input": RefusingStream()},
    )  # fmt: skip

    assert answer.status_code == 413
    assert answer["Content-Type"] == "text/plain; charset=utf-8"
    assert answer.content.decode() == TOO_BIG


def test_a_json_body_at_its_limit_is_read(client):
    body = {"shoes": [], "padding": ""}
    body["padding"] = "a" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE - len(json.dumps(body)))
    assert len(json.dumps(body)) == settings.DATA_UPLOAD_MAX_MEMORY_SIZE

    answer = client.post("/api/cart/quote", json.dumps(body), content_type="application/json")

    assert (answer.status_code, answer.json()) == (400, {"shoes": ["Your cart is empty."]})


def test_a_picture_at_the_image_cap_fits_in_the_form(shopper_client, shopper):
    body = multipart({}, padded_png(MAX_UPLOAD_BYTES))
    assert len(body) <= MULTIPART_MAX_BYTES

    answer = shopper_client.generic("POST", "/api/auth/avatar", body, content_type=MULTIPART)

    assert answer.status_code == 200, answer.content
    shopper.refresh_from_db()
    assert shopper.avatar.name.endswith(".webp")


# ---- Chunked bodies (no Content-Length), as gunicorn hands them on


def chunked_environ(path: str, body: CountingStream, content_type: str, **extra: str) -> dict:
    """The WSGI environ gunicorn builds for a chunked request: no CONTENT_LENGTH, the input ended by the server."""
    return {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": content_type,
        "HTTP_TRANSFER_ENCODING": "chunked",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": body,
        "wsgi.input_terminated": True,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        **extra,
    }


def served(environ: dict) -> tuple[int, dict, bytes]:
    """The shop's WSGI application, called as gunicorn calls it."""
    started = {}

    def start_response(status, headers, exc_info=None):
        started["status"], started["headers"] = int(status.split()[0]), dict(headers)

    # As Django's test client does: a request's start and end would close the test's database connection,
    # and with it the transaction the test runs in.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        chunks = WSGIHandler()(environ, start_response)
        try:
            content = b"".join(chunks)
        finally:
            chunks.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return started["status"], started["headers"], content


def test_a_chunked_body_past_its_limit_is_cut_at_the_limit():
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = CountingStream(b'{"shoes": "' + b"a" * (limit + 1024 * 1024) + b'"}')

    status, headers, content = served(chunked_environ("/api/cart/quote", body, "application/json"))

    assert (status, json.loads(content)) == (413, TOO_LARGE)
    assert headers["X-Request-ID"]
    assert body.taken == limit + 1


def test_a_chunked_json_body_within_its_limit_is_read():
    shoe = ShoeFactory(price=Decimal("120.00"), sizes={"9": 3})
    line = {"_id": shoe.pk, "size": "9", "quantity": 2, "price": 120}
    body = CountingStream(json.dumps({"shoes": [line]}).encode())

    status, _, content = served(chunked_environ("/api/cart/quote", body, "application/json"))

    assert status == 200, content
    assert json.loads(content)["amount"] == 24000


def test_a_chunked_upload_past_its_limit_is_cut_at_the_limit(spool):
    body = CountingStream(multipart({}, b"\0" * (MULTIPART_MAX_BYTES + 1024 * 1024)))

    status, _, content = served(chunked_environ("/api/auth/avatar", body, MULTIPART))

    assert (status, json.loads(content)) == (413, IMAGE_TOO_LARGE)
    assert body.taken == MULTIPART_MAX_BYTES + 1
    assert list(spool.iterdir()) == []


def test_a_chunked_upload_within_its_limit_is_read(client, shopper):
    client.force_login(shopper)
    csrf = _get_new_csrf_string()
    cookies = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}; csrftoken={csrf}"
    body = CountingStream(multipart({}, image_bytes(size=(300, 200))))

    status, _, content = served(
        chunked_environ("/api/auth/avatar", body, MULTIPART, HTTP_COOKIE=cookies, HTTP_X_CSRFTOKEN=csrf)
    )

    assert status == 200, content
    shopper.refresh_from_db()
    assert json.loads(content)["avatar"] == shopper.avatar.url


# ---- The same against gunicorn, as the shop is served


def exchange(port: int, head: str, body: bytes = b"") -> tuple[int, dict]:
    """Send a request as raw bytes, as a client that may stop anywhere, and read the answer's status and JSON."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
        answer = http.client.HTTPResponse(connection)
        answer.begin()
        return answer.status, json.loads(answer.read())


def chunk(data: bytes) -> bytes:
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def test_gunicorn_refuses_a_50_megabyte_upload_from_its_headers_alone(gunicorn):
    # Only the headers are sent: the answer comes without the body ever being waited for.
    head = f"POST /api/auth/avatar HTTP/1.1\nHost: 127.0.0.1\nContent-Type: {MULTIPART}\nContent-Length: {FIFTY_MB}\n"

    assert exchange(gunicorn, head) == (413, IMAGE_TOO_LARGE)


def test_gunicorn_hands_a_chunked_body_within_its_limit_to_the_view(gunicorn):
    head = "POST /api/cart/quote HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
    head += "Transfer-Encoding: chunked\nConnection: close\n"

    # The cart's own message, so the view read the body: an empty one would be 'This field is required.'
    assert exchange(gunicorn, head, chunk(b'{"shoes": ') + chunk(b"[]}") + b"0\r\n\r\n") == (
        400,
        {"shoes": ["Your cart is empty."]},
    )


def test_gunicorn_refuses_a_chunked_body_past_its_limit(gunicorn):
    head = "POST /api/cart/quote HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
    head += "Transfer-Encoding: chunked\n"
    # Just past the limit, so the server reads what it was sent (bytes left unread would make its close a reset).
    data = b"a" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 100)

    assert exchange(gunicorn, head, chunk(data) + b"0\r\n\r\n") == (413, TOO_LARGE)
