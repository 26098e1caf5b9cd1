"""The loads: wrk on one call (a target), or driving one of bench/'s Lua scripts, and what its report says."""

import json
import re
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.run.plan import BENCH, say
from bench.run.servers import BALANCER_HEADERS, NO_REDIRECTS, Server

# The same load for every target: two wrk threads (the machine has two cores) and 16 open connections.
WRK_THREADS = 2
WRK_CONNECTIONS = 16
WRK_TIMEOUT = "10s"
CHECKOUT_CARD = "pm_card_visa"
# Where the bench's orders ship; checkout.lua sends the same.
BENCH_ADDRESS = {
    "name": "Ana Runner",
    "state": "Jalisco",
    "city": "Guadalajara",
    "line1": "Calle 5-B",
    "postalCode": "44100",
}
TIME_UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}
SIZE_UNITS_MB = {"B": 1e-6, "KB": 1e-3, "MB": 1.0, "GB": 1e3, "TB": 1e6}


@dataclass(frozen=True)
class Target:
    """One call loaded by wrk; server names the gunicorn that answers it (see servers.servers_make)."""

    name: str
    server: str
    path: str
    method: str = "GET"
    script: Path | None = None  # a wrk Lua script, only where plain GETs will not do


@dataclass
class Measure:
    """What one wrk run printed."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    non_2xx: int
    socket_errors: int
    not_201: int | None = None

    @property
    def bad_answers(self) -> int:
        """Non-2xx answers; for the checkout, which counts them itself, any answer but 201."""
        return self.non_2xx if self.not_201 is None else self.not_201

    @property
    def errors(self) -> int:
        return self.bad_answers + self.socket_errors


def checkout_body(checkout: dict[str, Any], nonce: str) -> bytes:
    """The body checkout.lua sends, for the probe."""
    line = {"_id": checkout["shoe_id"], "size": checkout["size"], "quantity": 1, "price": float(checkout["price"])}
    body = {"shoes": [line], "amount": checkout["amount"], "id": f"{CHECKOUT_CARD}--{nonce}", "address": BENCH_ADDRESS}
    return json.dumps(body).encode()


def request_headers(target: Target, server: Server, checkout: dict[str, Any]) -> dict[str, str]:
    """The balancer's header, and for the checkout what a signed-in browser sends: session, CSRF token, origin."""
    if target.method != "POST":
        return BALANCER_HEADERS
    session = f"{checkout['session_cookie']}={checkout['session_key']}"
    csrf = f"{checkout['csrf_cookie']}={checkout['csrf_token']}"
    return {
        **BALANCER_HEADERS,
        "Content-Type": "application/json",
        "Cookie": f"{session}; {csrf}",
        "X-CSRFToken": checkout["csrf_token"],
        # Over HTTPS the CSRF check also wants the page's origin (a browser sends it with every POST).
        "Origin": f"https://127.0.0.1:{server.port}",
    }


def probe(target: Target, server: Server, checkout: dict[str, Any]) -> tuple[int, str]:
    """One request before the load, so a target that cannot answer (403, 404, 500) shows why at once."""
    body = checkout_body(checkout, f"probe{int(time.time())}") if target.method == "POST" else None
    headers = request_headers(target, server, checkout)
    request = urllib.request.Request(server.url + target.path, data=body, headers=headers, method=target.method)
    try:
        with NO_REDIRECTS.open(request, timeout=30) as answer:
            return answer.status, ""
    except urllib.error.HTTPError as error:
        return error.code, error.read(300).decode(errors="replace")


def probe_say(target: Target, server: Server, checkout: dict[str, Any]) -> None:
    """Probes target and prints its status, flagged when it is not 2xx."""
    status, detail = probe(target, server, checkout)
    mark = "" if 200 <= status < 300 else f"   <-- !! NOT 2xx: {detail}"
    say(f"  probe {target.name:<12} {target.method} {target.path}: {status}{mark}")


def wrk_command(target: Target, server: Server, seconds: int, checkout: dict[str, Any], token: str) -> list[str]:
    command = ["wrk", f"-t{WRK_THREADS}", f"-c{WRK_CONNECTIONS}", f"-d{seconds}s", f"--timeout={WRK_TIMEOUT}"]
    for name, value in request_headers(target, server, checkout).items():
        command += ["-H", f"{name}: {value}"]
    command += ["--latency", server.url + target.path]
    if target.script is not None:
        command[1:1] = ["-s", str(target.script)]
        command += ["--", token, *(str(checkout[key]) for key in ("shoe_id", "size", "price", "amount"))]
    return command


