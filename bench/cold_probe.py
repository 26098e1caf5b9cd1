"""What one cold catalogue answer costs, per request, in this process and in its PostgreSQL backend (issue 27).

    python -m bench.cold_probe [--requests N] [--callgrind] [target ...]

with the cold server's environment (bench/run/servers.py: `bench.settings`, `SHOP_CATALOG_CACHE_SECONDS=0`,
`SHOP_CATALOG_BUILD_RATE=`, `DATABASE_URL` of a catalogue `python -m bench.seed prepare --shoes 10000` made). Each
target (default: all of TARGETS) is asked through the WSGI application itself, as gunicorn's worker asks it (its
whole middleware stack, no test client), after a warm-up; the table gives, per request, the wall time, this process's
CPU time and the CPU time of its database backend (PostgreSQL's `/proc/<pid>/stat`), with the floor beside them. On a
machine others share, those move with its load (printed); instruction counts do not: run it under callgrind with
`--callgrind` and it dumps the counts before and after each target's requests (`callgrind_control -d`), and prints
each target's instructions per request from the dumps:

    valgrind --tool=callgrind --callgrind-out-file=var/cg.out python -m bench.cold_probe --callgrind var/cg.out

Only this process's instructions are counted (the database's are not: see its CPU time above).
"""

import argparse
import glob
import io
import os
import subprocess
import sys
import time

import django

django.setup()

from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.db import connection  # noqa: E402

TARGETS = {
    "floor": "/bench/floor",
    "list": "/api/shoes?limit=28",
    "search": "/api/shoes?limit=28&name=storm%20glide",
    "brand": "/api/shoes?limit=28&brand=Asics",
    "size": "/api/shoes?limit=28&size=9.5&inStock=true",
    "deep": "/api/shoes?limit=28&offset=5000",
    "onsale": "/api/shoes/onSale?limit=28",
}
WARM_UP = 20
application = get_wsgi_application()


def ask(path: str) -> None:
    """One GET through the WSGI application, as from the TLS-ending balancer; its body read whole."""
    path, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "443", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1", "REMOTE_ADDR": "127.0.0.1",
        "HTTP_X_FORWARDED_PROTO": "https", "wsgi.url_scheme": "https", "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr, "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }  # fmt: skip
    statuses = []
    body = b"".join(application(environ, lambda status, headers, *rest: statuses.append(status)))
    if not statuses[0].startswith("200"):
        raise SystemExit(f"{path}?{query}: {statuses[0]} {body[:200]!r}")


def backend_seconds() -> float:
    """The CPU time the database's backend of this connection has used; 0 without one on this machine."""
    if connection.vendor != "postgresql":
        return 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(names: list[str], requests: int) -> None:
    print(f"{'target':8} {'wall us':>8} {'cpu us':>8} {'db cpu us':>9} {'floor/wall':>10}")
    walls = {}
    for name in names:
        for _ in range(WARM_UP):
            ask(TARGETS[name])
        db, cpu, wall = backend_seconds(), time.process_time(), time.perf_counter()
        for _ in range(requests):
            ask(TARGETS[name])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        db = backend_seconds() - db
        walls[name] = wall
        floor = f"{walls['floor'] / wall:10.0%}" if "floor" in walls else ""
        print(f"{name:8} {wall / requests * 1e6:8.0f} {cpu / requests * 1e6:8.0f} {db / requests * 1e6:9.0f} {floor}")
    with open("/proc/loadavg") as load:
        print("load:", load.read().strip())


def counted(names: list[str], requests: int, out: str) -> None:
    """Under callgrind (writing to out): a dump before and after each target's requests; their instructions per
    request."""
    dumps = {}
    for name in names:
        for _ in range(WARM_UP // 4):
            ask(TARGETS[name])
        _dump(out, f"before {name}")
        for _ in range(requests):
            ask(TARGETS[name])
        dumps[name] = _dump(out, name)
    for name, dump in dumps.items():
        with open(dump) as part:
            total = next(int(line.split()[1]) for line in part if line.startswith(("summary:", "totals:")))
        print(f"{name:8} {total / requests / 1000:8.0f} k instructions per request")


def _dump(out: str, label: str) -> str:
    """callgrind_control -d: the counts since the last dump written to a file of their own, whose path it returns."""
    before = set(glob.glob(f"{out}.*"))
    control = subprocess.Popen(["callgrind_control", "-d", label, str(os.getpid())], stdout=subprocess.DEVNULL)
    # callgrind writes the dump between this process's own instructions: keep running until it is there.
    while not (made := set(glob.glob(f"{out}.*")) - before):
        time.sleep(0)
    control.wait()
    return made.pop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help=f"of {', '.join(TARGETS)} (default: all)")
    parser.add_argument("--requests", type=int, default=None, help="per target (default 500; under callgrind 20)")
    parser.add_argument("--callgrind", metavar="OUT", help="count instructions: run under callgrind, writing to OUT")
    arguments = parser.parse_args()
    if unknown := set(arguments.targets) - set(TARGETS):
        parser.error(f"no target {', '.join(sorted(unknown))}")
    names = ["floor", *(name for name in arguments.targets or TARGETS if name != "floor")]
    if arguments.callgrind:
        counted(names, arguments.requests or 20, arguments.callgrind)
    else:
        timed(names, arguments.requests or 500)


if __name__ == "__main__":
    main()
