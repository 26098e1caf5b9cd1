"""gunicorn's workers (shopsite/gunicorn_worker.py): one whose threads are all busy leaves new connections to the
others, and takes them again once a thread is free. Real gunicorn, real sockets; who holds what is read in /proc."""

import socket
import time

import pytest

from .servers import accept_backlog, children_of, connections_held, free_port, gunicorn_start

# A request's first line and a header, never ended: the worker thread that takes it waits for the rest.
STALLED = b"GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def _settled(predicate, what: str):
    """predicate()'s first answer other than None, read every 50 ms for 30 s: the sockets move within milliseconds."""
    deadline = time.monotonic() + 30
    while (value := predicate()) is None:
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return value


@pytest.fixture
def two_workers(tmp_path):
    """gunicorn with two workers of one thread each, both started; its port and the workers' pids."""
    port = free_port()
    # The stalled requests must outlast the test: nothing cuts them before 120 s.
    server = gunicorn_start(tmp_path, port, WEB_CONCURRENCY="2", GUNICORN_THREADS="1", GUNICORN_TIMEOUT="120")
    try:
        workers = _settled(lambda: found if len(found := children_of(server.pid)) == 2 else None, "two workers")
        # Both answer, so both are past their start (their loops are waiting on the shared socket).
        _settled(lambda: _answered(port, "/livez") or None, "an answer")
        yield port, workers
    finally:
        server.terminate()
        server.wait(timeout=60)


def _answered(port: int, path: str) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        return client.recv(64).startswith(b"HTTP/1.1 200")


def _stalled_connection(port: int) -> socket.socket:
    client = socket.create_connection(("127.0.0.1", port), timeout=30)
    client.sendall(STALLED)
    return client


def test_a_worker_with_every_thread_busy_takes_no_new_connection(two_workers):
    port, workers = two_workers
    # Given five connections, each stalled in the middle of its request, opened one after the other
    clients = [_stalled_connection(port) for _ in range(5)]
    try:
        # Then each worker took one, its thread now waiting on it, and the other three wait in the backlog
        held = _settled(lambda: held if sum(held := connections_held(workers, port)) == 2 else None, "one each")
        assert held == [1, 1]
        assert accept_backlog(port) == 3

        # When the first stalled request goes away, which frees its worker's thread
        clients.pop(0).close()
        # Then that worker takes the next waiting connection: again each holds one, and two wait
        _settled(lambda: accept_backlog(port) == 2 or None, "a waiting connection taken")
        assert connections_held(workers, port) == [1, 1]
    finally:
        for client in clients:
            client.close()
