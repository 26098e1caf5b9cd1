"""deploy/nginx-shop.conf in front of a tiny upstream on loopback: checkouts beyond its limit at once get nginx's own
429, with Retry-After and the API's error shape, at once; the ones within it, and every other route, reach the app.

Skipped only where nginx is not installed (make test and make bench install it)."""

import http.client
import json
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bench.run.proxy import nginx_conf, nginx_path
from bench.run.servers import free_port

pytestmark = pytest.mark.skipif(nginx_path() is None, reason="nginx is not installed (make test installs it)")

AT_ONCE = 2


class Upstream(ThreadingHTTPServer):
    """Holds every checkout until `go` is set, counting those inside; answers anything else at once."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.inside = threading.Semaphore(0)
        self.go = threading.Event()
        self.checkouts = 0


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/api/cart/checkout":
            self.server.checkouts += 1
            self.server.inside.release()
            self.server.go.wait()
        self.answer(201, b'{"ok": true}')

    def do_GET(self):
        self.answer(200, b'{"ok": true}')

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def upstream():
    server = Upstream()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.go.set()
    server.shutdown()
    server.server_close()


@pytest.fixture
def proxy(upstream, tmp_path):
    (tmp_path / "cache").mkdir()
    port = free_port()
    conf = tmp_path / "nginx.conf"
    shop = f"127.0.0.1:{upstream.server_port}"
    conf.write_text(nginx_conf(tmp_path, upstream=shop, listen=f"127.0.0.1:{port}", checkouts_at_once=AT_ONCE))
    nginx = nginx_path()
    checked = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(conf)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen(
        [nginx, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        ready = False
        for _ in range(200):
            if process.poll() is not None:
                pytest.fail(f"nginx exited: {process.stderr.read()}")
            try:
                answer = request(port, "GET", "/api/shoes")
            except ConnectionError:
                time.sleep(0.05)
                continue
            ready = answer.status == 200
            break
        assert ready, "nginx did not answer"
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def request(port, method, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, body=b"{}", headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    answer.body = answer.read()
    connection.close()
    return answer


def test_checkouts_beyond_the_limit_get_429_with_retry_after(upstream, proxy):
    answers = []
    threads = [
        threading.Thread(target=lambda: answers.append(request(proxy, "POST", "/api/cart/checkout")))
        for _ in range(AT_ONCE)
    ]
    for thread in threads:
        thread.start()
    for _ in range(AT_ONCE):
        assert upstream.inside.acquire(timeout=30)

    refused = request(proxy, "POST", "/api/cart/checkout")

    assert refused.status == 429
    assert refused.getheader("Retry-After") == "1"
    assert refused.getheader("Content-Type") == "application/json"
    body = json.loads(refused.body)
    assert body["code"] == "throttled"
    assert "try again" in body["detail"]
    assert upstream.checkouts == AT_ONCE
    # Other routes are not counted: a read still reaches the app.
    assert request(proxy, "GET", "/api/shoes").status == 200

    upstream.go.set()
    for thread in threads:
        thread.join(timeout=30)
    assert [answer.status for answer in answers] == [201] * AT_ONCE
    # Once they are answered, the next checkout goes through.
    assert request(proxy, "POST", "/api/cart/checkout").status == 201
    assert upstream.checkouts == AT_ONCE + 1
