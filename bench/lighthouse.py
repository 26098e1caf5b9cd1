"""`make lighthouse`: Lighthouse's default mobile run on four pages of the shop, served as in production.

Like `make bench` (bench/run/), it serves a shop of its own: gunicorn with the production config (DJANGO_DEBUG=0,
whitenoise serving the built bundle, compressed), a temporary SHOP_VAR_DIR and a SQLite database holding the demo
catalogue (`seed_demo`: its shoes and their pictures). It speaks plain HTTP on loopback (SHOP_HTTPS=0): Lighthouse's
own requests (robots.txt) carry no header of ours, so an `X-Forwarded-Proto` as `make bench` sends would not keep
them from the redirect to HTTPS, and Chromium counts 127.0.0.1 as a secure origin. Lighthouse (the npm package,
pinned in package.json) drives Debian's Chromium, never a browser of its own, on `/`, a product page (the first
seeded shoe), `/sale` and `/cart`, LIGHTHOUSE_RUNS times each (default 3), and prints each figure's median over the
runs: the four category scores and the Web Vitals. A run while the machine is busy scores lower, which the medians
only soften: the load average is printed before and after.

The targets (docs/DESIGN.md §7) are checked under the table; the exit status is 1 when one fails, 2 on an error.
"""

import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from bench.run.plan import PYTHON, ROOT, say
from bench.run.processes import log_tail
from bench.run.servers import BALANCER_HEADERS, NO_REDIRECTS, base_env, free_port, gunicorn_start

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROME_PATH = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
# Debian's Chromium, headless, with nothing of its own on the network while it measures.
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update "
    "--disable-sync --no-first-run"
)
RUNS = int(os.environ.get("LIGHTHOUSE_RUNS", "3"))
RETRIES = 2
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# The Web Vitals shown, Lighthouse's audit ids: (column, audit, unit divisor, format).
VITALS = (
    ("LCP s", "largest-contentful-paint", 1000, "{:.2f}"),
    ("CLS", "cumulative-layout-shift", 1, "{:.3f}"),
    ("TBT ms", "total-blocking-time", 1, "{:.0f}"),
    ("FCP s", "first-contentful-paint", 1000, "{:.2f}"),
)
# The targets: performance on the home and product pages, layout shift and LCP everywhere, and the other
# three categories at 100 on every page.
FAST_PAGES = ("/", "product")
PERFORMANCE_MIN = 95
CLS_MAX = 0.05
LCP_MAX_SECONDS = 2.0
# Two workers are plenty for one browser loading one page at a time.
WORKERS = 2
READY_SECONDS = 60


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def fetch_json(url: str) -> Any:
    request = urllib.request.Request(url, headers=BALANCER_HEADERS)
    with NO_REDIRECTS.open(request, timeout=5) as answer:
        return json.load(answer)


def wait_ready(process: subprocess.Popen, base: str, log: Path) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited:\n{log_tail(log)}")
        try:
            fetch_json(base + "/api/health")
            return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"gunicorn did not answer in {READY_SECONDS} s:\n{log_tail(log)}")


def first_shoe_id(base: str) -> int:
    answer = fetch_json(base + "/api/shoes?limit=1")
    shoes = answer["results"] if isinstance(answer, dict) else answer
    return shoes[0]["_id"]


