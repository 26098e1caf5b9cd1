"""`python -m bench.run` (`make bench`): seeds, makes the servers, runs every stage, prints and writes the report."""

import contextlib
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

import psycopg

from bench.run.database import DATABASE_NAME, database_version, postgres_create, postgres_drop, seed
from bench.run.loads import run_token
from bench.run.machine import machine_info
from bench.run.mail import broker_pick, mail_report, queues_delete
from bench.run.plan import ROOT, Plan, plan_from_env, say
from bench.run.report import log_problems, report_make, report_passed, report_print, results_write
from bench.run.servers import base_env, mails_of, servers_make, workers_count
from bench.run.stage import Outcome, Run
from bench.run.stages import STAGES


def bench(plan: Plan, tmp: Path, database_url: str) -> int:
    """The whole bench; returns the exit status: 1 when a stage met errors, or (full run) a check failed."""
    started = time.monotonic()
    workers = workers_count()
    broker_url = broker_pick(tmp)
    env = base_env(tmp / "var", database_url, workers, broker_url)
    say(f"Database: {database_version(database_url)}; gunicorn: {workers} workers (WEB_CONCURRENCY); temp: {tmp}")
    say(f"Broker of the checkout servers' workers: {broker_url}")
    say(f"Seeding {plan.shoes:,} shoes of 12 sizes...")
    facts = seed("prepare", plan.shoes, env)
    say(f"  {facts['shoes']:,} shoes; ?name={facts['search_term']} matches {facts['search_matches']}")
    servers = servers_make(env, tmp, run_token(0, 0))
    run = Run(plan=plan, env=env, tmp=tmp, servers=servers, catalogue=facts, checkout=facts["checkout"])
    outcomes: list[Outcome] = []
    try:
        for stage in stages_chosen():
            outcomes.append(stage(run))
        mail = mail_report(mails_of(run.servers), broker_url)
        report = report_make(outcomes, logs=log_problems(run.servers), mail=mail)
    finally:
        queues_delete(mails_of(run.servers).values(), broker_url)
    loads = {key: value for outcome in outcomes for key, value in outcome.load.items()}
    report.update(
        plan=asdict(plan),
        machine=machine_info(database_url, workers, loads),
        seconds=round(time.monotonic() - started),
        finished=datetime.now(UTC).isoformat(timespec="seconds"),
    )
    report_print(report, outcomes)
    path = results_write(report, plan.quick)
    say(f"Figures in {path.relative_to(ROOT)}; the bench took {report['seconds'] / 60:.1f} min.")
    return 0 if report_passed(outcomes, quick=plan.quick) else 1


def stages_chosen() -> list:
    """Every stage, or those BENCH_STAGES names (comma-separated, without "_stage": BENCH_STAGES=sale_day)."""
    names = [name.strip() for name in os.environ.get("BENCH_STAGES", "").split(",") if name.strip()]
    if not names:
        return list(STAGES)
    known = {stage.__name__.removesuffix("_stage"): stage for stage in STAGES}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"BENCH_STAGES names no stage {', '.join(unknown)}; the stages: {', '.join(known)}")
    return [known[name] for name in names]


def cleanup(tmp: Path, database_url: str | None, keep: bool) -> None:
    """The temp directory and the bench's database go, unless kept for a look (BENCH_KEEP=1, or a failed run)."""
    if keep:
        say(f"Kept {tmp} (gunicorn logs, var dir, SQLite file) and the {DATABASE_NAME} database, if any.")
        return
    shutil.rmtree(tmp, ignore_errors=True)
    if database_url and database_url.startswith("postgres"):
        with contextlib.suppress(psycopg.OperationalError):
            postgres_drop()


def main() -> int:
    # make or a terminal may end the run with SIGTERM: unwind as for Ctrl-C, so the servers are stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    plan = plan_from_env()
    if shutil.which("wrk") is None:
        say("wrk is missing: `apt-get install -y wrk` (make bench installs it).")
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    database_url = None
    finished = False
    try:
        database_url = postgres_create() or f"sqlite:///{tmp / 'db.sqlite3'}"
        status = bench(plan, tmp, database_url)
        finished = True
        return status
    except KeyboardInterrupt:
        say("Interrupted: the servers are stopped.")
        return 130
    finally:
        cleanup(tmp, database_url, keep=os.environ.get("BENCH_KEEP", "") not in ("", "0") or not finished)


if __name__ == "__main__":
    sys.exit(main())
