"""The cluster's processes: scratch PostgreSQL, Redis, moto's S3, haproxy, the shop's machines, workers and beat, the
Sentry sink and the SMTP server. Every process is started in a session of its own and stopped by its own id."""

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
BIN = Path(PYTHON).parent
# Loopback ports of the cluster's own (CLUSTER_PORT_BASE moves them all).
BASE = int(os.environ.get("CLUSTER_PORT_BASE", "9300"))
PORTS = {
    "haproxy": BASE,
    "postgres": BASE + 1,
    "s3": BASE + 2,
    "sentry": BASE + 3,
    "smtp": BASE + 4,
    "cache": BASE + 10,
    "broker": BASE + 11,
    "a": BASE + 20,
    "b": BASE + 21,
}
SECRET_KEY = "cluster-only-secret-key-not-for-any-live-shop-0123456789abcdef"
METRICS_TOKEN = "cluster-metrics-token"
BUCKET = "shop-media"
AS_ROOT = os.geteuid() == 0


def say(line: str) -> None:
    print(line, flush=True)


def wait_port(
    port: int, what: str, seconds: float = 30, process: subprocess.Popen | None = None, log: Path | None = None
) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}:\n{tail(log)}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} does not answer on 127.0.0.1:{port} after {seconds:g} s:\n{tail(log)}")


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        # As the servers bind: a port whose last connections wait out TIME_WAIT is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def tail(log: Path | None, lines: int = 25) -> str:
    if log is None or not log.exists():
        return "(no log)"
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


@dataclass
class Proc:
    """One process of the cluster, in a session (process group) of its own, its output in log."""

    name: str
    command: list[str]
    log: Path
    env: dict[str, str] | None = None
    process: subprocess.Popen | None = None

    def start(self) -> "Proc":
        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                self.command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        return self

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def signal(self, number: int) -> None:
        if self.alive():
            os.kill(self.pid, number)

    def kill_group(self) -> None:
        """SIGKILL to the process and every child of its session (a Celery worker's pool): a machine lost."""
        if self.alive():
            os.killpg(self.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self, timeout: float = 20) -> None:
        if not self.alive():
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)
            self.process.wait()


# --- PostgreSQL: a scratch cluster of its own (initdb, pg_ctl), so the run may restart it -----------------------------


