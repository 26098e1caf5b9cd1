"""gunicorn settings for `make run` and production (gunicorn -c gunicorn.conf.py shopsite.wsgi)."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
# Threads let a worker keep serving while one of its requests waits on the payment provider. gunicorn would pick
# the threaded worker by itself for threads > 1; named, it is the same whatever GUNICORN_THREADS says.
worker_class = "gthread"
# Each worker listens on a socket of its own (SO_REUSEPORT), and the kernel deals new connections out among them. On one
# shared socket the threaded worker whose loop is awake takes whatever comes, which is the busiest one, and a kept-alive
# connection stays with the worker that took it: in make bench's sale day one worker of five held 13 to 16 of wrk's 16
# connections and every checkout's, and served half of what the five could with most of a core idle (bench/README.md).
reuse_port = True
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
# What `timeout` does with threads: the worker's main thread tells the master it is alive every second while the
# request threads work, so a slow request is NEVER cut by it, however long it runs. It only restarts a worker
# whose whole process stopped (stuck in C code holding the GIL, deadlocked). What bounds a request is the shop's
# own limits on each wait: PostgreSQL's statement and lock timeouts, Redis's timeouts and breaker, Stripe's,
# Google's and the mail server's timeouts, which add up to less than a 30 s budget
# (shopsite/tests/test_time_budget.py). A request that computes for long (no wait) is bounded by nothing here.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# Draining: on SIGTERM (a deploy, a scale-in) each worker first answers /readyz with 503 for SHOP_DRAIN_SECONDS while
# still serving, long enough for the load balancer's probes to take the machine out (haproxy: fall x inter), then
# stops accepting and finishes its requests in flight (post_worker_init below). 0: stop accepting at once.
drain_seconds = float(os.environ.get("SHOP_DRAIN_SECONDS", "10"))
# Then running requests finish for this long, longer than the request budget, so a checkout is never cut between its
# charge and its order; the master kills what is left after both.
graceful_timeout = int(drain_seconds) + int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "35"))
# Longer than the load balancer's idle timeout (60 s on the common ones): the balancer, not gunicorn, closes an idle
# kept-alive connection, so it never sends a request on one gunicorn is closing at that moment (a sporadic 502).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "75"))
# Restart workers now and then so a slow leak can never take the shop down; not too often, as a new worker imports
# Django afresh (a second or two of CPU) and starts without what it kept: answers, page plans, tables. The workers'
# memory stays flat under load (make bench's abuse stage checks it), so this is only a net: at 20,000 a worker served
# straight at a sale's 400 requests a second restarted every 50 s, 7 times in one sale-day run (bench/README.md).
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "500000"))
max_requests_jitter = max_requests // 10
accesslog = "-"
# One JSON line per request, with the id the app gave it (X-Request-ID), beside the app's own JSON log lines: written
# by a JSON encoder (shopsite/access_log.py), so a newline, backslash or quote in a URL stays inside its string.
logger_class = "shopsite.access_log.JsonAccessLogger"
errorlog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn's control socket (gunicornc) defaults to one path per user, which a second shop on the
# machine (a bench, another checkout) would take over: one per var/ directory instead.
var_dir = os.environ.get("SHOP_VAR_DIR", os.path.join(os.path.dirname(__file__), "var"))
control_socket = os.path.join(var_dir, "gunicorn.ctl")
# /metrics sums every worker's counts (shopsite/metrics.py): prometheus-client's multiprocess mode, each worker writing
# its own files here. Set before any worker imports prometheus-client; emptied at each start (on_starting below), so a
# restarted server never adds the counts of a previous one's dead workers.
os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", os.path.join(var_dir, "prometheus"))


def on_starting(server):
    """The metrics' directory, empty, before the first worker starts."""
    import shutil

    path = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)


def child_exit(server, worker):
    """A worker's live gauges leave with it; its counters stay summed (prometheus-client's multiprocess mode)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def post_worker_init(worker):
    """SIGTERM starts draining (shopsite/probes.py) and stops the worker SHOP_DRAIN_SECONDS later, not at once."""
    import signal
    import threading

    from shopsite import probes

    stop = worker.handle_exit

    def drain(sig, frame):
        if probes.draining.is_set():
            return
        probes.draining.set()
        worker.log.info("Draining for %g s: /readyz answers 503, then the worker stops", drain_seconds)
        timer = threading.Timer(drain_seconds, stop, args=(sig, None))
        timer.daemon = True
        timer.start()

    if drain_seconds > 0:
        signal.signal(signal.SIGTERM, drain)
