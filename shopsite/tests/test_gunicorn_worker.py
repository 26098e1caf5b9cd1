"""gunicorn's workers each listen on a socket of their own (gunicorn.conf.py's reuse_port), so the kernel deals new
connections out among them and kept-alive connections do not pile on one. Real gunicorn, real sockets; who holds what
is read in /proc."""

import socket

import pytest

from .servers import children_of, connections_held, free_port, gunicorn_start, listening_sockets, wait_for

WORKERS = 3
CONNECTIONS = 60


@pytest.fixture
def served(tmp_path):
    """gunicorn with WORKERS workers of one thread each, every one listening; its port and the workers' pids."""
    port = free_port()
    server = gunicorn_start(tmp_path, port, WEB_CONCURRENCY=str(WORKERS), GUNICORN_THREADS="1")
    try:
        workers = wait_for(
            lambda: found if len(found := children_of(server.pid)) == WORKERS else None, what="every worker started"
        )
        wait_for(lambda: all(listening_sockets(workers, port).values()) or None, what="every worker listening")
        yield port, workers
    finally:
        server.terminate()
        server.wait(timeout=60)


def _kept_alive(port: int) -> socket.socket:
    """A connection that has had one answer and stays open."""
    client = socket.create_connection(("127.0.0.1", port), timeout=30)
    client.sendall(b"GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert client.recv(4096).startswith(b"HTTP/1.1 200")
    return client


def test_each_worker_listens_on_a_socket_of_its_own(served):
    port, workers = served

    # Every worker holds one listening socket of its port, each a different one (not the master's, shared)
    held = listening_sockets(workers, port)
    assert [len(sockets) for sockets in held.values()] == [1] * WORKERS
    assert len(set().union(*held.values())) == WORKERS


def test_kept_alive_connections_are_dealt_out_among_the_workers(served):
    port, workers = served
    # Given 60 connections, opened one after the other, each kept open after its answer
    clients = [_kept_alive(port) for _ in range(CONNECTIONS)]
    try:
        # Then every worker holds some: the kernel hashes each connection to one of the sockets, not to whichever
        # worker is awake (a worker left out of 60 hashed at random: about one chance in ten billion)
        held = connections_held(workers, port)
        assert sum(held) == CONNECTIONS
        assert min(held) > 0, held
    finally:
        for client in clients:
            client.close()
