"""gunicorn's access log: one valid JSON line per request, whatever the URL holds (shopsite/access_log.py)."""

import json
import socket

import pytest

pytestmark = pytest.mark.django_db


def request(port: int, target: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
        return answer


def access_lines(log: str) -> list[dict]:
    """The log's JSON lines that are access lines; any line that is not JSON fails the test."""
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    return [line for line in lines if "method" in line]


def test_a_newline_backslash_or_quote_in_the_url_stays_one_valid_json_line(gunicorn, tmp_path):
    # %0a is a newline once decoded, %5c a backslash, %22 and a raw " a quote: gunicorn's template broke on each.
    targets = ["/api/health%0a%5c%22x", '/no-such-page/a"b%0d%0a%7B%22forged%22:1%7D', "/api/health?x=%0a"]

    for target in targets:
        assert request(gunicorn, target).startswith(b"HTTP/1.1 ")

    log = (tmp_path / "gunicorn.log").read_text()
    # Past gunicorn's own start-up lines, every line is JSON: the access log's and the app's.
    for line in log.splitlines():
        if not line.startswith("[") or "health" in line or "page" in line:
            json.loads(line)
    paths = [line["path"] for line in access_lines(log)]
    assert paths == ['/api/health\n\\"x', '/no-such-page/a"b\r\n{"forged":1}', "/api/health"], log
    first = access_lines(log)[0]
    assert set(first) == {"time", "request_id", "remote", "method", "path", "status", "bytes", "duration_ms"}
    assert (first["method"], first["remote"]) == ("GET", "127.0.0.1")
    assert isinstance(first["status"], int) and isinstance(first["duration_ms"], int)
    assert len(first["request_id"]) >= 8
