"""Targets measured in interleaved rounds on fresh servers, each figure the median over the rounds, and their table."""

import statistics
from dataclasses import dataclass, field

from bench.run.loads import Measure, Target, probe_say, run_token, wrk_run
from bench.run.mail import workers_pause, workers_settle
from bench.run.plan import say
from bench.run.servers import mails_of, server_start, server_stop, server_wait
from bench.run.stage import Run


@dataclass
class Summary:
    """A target's median over the rounds, and each round's figures for the JSON."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    bad_answers: int
    socket_errors: int
    rounds: list[Measure] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return self.bad_answers + self.socket_errors


def rounds_run(stage: int, targets: list[Target], run: Run) -> dict[str, Summary]:
    """Fresh servers (empty caches, nothing left of the previous stage), warmed up, then measured."""
    used = [server for name, server in run.servers.items() if any(target.server == name for target in targets)]
    try:
        for server in used:
            server_start(server)
        for server in used:
            server_wait(server)
        warm_up(targets, run)
        return measure(stage, targets, run)
    finally:
        for server in used:
            server_stop(server)


def warm_up(targets: list[Target], run: Run) -> None:
    """Probe each target once, then load it briefly: imports done, connections open, caches full."""
    mails = mails_of(run.servers).values()
    for target in targets:
        server = run.servers[target.server]
        probe_say(target, server, run.checkout)
        workers_pause(mails)
        wrk_run(target, server, run.plan.warmup_seconds, run.checkout, run_token(0, 0))
        workers_settle(mails)


def measure(stage: int, targets: list[Target], run: Run) -> dict[str, Summary]:
    """Interleaved rounds; each round starts one target later, so no target always follows the same one. The two
    checkout targets, whose figures are compared with each other, run twice a round as A B B A (B A A B every other
    round): each as often first as second, and six figures each for the median, since one stock row's lock makes the
    checkout the noisiest target."""
    plan, mails = run.plan, mails_of(run.servers).values()
    rounds: dict[str, list[Measure]] = {target.name: [] for target in targets}
    for round_number in range(plan.rounds):
        shift = round_number % len(targets)
        order = checkout_pair_twice(targets[shift:] + targets[:shift], swapped=bool(round_number % 2))
        for target in order:
            token = run_token(stage, round_number)
            workers_pause(mails)
            result = wrk_run(target, run.servers[target.server], plan.seconds, run.checkout, token)
            workers_settle(mails)
            rounds[target.name].append(result)
            flag = f"  !! {result.errors} errors" if result.errors else ""
            say(
                f"  round {round_number + 1}/{plan.rounds} {target.name:<12} {result.requests_per_second:8.0f} req/s"
                f"  p50 {result.p50_ms:7.1f} ms  p99 {result.p99_ms:7.1f} ms{flag}"
            )
    return {name: summarize(measures) for name, measures in rounds.items()}


def checkout_pair_twice(targets: list[Target], *, swapped: bool) -> list[Target]:
    """The targets with the two checkout targets, where the first of them stood, as A B B A (or B A A B)."""
    pair = [target for target in targets if target.name in ("checkout", "checkout slow")]
    if len(pair) != 2:
        return targets
    first, second = reversed(pair) if swapped else pair
    others = [target for target in targets if target not in pair]
    at = targets.index(pair[0])
    return [*others[:at], first, second, second, first, *others[at:]]


def summarize(measures: list[Measure]) -> Summary:
    return Summary(
        requests_per_second=statistics.median(m.requests_per_second for m in measures),
        p50_ms=statistics.median(m.p50_ms for m in measures),
        p99_ms=statistics.median(m.p99_ms for m in measures),
        bad_answers=sum(m.bad_answers for m in measures),
        socket_errors=sum(m.socket_errors for m in measures),
        rounds=measures,
    )


def rounds_table(title: str, summaries: dict[str, Summary]) -> str:
    """Each target's figures, and its req/s against the floor's (one of them must be `floor`)."""
    floor = summaries["floor"].requests_per_second or float("nan")
    header = f"{'target':<14}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'vs floor':>10}{'non-2xx':>9}{'sock err':>10}"
    lines = [title, "  " + header]
    for name, summary in summaries.items():
        flag = "   <-- !! ERRORS" if summary.errors else ""
        lines.append(
            f"  {name:<14}{summary.requests_per_second:>9.0f}{summary.p50_ms:>9.1f}{summary.p99_ms:>9.1f}"
            f"{summary.requests_per_second / floor:>10.0%}{summary.bad_answers:>9}{summary.socket_errors:>10}{flag}"
        )
    return "\n".join(lines)
