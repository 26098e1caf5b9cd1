"""How big and how long the run is (BENCH_QUICK), where the code it serves lies, and how it speaks."""

import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
BENCH = ROOT / "bench"
PYTHON = sys.executable


@dataclass(frozen=True)
class Plan:
    """How big and how long: the full run, or BENCH_QUICK's smoke run."""

    shoes: int
    big_shoes: int | None  # the second stage's catalogue; None skips it
    rounds: int
    seconds: int
    warmup_seconds: int
    abuse_seconds: int  # how long the shoppers are measured, alone and under the flood
    quick: bool


def plan_from_env() -> Plan:
    if os.environ.get("BENCH_QUICK", "") not in ("", "0"):
        return Plan(shoes=1_000, big_shoes=None, rounds=1, seconds=2, warmup_seconds=1, abuse_seconds=3, quick=True)
    return Plan(shoes=10_000, big_shoes=100_000, rounds=3, seconds=5, warmup_seconds=2, abuse_seconds=10, quick=False)


def say(message: str) -> None:
    print(message, flush=True)
