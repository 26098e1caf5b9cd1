"""The abuse stage: on a fresh `warm` server, shoppers alone, under a flood of unpaged and junk-parameter calls (each
URL new) and alone again; the flood's answers, and the memory of the shop's workers before, at the peak and after."""

import subprocess
from dataclasses import dataclass

from bench.run.loads import (
    Measure,
    Target,
    flood_answers,
    flood_start,
    megabytes_read,
    probe_say,
    run_token,
    shopper_start,
    wrk_output,
    wrk_parse,
)
from bench.run.memory import Memory, MemoryWatch, workers_memory
from bench.run.plan import say
from bench.run.servers import Server, server_start, server_stop, server_wait
from bench.run.stage import Check, Errors, Outcome, Run

# One wrk plays shoppers, one floods, each with one thread, so neither wrk takes more than one of the machine's two
# cores. The shoppers (bench/shopper.lua) page through the first SHOPPER_PAGES pages of the list and pause
# SHOPPER_THINK_MS after each answer: alone they ask for about half of what the shop serves, and under the flood their
# req/s falls only as far as the shop makes them wait. The flood (bench/flood.lua) has as many connections as the
# shoppers and never pauses: the check asks whether a hostile request costs the shop about what a shopper's page
# costs. More flood connections would only lengthen the queue every shopper waits in, whatever the shop does with
# them; against an attacker with more, the per-address limit is what helps (each load has client addresses of its own
# in X-Forwarded-For).
SHOPPER_CONNECTIONS = 8
SHOPPER_PAGES = 10
SHOPPER_THINK_MS = 20
FLOOD_CONNECTIONS = 8
# The flood runs alone this long before the shoppers are measured, and goes on as long after them.
FLOOD_LEAD_SECONDS = 2
# The bar: the shoppers keep half their req/s under the flood.
SHOPPER_KEEPS = 0.50
# Flat memory: at its peak (sampled four times a second from the flood's start until the shop is idle again)
# the workers' summed VmRSS has grown by less than both. What the stage's flood may add to a well-behaved shop:
# a few hundred bounded answers in the workers' local-memory caches (~85 KB each at 100,000 shoes, measured
# at 20 to 40 MB in all); what one unpaged answer adds: ~700 MB while it is built, ~300 MB kept.
MEMORY_GROWTH_SHARE = 0.25
MEMORY_GROWTH_MIB = 100


@dataclass
class Abuse:
    """The shoppers alone and under the flood, the flood itself, and the workers' memory."""

    shoes: int
    seconds: int  # how long the shoppers were measured, alone and under the flood
    shopper_alone: Measure
    shopper_flooded: Measure
    shopper_after: Measure  # alone again once the shop is idle: with shopper_alone, the figure without the flood
    flood: Measure
    flood_answers: dict[str, int]  # by status class: 2xx, 3xx, 4xx, 5xx, other
    flood_megabytes: float  # what the flood's wrk read
    memory_before: Memory
    memory_peak: Memory  # the largest sum from the flood's start until the shop was idle again
    memory_after: Memory
    settle_seconds: float  # how long the shop stayed busy after the flood stopped
    guard: str  # what the memory guard did, if anything

    @property
    def errors(self) -> int:
        """What no load may meet: a shopper's answer that is not 2xx, a 5xx to the flood, any socket error."""
        shopper = self.shopper_alone.errors + self.shopper_flooded.errors + self.shopper_after.errors
        return shopper + self.flood_answers["5xx"] + self.flood.socket_errors

    @property
    def shopper_unflooded(self) -> float:
        """The shoppers' req/s without the flood: the mean of before and after it, so that a change in what else
        the machine does during the stage weighs on both sides of the comparison."""
        return (self.shopper_alone.requests_per_second + self.shopper_after.requests_per_second) / 2


def abuse_stage(run: Run) -> Outcome:
    shoes, seconds = run.catalogue["shoes"], run.plan.abuse_seconds
    say(f"Abuse: {shoes:,} shoes, the shoppers {seconds} s alone, under the flood, alone again")
    abuse = abuse_run(run.servers["warm"], shoes, seconds, run.plan.warmup_seconds)
    load = f"shopper -t1 -c{SHOPPER_CONNECTIONS}, {SHOPPER_THINK_MS} ms between pages; flood -t1 -c{FLOOD_CONNECTIONS}"
    return Outcome(
        results={"abuse": abuse},
        text=abuse_table(abuse),
        errors=Errors(key="abuse_errors", name="abuse: shopper 2xx, flood no 5xx", count=abuse.errors),
        checks=checks_make(abuse),
        load={"abuse_load": load},
    )


