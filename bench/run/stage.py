"""What a stage is given (Run) and what it hands back (Outcome): its figures, its table, its checks and its errors."""

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.run.plan import Plan
from bench.run.servers import Server


@dataclass
class Run:
    """What the stages share: the plan, the servers' environment and temp dir, the servers, the catalogue."""

    plan: Plan
    env: dict[str, str]
    tmp: Path
    # Every server a stage may start. A stage that needs another kind adds it here (servers.server_make), so that its
    # log is searched for errors at the end like the others'.
    servers: dict[str, Server]
    # bench/seed.py's answer for the catalogue as it stands; a stage that grows the catalogue replaces it.
    catalogue: dict[str, Any]
    # The signed-in shopper's session and the shoe that never sells out, for the checkout (bench/seed.py prepare).
    checkout: dict[str, Any]


@dataclass(frozen=True)
class Check:
    name: str
    value: float
    threshold: float
    at_most: bool = False  # the value must stay under the threshold (memory), not reach it (req/s)
    unit: str = "%"

    @property
    def passed(self) -> bool:
        return self.value < self.threshold if self.at_most else self.value >= self.threshold


@dataclass(frozen=True)
class Errors:
    """The answers a stage met that no run may meet (a smoke run fails on them too): its line under the checks."""

    key: str  # in bench/results/*.json
    name: str
    count: int


@dataclass
class Outcome:
    """What a stage hands back; the tables and checks are printed once every stage has run."""

    results: dict[str, Any]  # its figures, under its keys of bench/results/*.json
    text: str  # its tables
    errors: Errors
    checks: list[Check] = field(default_factory=list)  # its thresholds, which only a full run must meet
    load: dict[str, str] = field(default_factory=dict)  # how it loads the shop, for the JSON's machine record


# A stage: runs on the Run (printing its progress) and hands back its Outcome. stages/__init__.py lists them in order.
Stage = Callable[[Run], Outcome]
