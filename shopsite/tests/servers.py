"""gunicorn serving the shop from a test, with gunicorn.conf.py as production runs it."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def gunicorn_start(var_dir: Path, port: int, **env: str) -> subprocess.Popen:
    """gunicorn on `port`, one worker, its var dir `var_dir` (its log there, added to), once it takes connections;
    `env` adds to or overrides the environment. The caller stops it (terminate, then wait)."""
    environment = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "shopsite.settings.test",
        "SHOP_VAR_DIR": str(var_dir),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "CACHE_URL": "locmemcache://",
        # Stopped by the test: no load balancer to drain for.
        "SHOP_DRAIN_SECONDS": "0",
        **env,
    }
    log_path = var_dir / "gunicorn.log"
    with log_path.open("a") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "shopsite.wsgi"],
            cwd=settings.BASE_DIR, env=environment, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            assert server.poll() is None, log_path.read_text()
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.2)


def children_of(pid: int) -> list[int]:
    """The processes whose parent is pid: a gunicorn master's workers."""
    children = []
    for entry in Path("/proc").iterdir():
        try:
            status = (entry / "status").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        if f"\nPPid:\t{pid}\n" in status:
            children.append(int(entry.name))
    return children


def _sockets_on(port: int) -> list[tuple[str, str]]:
    """(state, inode) of the TCP sockets whose local port is port, from /proc/net/tcp and tcp6: state "01" is an
    open connection, "0A" a socket listening."""
    found = []
    for table in (Path("/proc/net/tcp"), Path("/proc/net/tcp6")):
        for line in table.read_text().splitlines()[1:] if table.exists() else []:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                found.append((fields[3], fields[9]))
    return found


def _socket_links(pid: int) -> set[str]:
    """What pid's open files are, an empty set once it has gone. A worker still importing Django opens and closes
    files all the time: one closed between the listing and its readlink is skipped, not the whole set with it."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except FileNotFoundError:
        return set()
    links = set()
    for fd in fds:
        try:
            links.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except FileNotFoundError:
            continue
    return links


def connections_held(pids: list[int], port: int) -> list[int]:
    """How many open connections on port each of those processes holds (in the order of pids)."""
    inodes = {f"socket:[{inode}]" for state, inode in _sockets_on(port) if state == "01"}
    return [len(_socket_links(pid) & inodes) for pid in pids]


def listening_sockets(pids: list[int], port: int) -> dict[int, set[str]]:
    """The sockets listening on port that each of those processes holds, by pid."""
    inodes = {f"socket:[{inode}]" for state, inode in _sockets_on(port) if state == "0A"}
    return {pid: _socket_links(pid) & inodes for pid in pids}


def wait_for(predicate, *, what: str = "gave up waiting", seconds: float = 60.0):
    """predicate()'s first answer other than None, asked every 0.1 s for at most `seconds`."""
    deadline = time.monotonic() + seconds
    while (value := predicate()) is None:
        assert time.monotonic() < deadline, what
        time.sleep(0.1)
    return value