def abuse_run(server: Server, shoes: int, seconds: int, warmup_seconds: int) -> Abuse:
    """On a fresh server: the shoppers warmed up and measured alone; the flood, and the shoppers measured under
    it; the workers' memory before the flood and at its peak until the shop is idle again; the shoppers alone
    once more."""
    server_start(server)
    try:
        server_wait(server)
        probe_say(Target("shopper", server.name, "/api/shoes?limit=28&offset=0"), server, {})
        wrk_output(shoppers_start(server, warmup_seconds), "shopper")
        alone = wrk_parse(wrk_output(shoppers_start(server, seconds), "shopper"))
        measure_say("shopper alone", alone)
        before = workers_memory(server)
        flood_seconds = seconds + 2 * FLOOD_LEAD_SECONDS
        flood = flood_start(server, flood_seconds, connections=FLOOD_CONNECTIONS, token=run_token(3, 0), shoes=shoes)
        watch = MemoryWatch(server, flood, before)
        watch.wait(FLOOD_LEAD_SECONDS)
        shopper = shoppers_start(server, seconds)
        watch.until(lambda: shopper.poll() is not None and flood.poll() is not None)
        flooded = wrk_parse(wrk_output(shopper, "shopper"))
        flood_text = wrk_output(flood, "flood")
        settle_seconds = watch.settle()
        watch.sample()
        after = workers_memory(server)
        again = wrk_parse(wrk_output(shoppers_start(server, seconds), "shopper"))
        abuse = Abuse(
            shoes=shoes,
            seconds=seconds,
            shopper_alone=alone,
            shopper_flooded=flooded,
            shopper_after=again,
            flood=wrk_parse(flood_text),
            flood_answers=flood_answers(flood_text),
            flood_megabytes=megabytes_read(flood_text),
            memory_before=before,
            memory_peak=watch.peak,
            memory_after=after,
            settle_seconds=settle_seconds,
            guard=watch.guard,
        )
        measure_say("shopper + flood", flooded)
        measure_say("flood", abuse.flood, abuse.flood_answers["5xx"] + abuse.flood.socket_errors)
        measure_say("shopper after", again)
        return abuse
    finally:
        server_stop(server)


def shoppers_start(server: Server, seconds: int) -> subprocess.Popen:
    return shopper_start(
        server, seconds, connections=SHOPPER_CONNECTIONS, pages=SHOPPER_PAGES, think_ms=SHOPPER_THINK_MS
    )


def measure_say(name: str, measure: Measure, errors: int | None = None) -> None:
    """One load's figures as it finishes; errors, when given, replaces the Measure's own count (the flood's)."""
    errors = measure.errors if errors is None else errors
    flag = f"  !! {errors} errors" if errors else ""
    say(
        f"  {name:<18} {measure.requests_per_second:8.0f} req/s  p50 {measure.p50_ms:7.1f} ms"
        f"  p99 {measure.p99_ms:7.1f} ms{flag}"
    )


def abuse_table(abuse: Abuse) -> str:
    """The shoppers alone and under the flood, the flood, and the workers' memory before, at the peak, after."""
    pace = f"{SHOPPER_PAGES} pages of 28, {SHOPPER_THINK_MS} ms between pages"
    lines = [
        f"Abuse at {abuse.shoes:,} shoes ({abuse.seconds} s each; shopper: wrk -t1 -c{SHOPPER_CONNECTIONS}, {pace}; "
        f"flood: wrk -t1 -c{FLOOD_CONNECTIONS}, every URL new)",
        "  " + f"{'load':<18}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}{'sock err':>10}",
    ]
    answers = ", ".join(f"{count} {status}" for status, count in abuse.flood_answers.items() if count)
    loads = (
        ("shopper alone", abuse.shopper_alone, ""),
        ("shopper + flood", abuse.shopper_flooded, ""),
        ("flood", abuse.flood, f"   {answers or 'no answer'}; {abuse.flood_megabytes:,.1f} MB read"),
        ("shopper after", abuse.shopper_after, ""),
    )
    for name, measure, note in loads:
        lines.append(
            f"  {name:<18}{measure.requests_per_second:>9.0f}{measure.p50_ms:>9.1f}{measure.p99_ms:>9.1f}"
            f"{measure.non_2xx:>9}{measure.socket_errors:>10}{note}"
        )
    lines.append("  " + f"{'workers memory':<18}{'workers':>9}{'sum MiB':>9}{'max MiB':>9}")
    for name, memory in (("before", abuse.memory_before), ("peak", abuse.memory_peak), ("after", abuse.memory_after)):
        lines.append(f"  {name:<18}{memory.workers:>9}{memory.sum_mib:>9.0f}{memory.max_mib:>9.0f}")
    lines.append(f"  after the flood the shop was busy {abuse.settle_seconds:.0f} s more")
    if abuse.guard:
        lines.append(f"  !! memory guard: {abuse.guard}")
    return "\n".join(lines)


def checks_make(abuse: Abuse) -> list[Check]:
    """The shoppers' req/s under the flood against without it, and the workers' memory."""
    unflooded = abuse.shopper_unflooded or float("nan")
    grown = abuse.memory_peak.sum_mib - abuse.memory_before.sum_mib
    return [
        Check(
            f"shopper + flood >= {SHOPPER_KEEPS:.0%} of alone",
            abuse.shopper_flooded.requests_per_second / unflooded,
            SHOPPER_KEEPS,
        ),
        Check(
            f"workers memory grows < {MEMORY_GROWTH_SHARE:.0%}",
            grown / (abuse.memory_before.sum_mib or float("nan")),
            MEMORY_GROWTH_SHARE,
            at_most=True,
        ),
        Check(f"workers memory grows < {MEMORY_GROWTH_MIB} MiB", grown, MEMORY_GROWTH_MIB, at_most=True, unit="MiB"),
    ]
