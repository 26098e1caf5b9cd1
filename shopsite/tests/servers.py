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
