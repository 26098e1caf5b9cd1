"""The machine the figures were measured on, recorded with them (bench/results/)."""

import os
import platform
import re
import subprocess
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bench.run.database import database_version
from bench.run.plan import ROOT


def machine_info(database_url: str, workers: int, loads: dict[str, str]) -> dict[str, Any]:
    """The machine, the versions that served and loaded the shop, and loads: how each stage loaded it."""
    cpu = next((line.split(":", 1)[1].strip() for line in cpuinfo_lines() if line.startswith("model name")), "")
    wrk = subprocess.run(["wrk", "-v"], capture_output=True, text=True, check=False)
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "memory_gib": round(memory_kib() / 2**20, 1),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "django": version("django"),
        "djangorestframework": version("djangorestframework"),
        "gunicorn": version("gunicorn"),
        "wrk": (wrk.stdout or wrk.stderr).splitlines()[0] if (wrk.stdout or wrk.stderr) else "",
        "database": database_version(database_url),
        "celery": version("celery"),
        "gunicorn_workers": workers,
        "gunicorn_threads": int(os.environ.get("GUNICORN_THREADS", "2")),
        **loads,
        "commit": git_describe(),
    }


def cpuinfo_lines() -> list[str]:
    path = Path("/proc/cpuinfo")
    return path.read_text().splitlines() if path.exists() else []


def memory_kib(line: str = "MemTotal") -> int:
    path = Path("/proc/meminfo")
    match = re.search(rf"^{line}:\s+(\d+)", path.read_text(), re.MULTILINE) if path.exists() else None
    return int(match.group(1)) if match else 0


def git_describe() -> str:
    result = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return result.stdout.strip()
