"""The bench's own processes (the servers, their workers and mail servers): started, stopped and read in /proc."""

import contextlib
import os
import signal
import subprocess
from pathlib import Path

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


def machine_cpu_by_kind() -> dict[str, float]:
    """The CPU seconds used so far by every process on the machine, summed by kind: the load (wrk), the proxy
    (nginx), the shop (gunicorn), the database (postgres), the bench itself and the rest; "idle" is the machine's."""
    totals: dict[str, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        command = proc_read(pid, "cmdline").replace("\0", " ")
        kind = next((kind for kind, mark in PROCESS_KINDS if mark in command), "other")
        totals[kind] = totals.get(kind, 0.0) + process_cpu_seconds(pid)
    idle_ticks = int(Path("/proc/stat").read_text().split()[4])
    totals["idle"] = idle_ticks / os.sysconf("SC_CLK_TCK")
    return totals


def cores_used(before: dict[str, float], after: dict[str, float], seconds: float) -> dict[str, float]:
    """The cores each kind of process kept busy between two machine_cpu_by_kind() readings seconds apart."""
    return {
        kind: round((after.get(kind, 0.0) - before.get(kind, 0.0)) / seconds, 2)
        for kind in after
        if after.get(kind, 0.0) - before.get(kind, 0.0) > 0.005 * seconds
    }


# How a process's command line tells its kind (the first mark found wins).
PROCESS_KINDS = (
    ("wrk", "wrk "),
    ("nginx", "nginx"),
    ("shop", "gunicorn"),
    ("postgres", "postgres"),
    ("bench", "bench.run"),
)
