"""The memory of a server's gunicorn workers, and a watch that follows it under a load and keeps the machine up."""

import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench.run.machine import memory_kib
from bench.run.plan import say
from bench.run.processes import IDLE_CPU_SHARE, proc_read, process_cpu_seconds
from bench.run.servers import Server
from shopsite.tests.servers import children_of, connections_held

# The machine is shared: the load is stopped when the workers have grown this much, and the shop killed when
# the machine runs short of memory all the same (requests it had started go on after the load stops).
MEMORY_GUARD_MIB = 4096
MEMORY_AVAILABLE_FLOOR_MIB = 2048
# After the load the shop finishes what it had started; its memory is read once it is idle, or after this long.
SETTLE_SECONDS = 120


@dataclass(frozen=True)
class Memory:
    """The resident memory (VmRSS) of a gunicorn master's workers: how many, their sum and the largest, in MiB."""

    workers: int
    sum_mib: float
    max_mib: float


def workers_of(server: Server) -> list[int]:
    """The gunicorn master's children: its workers (one restarted by max_requests comes back with a new pid)."""
    return children_of(server.process.pid) if server.process is not None else []


def workers_memory(server: Server) -> Memory:
    """The workers' VmRSS, what each holds in RAM (the pages it shares with the master count in each)."""
    sizes = []
    for pid in workers_of(server):
        match = re.search(r"^VmRSS:\s+(\d+) kB$", proc_read(pid, "status"), re.MULTILINE)
        if match:
            sizes.append(int(match.group(1)) / 1024)
    return Memory(workers=len(sizes), sum_mib=round(sum(sizes), 1), max_mib=round(max(sizes, default=0), 1))


def workers_cpu_seconds(server: Server) -> float:
    """The CPU time, user and system, the workers have used so far."""
    return sum(process_cpu_seconds(pid) for pid in workers_of(server))


def memory_available_mib() -> float:
    return memory_kib("MemAvailable") / 1024 or float("inf")


class MemoryWatch:
    """Follows the workers' memory from a load's start: the peak, and a guard that keeps the shared machine up.

    The load is stopped (SIGINT, after which wrk still reports) once the workers have grown MEMORY_GUARD_MIB;
    the shop is killed if the machine runs short of memory all the same.
    """

    def __init__(self, server: Server, load: subprocess.Popen, before: Memory) -> None:
        self.server = server
        self.load = load
        self.before = before
        self.peak = before
        self.guard = ""
        self.started = time.monotonic()

    def sample(self) -> None:
        memory = workers_memory(self.server)
        self.peak = max(self.peak, memory, key=lambda seen: seen.sum_mib)
        grown = memory.sum_mib - self.before.sum_mib
        if grown > MEMORY_GUARD_MIB and self.load.poll() is None:
            self.load.send_signal(signal.SIGINT)
            self.guard_say(f"flood stopped: the workers grew {grown:.0f} MiB")
        if memory_available_mib() < MEMORY_AVAILABLE_FLOOR_MIB and self.server.process is not None:
            os.killpg(self.server.process.pid, signal.SIGKILL)
            self.server.process.wait()
            self.server.process = None
            self.guard_say("shop killed: the machine ran short of memory")

    def guard_say(self, what: str) -> None:
        self.guard = f"{what} {time.monotonic() - self.started:.0f} s after the flood's start"
        say(f"  !! {self.guard}")

    def until(self, finished: Callable[[], bool]) -> None:
        """Samples four times a second until finished() or the shop is gone."""
        while not finished() and self.server.process is not None:
            self.sample()
            time.sleep(0.25)

    def wait(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        self.until(lambda: time.monotonic() >= deadline)

    def settle(self) -> float:
        """Samples until the workers are idle (the requests the load left behind are done); returns how long."""
        started = time.monotonic()
        used = workers_cpu_seconds(self.server)
        while self.server.process is not None and time.monotonic() - started < SETTLE_SECONDS:
            self.wait(1)
            used, before = workers_cpu_seconds(self.server), used
            if used - before < IDLE_CPU_SHARE:
                break
        return round(time.monotonic() - started, 1)


def connections_by_worker(server: Server) -> list[int]:
    """How many open TCP connections each of the server's workers holds on its port, most first: a gthread worker
    keeps a kept-alive connection for good, so wrk's few connections may sit unevenly on the workers."""
    return sorted(connections_held(workers_of(server), server.port), reverse=True)
