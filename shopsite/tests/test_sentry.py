"""Sentry when SENTRY_DSN is set: a forced error in a request reaches a local HTTP sink standing for Sentry's host."""

import gzip
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .test_settings import start_django

FORCE_AN_ERROR = (
    "from unittest import mock\n"
    "import sentry_sdk\n"
    "from django.test import Client\n"
    "with mock.patch('shopsite.csrf.CsrfView.get', side_effect=RuntimeError('forced for the sink')):\n"
    "    print('STATUS', Client(raise_request_exception=False).get('/api/csrf').status_code)\n"
    "sentry_sdk.flush(10)\n"
)


def test_a_forced_error_reaches_the_dsn_s_host(tmp_path):
    received = []

    class Sink(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            if self.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            received.append((self.path, body))
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    sink = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    try:
        dsn = f"http://publickey@127.0.0.1:{sink.server_address[1]}/42"
        result = start_django(
            tmp_path,
            FORCE_AN_ERROR,
            SENTRY_DSN=dsn,
            SHOP_RELEASE="r7",
            DJANGO_ALLOWED_HOSTS="testserver",
            SHOP_HTTPS="0",
        )
    finally:
        sink.shutdown()

    assert result.returncode == 0, result.stderr
    assert "STATUS 500" in result.stdout
    [(path, body)] = [(path, body) for path, body in received if b"forced for the sink" in body]
    assert path == "/api/42/envelope/"
    assert b'"release":"r7"' in body.replace(b" ", b"")