def percentile_ms(output: str, percent: int) -> float:
    match = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s|m|h)\s*$", output, re.MULTILINE)
    if not match:
        return float("nan")
    return float(match.group(1)) * TIME_UNITS_MS[match.group(2)]


def number_after(output: str, pattern: str) -> int:
    match = re.search(pattern, output)
    return int(match.group(1)) if match else 0


def wrk_parse(output: str) -> Measure:
    """wrk's text report (with --latency): req/s, the 50th and 99th percentiles, and every kind of failure."""
    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    not_201 = re.search(r"^not 201: (\d+)$", output, re.MULTILINE)
    return Measure(
        requests_per_second=float(rate.group(1)) if rate else 0.0,
        p50_ms=percentile_ms(output, 50),
        p99_ms=percentile_ms(output, 99),
        requests=number_after(output, r"(\d+) requests in"),
        non_2xx=number_after(output, r"Non-2xx or 3xx responses: (\d+)"),
        socket_errors=sum(int(count) for count in sockets.groups()) if sockets else 0,
        not_201=int(not_201.group(1)) if not_201 else None,
    )


def wrk_run(target: Target, server: Server, seconds: int, checkout: dict[str, Any], token: str) -> Measure:
    command = wrk_command(target, server, seconds, checkout, token)
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"wrk failed on {target.name}: {result.stderr or result.stdout}")
    return wrk_parse(result.stdout)


def run_token(stage: int, round_number: int) -> str:
    """Unique per wrk run (letters and digits only), so no checkout reuses a payment method id of an earlier run."""
    return f"s{stage}r{round_number}x{int(time.time() * 1000) % 10**9}"


def wrk_script_start(
    script: str, connections: int, seconds: int, server: Server, path: str, *args: object
) -> subprocess.Popen:
    """One wrk thread running bench/<script> with the balancer's header, the script's arguments after `--`; its
    report is read with wrk_output."""
    command = ["wrk", "-s", str(BENCH / script), "-t1", f"-c{connections}", f"-d{seconds}s", f"--timeout={WRK_TIMEOUT}"]
    for name, value in BALANCER_HEADERS.items():
        command += ["-H", f"{name}: {value}"]
    command += ["--latency", server.url + path, "--", *(str(arg) for arg in args)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def shopper_start(server: Server, seconds: int, *, connections: int, pages: int, think_ms: int) -> subprocess.Popen:
    """bench/shopper.lua: each connection pages through the list's first pages, think_ms between pages."""
    return wrk_script_start("shopper.lua", connections, seconds, server, "/api/shoes", pages, think_ms)


def flood_start(server: Server, seconds: int, *, connections: int, token: str, shoes: int) -> subprocess.Popen:
    """bench/flood.lua: unpaged and junk-parameter catalogue calls, each URL new, never pausing."""
    return wrk_script_start("flood.lua", connections, seconds, server, "/", token, shoes)


def wrk_output(process: subprocess.Popen, name: str) -> str:
    """What a wrk of wrk_script_start() printed, once it has finished (stopped by SIGINT, wrk still reports)."""
    stdout, stderr = process.communicate()
    if process.returncode != 0 and "Requests/sec" not in stdout:
        raise RuntimeError(f"wrk failed on the {name}: {stderr or stdout}")
    return stdout


def flood_answers(output: str) -> dict[str, int]:
    """flood.lua's count of the answers by status class."""
    match = re.search(r"^flood answers: 2xx (\d+) 3xx (\d+) 4xx (\d+) 5xx (\d+) other (\d+)$", output, re.MULTILINE)
    counts = [int(count) for count in match.groups()] if match else [0] * 5
    return dict(zip(("2xx", "3xx", "4xx", "5xx", "other"), counts, strict=True))


def megabytes_read(output: str) -> float:
    match = re.search(r"requests in [\d.]+\w+, ([\d.]+)([KMGT]?B) read", output)
    return round(float(match.group(1)) * SIZE_UNITS_MB[match.group(2)], 1) if match else 0.0