def postgres_bin() -> Path:
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    if not candidates:
        raise RuntimeError("No PostgreSQL binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    return candidates[-1].parent


def as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, its commands run as the postgres user."""
    return ["runuser", "-u", "postgres", "--", *command] if AS_ROOT else command


@dataclass
class Postgres:
    data: Path
    log: Path
    port: int = PORTS["postgres"]
    bin: Path = field(default_factory=postgres_bin)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/shop"

    def init(self) -> None:
        self.data.mkdir(parents=True)
        if AS_ROOT:
            shutil.chown(self.data, "postgres", "postgres")
            self.log.touch()
            shutil.chown(self.log, "postgres", "postgres")
        subprocess.run(
            as_postgres(
                [str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8"]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        # What the run needs: loopback only, its own socket directory, no fsync (scratch data), 200 connections.
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(
                f"port = {self.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{self.data}'\n"
                "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n"
            )

    def ctl(self, *args: str) -> None:
        subprocess.run(
            as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-t", "30", *args]),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )

    def start(self) -> None:
        self.ctl("start")

    def stop(self) -> None:
        self.ctl("stop", "-m", "fast")

    def create_database(self) -> None:
        import psycopg

        with psycopg.connect(f"postgres://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as admin:
            admin.execute("CREATE DATABASE shop")

    def teardown(self) -> None:
        with contextlib.suppress(Exception):
            subprocess.run(
                as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "stop", "-m", "immediate"]),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.STDOUT,
                timeout=30,
            )


# --- Redis: the cache (allkeys-lru, nothing kept) and the broker (noeviction, appendonly) -----------------------------


def redis_proc(role: str, tmp: Path) -> Proc:
    port = PORTS[role]
    workdir = tmp / f"redis-{role}"
    workdir.mkdir()
    if role == "cache":
        policy = ["--maxmemory", "64mb", "--maxmemory-policy", "allkeys-lru", "--save", "", "--appendonly", "no"]
    else:
        policy = ["--maxmemory-policy", "noeviction", "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""]
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(workdir), *policy]
    return Proc(f"redis {role}", command, tmp / f"redis-{role}.log")


# --- S3: moto's server on loopback (a pinned dev dependency), with the shop's bucket ----------------------------------

S3_SERVER = """
import sys, time
from moto.server import ThreadedMotoServer
server = ThreadedMotoServer(ip_address="127.0.0.1", port=int(sys.argv[1]))
server.start()
print("moto S3 on", sys.argv[1], flush=True)
while True:
    time.sleep(3600)
"""


def s3_proc(tmp: Path) -> Proc:
    return Proc("s3 (moto)", [PYTHON, "-c", S3_SERVER, str(PORTS["s3"])], tmp / "s3.log")


def s3_bucket_make() -> None:
    import boto3

    client = boto3.client(
        "s3",
        endpoint_url=f"http://127.0.0.1:{PORTS['s3']}",
        aws_access_key_id="cluster",
        aws_secret_access_key="cluster",
        region_name="us-east-1",
    )
    client.create_bucket(Bucket=BUCKET)
    # The bucket serves its pictures to anyone, as the shop's media bucket does (a CDN or a public-read policy).
    policy = {
        "Version": "2012-10-17",
        "Statement": [
            {"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject", "Resource": f"arn:aws:s3:::{BUCKET}/*"}
        ],
    }
    client.put_bucket_policy(Bucket=BUCKET, Policy=json.dumps(policy))


# --- haproxy (Debian's) in front of the two machines, probing their readiness -----------------------------------------

HAPROXY_CONFIG = """
global
    maxconn 512
    stats socket {socket} mode 600 level admin

defaults
    mode http
    timeout connect 2s
    timeout client 65s
    timeout server 35s
    timeout http-keep-alive 60s
    timeout queue 10s
    # A connection refused or closed without an answer (a machine stopping) is tried again, on the other machine.
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response
    option forwardfor

frontend shop
    bind 127.0.0.1:{port}
    default_backend machines

backend machines
    balance roundrobin
    option httpchk
    http-check send meth GET uri {probe} ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
    # A probe may take 2 s (without this, haproxy's limit is `inter`, 300 ms: on a loaded machine a slow /readyz then
    # took both machines out at once, and haproxy answered 503 itself); a draining machine's 503 is still at once.
    timeout check 2s
    default-server check inter 300ms fall 1 rise 2
    server a 127.0.0.1:{a}
    server b 127.0.0.1:{b}
"""


def haproxy_binary() -> str:
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if found:
        return found
    say("haproxy is missing: installing Debian's package (apt-get install haproxy).")
    sudo = [] if AS_ROOT else ["sudo"]
    for _attempt in range(10):
        update = subprocess.run([*sudo, "apt-get", "update", "-q"], capture_output=True, text=True)
        install = subprocess.run([*sudo, "apt-get", "install", "-y", "-q", "haproxy"], capture_output=True, text=True)
        if install.returncode == 0:
            return shutil.which("haproxy") or "/usr/sbin/haproxy"
        # Another apt on the machine holds dpkg's lock: wait for it.
        if "lock" not in install.stderr + update.stderr:
            raise RuntimeError(f"apt-get install haproxy failed:\n{install.stderr[-2000:]}")
        time.sleep(6)
    raise RuntimeError("apt-get install haproxy: dpkg's lock stayed taken for a minute")


def haproxy_proc(tmp: Path, probe: str) -> Proc:
    config = tmp / "haproxy.cfg"
    config.write_text(
        HAPROXY_CONFIG.format(
            socket=tmp / "haproxy.sock", port=PORTS["haproxy"], probe=probe, a=PORTS["a"], b=PORTS["b"]
        )
    )
    return Proc("haproxy", [haproxy_binary(), "-db", "-f", str(config)], tmp / "haproxy.log")


def haproxy_states(tmp: Path) -> dict[str, str]:
    """haproxy's view of each machine (UP, DOWN, ...), from its stats socket."""
    with socket.socket(socket.AF_UNIX) as conn:
        conn.connect(str(tmp / "haproxy.sock"))
        conn.sendall(b"show stat\n")
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    states = {}
    lines = data.decode().splitlines()
    header = lines[0].lstrip("# ").split(",")
    for line in lines[1:]:
        row = dict(zip(header, line.split(","), strict=False))
        if row.get("pxname") == "machines" and row.get("svname") in ("a", "b"):
            states[row["svname"]] = row["status"]
    return states


# --- The Sentry sink: a tiny HTTP server that keeps every envelope it is sent -----------------------------------------


class SentrySink:
    def __init__(self, port: int = PORTS["sentry"]) -> None:
        self.envelopes: list[bytes] = []
        sink = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
                if self.headers.get("Content-Encoding") == "gzip":
                    import gzip

                    body = gzip.decompress(body)
                elif self.headers.get("Content-Encoding") == "br":
                    body = b"(brotli)" + body
                sink.envelopes.append(body)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.dsn = f"http://cluster@127.0.0.1:{port}/1"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