def lighthouse(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run (its defaults: mobile, simulated throttling); its report as JSON.

    On a busy machine Chromium now and then misses the start of the page's trace (NO_NAVSTART): the run is made
    again, up to RETRIES times.
    """
    for attempt in range(RETRIES + 1):
        done = subprocess.run(
            [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
             f"--chrome-flags={CHROME_FLAGS}"],
            cwd=ROOT, env={**os.environ, "CHROME_PATH": CHROME_PATH}, check=attempt == RETRIES,
        )  # fmt: skip
        if done.returncode == 0:
            break
        say(f"  (Lighthouse failed on {url}; again)")
    return json.loads(out.read_text())


def figures(report: dict[str, Any]) -> dict[str, float]:
    """The four scores (0 to 100) and the vitals (in the table's units) of one report."""
    found = {name: round((report["categories"][name]["score"] or 0) * 100) for name in CATEGORIES}
    for column, audit, divisor, _ in VITALS:
        found[column] = report["audits"][audit]["numericValue"] / divisor
    return found


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def table(results: dict[str, dict[str, float]]) -> str:
    names = ("perf", "a11y", "best pr.", "SEO")
    header = f"{'page':<16}" + "".join(f"{name:>9}" for name in names) + "".join(f"{v[0]:>9}" for v in VITALS)
    lines = [header]
    for page, found in results.items():
        scores = "".join(f"{found[name]:>9.0f}" for name in CATEGORIES)
        vitals = "".join(f"{form.format(found[column]):>9}" for column, _, _, form in VITALS)
        lines.append(f"{page:<16}{scores}{vitals}")
    return "\n".join(lines)


def checks(results: dict[str, dict[str, float]]) -> list[tuple[str, bool]]:
    found = []
    for page, values in results.items():
        if page in FAST_PAGES:
            found.append((f"{page}: performance >= {PERFORMANCE_MIN}", values["performance"] >= PERFORMANCE_MIN))
        found.append((f"{page}: CLS < {CLS_MAX}", values["CLS"] < CLS_MAX))
        found.append((f"{page}: LCP < {LCP_MAX_SECONDS} s", values["LCP s"] < LCP_MAX_SECONDS))
        others = all(values[name] == 100 for name in CATEGORIES[1:])
        found.append((f"{page}: accessibility, best practices, SEO 100", others))
    return found


def measure(tmp: Path) -> int:
    env = {**base_env(tmp / "var", f"sqlite:///{tmp / 'db.sqlite3'}", WORKERS, "memory://"), "SHOP_HTTPS": "0"}
    # The demo catalogue's pictures are drawn locally; SHOP_DEMO stays off (it would turn HTTPS off).
    say("Migrating, collecting static files and seeding the demo catalogue...")
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")
    manage(env, "seed_demo")
    # The pictures' smaller copies, which a Celery worker makes in a running shop (none runs here): the pages then
    # download the copies their srcset picks, as a shopper's browser does.
    manage(env, "picture_sizes")
    port, log = free_port(), tmp / "gunicorn.log"
    process = gunicorn_start(env, port, log)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_ready(process, base, log)
        pages = {"/": "/", "product": f"/products/{first_shoe_id(base)}", "/sale": "/sale", "/cart": "/cart"}
        say(f"Lighthouse {RUNS} run(s) per page, load average {os.getloadavg()[0]:.1f}: {', '.join(pages.values())}")
        results = {}
        for number, (name, path) in enumerate(pages.items()):
            reports = [tmp / f"report-{number}-{index}.json" for index in range(RUNS)]
            runs = [figures(lighthouse(base + path, report)) for report in reports]
            results[name] = medians(runs)
            perf = ", ".join(f"{run['performance']:.0f}" for run in runs)
            say(f"  {path}: performance {perf}")
    finally:
        process.terminate()
        process.wait(timeout=30)
    say(f"\nMedian of {RUNS} run(s), Lighthouse's default mobile run in {CHROME_PATH}; product is {pages['product']}")
    say(table(results))
    found = checks(results)
    for name, passed in found:
        say(f"  {'PASS' if passed else 'FAIL'}  {name}")
    say(f"Load average after: {os.getloadavg()[0]:.1f}")
    return 0 if all(passed for _, passed in found) else 1


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if not LIGHTHOUSE.exists():
        say("Lighthouse is missing: `npm ci` installs it (make lighthouse does).")
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="shop-lighthouse-"))
    try:
        return measure(tmp)
    except (RuntimeError, OSError, KeyError, subprocess.CalledProcessError) as error:
        say(f"Lighthouse did not finish: {error}")
        return 2
    finally:
        if os.environ.get("LIGHTHOUSE_KEEP", "") in ("", "0"):
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            say(f"Kept {tmp}")


if __name__ == "__main__":
    sys.exit(main())
