"""nginx with a proxy cache in front of a bench server, configured as docs/DEPLOY.md says (deploy/nginx-shop.conf)."""

import os
import pwd
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from bench.run.plan import ROOT
from bench.run.processes import log_tail, process_start, process_stop
from bench.run.servers import BALANCER_HEADERS, Server, free_port, workers_count

SHOP_CONF = ROOT / "deploy" / "nginx-shop.conf"
READY_SECONDS = 20


@dataclass
class Proxy:
    port: int
    directory: Path
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def nginx_path() -> str | None:
    """Debian's nginx (make bench installs it), which may sit in /usr/sbin outside a user's PATH."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")


def server_threads(server: Server) -> int:
    """The server's threads in all (gunicorn.conf.py's workers x threads): the checkouts nginx lets in at once."""
    return int(server.env.get("WEB_CONCURRENCY", workers_count())) * int(server.env.get("GUNICORN_THREADS", "2"))


def nginx_conf(directory: Path, *, upstream: str, listen: str, checkouts_at_once: int) -> str:
    """A whole nginx.conf around deploy/nginx-shop.conf with its marks filled in, its pid, logs, temp files and
    cache under directory (which must hold a cache/ directory)."""
    shop = (
        SHOP_CONF.read_text()
        .replace("@CACHE_DIR@", str(directory / "cache"))
        .replace("@UPSTREAM@", upstream)
        .replace("@LISTEN@", listen)
        .replace("@CHECKOUTS_AT_ONCE@", str(checkouts_at_once))
    )
    # Started as root, nginx's workers would run as nobody, who may not enter the bench's private temp directory.
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
    return (
        f"{user}worker_processes auto;\npid {directory / 'nginx.pid'};\nerror_log {directory / 'error.log'} warn;\n"
        "events { worker_connections 4096; }\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {directory / 'body'};\n"
        f"proxy_temp_path {directory / 'proxy'};\nfastcgi_temp_path {directory / 'fastcgi'};\n"
        f"uwsgi_temp_path {directory / 'uwsgi'};\nscgi_temp_path {directory / 'scgi'};\n{shop}\n}}\n"
    )


def proxy_start(server: Server, tmp: Path, *, checkouts_at_once: int | None = None) -> Proxy:
    """nginx on a free loopback port, in front of server, as a process of the bench's own (its config, pid, logs
    and cache under tmp/nginx); returns once it answers. It lets checkouts_at_once checkouts in at a time (the
    server's threads unless given)."""
    nginx = nginx_path()
    if nginx is None:
        raise RuntimeError("nginx is missing: `apt-get install -y nginx` (make bench installs it)")
    directory = tmp / "nginx"
    (directory / "cache").mkdir(parents=True, exist_ok=True)
    proxy = Proxy(port=free_port(), directory=directory)
    conf = directory / "nginx.conf"
    conf.write_text(
        nginx_conf(
            directory,
            upstream=f"127.0.0.1:{server.port}",
            listen=f"127.0.0.1:{proxy.port}",
            checkouts_at_once=checkouts_at_once or server_threads(server),
        )
    )
    proxy.process = process_start(
        [nginx, "-p", str(directory), "-c", str(conf), "-g", "daemon off;"], log=directory / "nginx.log"
    )
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if proxy.process.poll() is not None:
            raise RuntimeError(f"nginx exited:\n{log_tail(directory / 'nginx.log')}")
        try:
            request = urllib.request.Request(proxy.url + "/bench/floor", headers=BALANCER_HEADERS)
            with urllib.request.urlopen(request, timeout=2):
                return proxy
        except urllib.error.HTTPError:
            return proxy
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    raise RuntimeError(f"nginx did not answer in {READY_SECONDS} s:\n{log_tail(directory / 'nginx.log')}")


def proxy_stop(proxy: Proxy) -> None:
    if proxy.process is not None:
        process_stop(proxy.process)
    proxy.process = None
