"""What the stages handed back: the tables, the checks, the servers' logs and mail, and the JSON in bench/results/."""

import json
import re
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.run.plan import BENCH, say
from bench.run.servers import Server
from bench.run.stage import Check, Errors, Outcome

RESULTS = BENCH / "results"
LOG_PROBLEM = re.compile(r'"level": "(ERROR|CRITICAL)"|\[(ERROR|CRITICAL)\]|Traceback|"status": 5\d\d')


def log_problems(servers: dict[str, Server]) -> dict[str, Any]:
    """Errors, 5xx answers and worker restarts in the servers' logs (the access log is one JSON line a request), and
    in the checkout servers' Celery workers' logs."""
    found: dict[str, Any] = {}
    for server in servers.values():
        lines = server.log.read_text(errors="replace").splitlines() if server.log.exists() else []
        if server.mail is not None and server.mail.worker_log.exists():
            lines += server.mail.worker_log.read_text(errors="replace").splitlines()
        problems = [line for line in lines if LOG_PROBLEM.search(line)]
        restarts = sum("Autorestarting worker" in line for line in lines)
        found[server.name] = {"problems": len(problems), "first": problems[:5], "worker_restarts": restarts}
    return found


def checks_of(outcomes: list[Outcome]) -> list[Check]:
    return [check for outcome in outcomes for check in outcome.checks]


def report_make(outcomes: list[Outcome], *, logs: dict[str, Any], mail: dict[str, Any]) -> dict[str, Any]:
    """The stages' figures, the servers' logs and mail, each stage's errors and every check, for the JSON."""
    report: dict[str, Any] = {}
    for outcome in outcomes:
        report.update(outcome.results)
    report.update(logs=logs, mail=mail)
    for outcome in outcomes:
        report[outcome.errors.key] = outcome.errors.count
    report["checks"] = [{**asdict(check), "passed": check.passed} for check in checks_of(outcomes)]
    return report


def report_passed(outcomes: list[Outcome], *, quick: bool) -> bool:
    """No stage met an error and, in a full run, every check passed: a smoke run's catalogue is too small for the
    issue's thresholds."""
    errors = sum(outcome.errors.count for outcome in outcomes)
    return errors == 0 and (quick or all(check.passed for check in checks_of(outcomes)))


def checks_text(checks: list[Check], errors: list[Errors]) -> str:
    lines = ["Checks"]
    for check in checks:
        if check.unit == "%":
            value = f"{check.value:7.0%}"
        else:
            value = f"{check.value:7.1f} {check.unit}" if check.unit == "x" else f"{check.value:7.0f} {check.unit}"
        lines.append(f"  {'PASS' if check.passed else 'FAIL'}  {check.name:<36} {value}")
    for error in errors:
        lines.append(f"  {'PASS' if error.count == 0 else 'FAIL'}  {error.name:<36} {error.count:7} errors")
    return "\n".join(lines)


def report_print(report: dict[str, Any], outcomes: list[Outcome]) -> None:
    say("")
    for outcome in outcomes:
        say(outcome.text)
    say(checks_text(checks_of(outcomes), [outcome.errors for outcome in outcomes]))
    for name, mail in report["mail"].items():
        queued = "" if mail["still_queued"] is None else f", {mail['still_queued']} still queued"
        say(
            f"{name}: its mail server answered in {mail['mail_answer_seconds']:g} s and received "
            f"{mail['mails_received']} confirmations{queued}"
        )
    for name, found in report["logs"].items():
        restarts = found["worker_restarts"]
        say(f"gunicorn {name}: {found['problems']} error lines in its log, {restarts} worker restarts (max_requests)")
        for line in found["first"]:
            say(f"    {line[:300]}")


def results_write(report: dict[str, Any], quick: bool) -> Path:
    """bench/results/<UTC time>.json, and latest.json for full runs (a smoke run never replaces it)."""
    RESULTS.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = RESULTS / f"{stamp}{'-quick' if quick else ''}.json"
    text = json.dumps(
        report, indent=2, default=lambda value: asdict(value) if hasattr(value, "__dataclass_fields__") else str(value)
    )
    path.write_text(text + "\n")
    if not quick:
        (RESULTS / "latest.json").write_text(text + "\n")
    return path
