"""`make bench`: the shop under load, served as in production, each call weighed against Django's own floor.

Seeds a database of its own (PostgreSQL `shop_bench`, or SQLite when no PostgreSQL answers) and serves it with
gunicorn and the production config: three servers, the shop as configured, the same with the catalogue cache
off (SHOP_CATALOG_CACHE_SECONDS=0), and two that take test cards for the checkout, each with a Celery worker of its own
mailing the confirmations through an SMTP server on loopback: one answers at once, the other takes 2 s per answer (the
two checkout figures must stay within 10% of each other: no request waits on the mail server; the workers are paused
while wrk loads a target and send between targets, see mail.WORKER_SETTLE_SECONDS). wrk loads every target in
interleaved rounds: each round runs every target once, so whatever else the machine does slows all targets
alike, and each figure is the median over the rounds. Then the catalogue grows tenfold and the list and search
calls are measured again. Last, the abuse stage: a flood of unpaged and junk-parameter calls, each URL new, while
shoppers page through the list; the shoppers' req/s beside their figure without the flood, the flood's answers and
the memory of the shop's workers before and after. README.md beside this package says how to read the tables.

BENCH_QUICK=1 is a smoke run (1,000 shoes, one short round, no second stage, a short abuse stage on the small
catalogue); BENCH_KEEP=1 keeps the temporary directory (logs, SQLite file) and the PostgreSQL database for a look
afterwards.

`python -m bench.run` runs __main__.py: it seeds, makes the servers, runs each stage of stages/__init__.py in turn
and prints and writes what they hand back (report.py). A stage is one module of stages/ registered there.
"""
