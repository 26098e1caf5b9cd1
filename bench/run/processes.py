"""The bench's own processes (the servers, their workers and mail servers): started, stopped and read in /proc."""

import contextlib
import os
import signal
import subprocess
from pathlib import Path
from typing import NamedTuple

from bench.run.plan import ROOT

# The checkout servers' workers and their mail servers run at the lowest CPU priority (mail.WORKER_SETTLE_SECONDS).
BACKGROUND_NICE = 19
# CPU seconds a second, summed over the processes watched, under which a server or a worker counts as idle.
IDLE_CPU_SHARE = 0.05


def process_start(
    command: list[str], *, log: Path, env: dict[str, str] | None = None, background: bool = False
) -> subprocess.Popen:
    """command in ROOT, its output appended to log, in a session of its own: a Ctrl-C reaches this script, which then
    stops the process itself. A background one runs at BACKGROUND_NICE."""
    if background:
        command = ["nice", "-n", str(BACKGROUND_NICE), *command]
    with log.open("a") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    if background:
        autogroup_nice(process.pid)
    return process


def autogroup_nice(pid: int) -> None:
    """With the kernel's autogroups, a process's nice counts only against its own session: the session of its own it
    started gets the low priority too."""
    with contextlib.suppress(OSError):
        Path(f"/proc/{pid}/autogroup").write_text(f"{BACKGROUND_NICE}\n")


def process_stop(process: subprocess.Popen) -> None:
    """SIGTERM (a gunicorn master stops its workers); SIGKILL to its process group if it lingers."""
    if process.poll() is None:
        # A worker paused between targets must be awake to stop.
        process.send_signal(signal.SIGCONT)
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def log_tail(path: Path, lines: int = 30) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else "(no log)"


def proc_read(pid: int, name: str) -> str:
    """/proc/<pid>/<name>, or "" for a process that has gone."""
    try:
        return Path(f"/proc/{pid}/{name}").read_text()
    except OSError:
        return ""


def process_cpu_seconds(pid: int) -> float:
    """The CPU time, user and system, a process has used so far."""
    # The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    fields = proc_read(pid, "stat").rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if len(fields) > 12 else 0.0


class MachineCpu(NamedTuple):
    """A reading of the machine's CPU: each process's seconds so far with its kind, and the machine's idle seconds."""

    processes: dict[int, tuple[str, float]]
    idle: float


def machine_cpu() -> MachineCpu:
    """The CPU seconds used so far by every process on the machine, each with its kind: the load (wrk), the proxy
    (nginx), the shop (gunicorn), the database (postgres), the bench itself or "other"; and the machine's idle time."""
    processes: dict[int, tuple[str, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        command = proc_read(pid, "cmdline").replace("\0", " ")
        kind = next((kind for kind, mark in PROCESS_KINDS if mark in command), "other")
        processes[pid] = (kind, process_cpu_seconds(pid))
    idle_ticks = int(Path("/proc/stat").read_text().split()[4])
    return MachineCpu(processes, idle_ticks / os.sysconf("SC_CLK_TCK"))


def cores_used(before: MachineCpu, after: MachineCpu, seconds: float) -> dict[str, float]:
    """The cores each kind of process kept busy between two machine_cpu() readings seconds apart, and "idle".

    Counted process by process: one started in between (a gunicorn worker restarted by max_requests) counts all it
    used, one that ended in between is gone from /proc and counts nothing, so a restart never makes a kind's sum go
    down. "<kind> started" says how many of a kind started in between, when any did."""
    used: dict[str, float] = {"idle": after.idle - before.idle}
    started: dict[str, int] = {}
    for pid, (kind, cpu) in after.processes.items():
        earlier = before.processes.get(pid)
        if earlier is None or earlier[0] != kind:
            started[kind] = started.get(kind, 0) + 1
            earlier = (kind, 0.0)
        used[kind] = used.get(kind, 0.0) + cpu - earlier[1]
    cores = {kind: round(value / seconds, 2) for kind, value in used.items() if value > 0.005 * seconds}
    return {**cores, **{f"{kind} started": count for kind, count in started.items() if kind != "other"}}


# How a process's command line tells its kind (the first mark found wins).
PROCESS_KINDS = (
    ("wrk", "wrk "),
    ("nginx", "nginx"),
    ("shop", "gunicorn"),
    ("postgres", "postgres"),
    ("bench", "bench.run"),
)
