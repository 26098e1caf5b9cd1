"""Stages 1 and 2: every call against the framework's floor, then, with the catalogue grown tenfold, the calls whose
cost grows with it, against their figures at the first size."""

import json
import subprocess
import urllib.parse
from typing import Any

from bench.run.database import seed
from bench.run.loads import WRK_CONNECTIONS, WRK_THREADS, Target
from bench.run.plan import BENCH, PYTHON, ROOT, say
from bench.run.rounds import Summary, rounds_run, rounds_table
from bench.run.servers import SLOW_MAIL_SECONDS
from bench.run.stage import Check, Errors, Outcome, Run

# The size filter's target: 25 seeded shoes in 26 have pairs of a size (bench/seed.py: 0 to 25 each), so its pages fill
# as fast as the plain list's; its COUNT is the cost that grows with the catalogue.
SIZE_QUERY = "size=9.5&inStock=true"
# A deep page (issue 27): past catalog.cache.DEEP_OFFSET pages are never kept, so warm or cold each is built anew.
DEEP_OFFSET = 5_000
# How far apart the two checkout figures (mail at once, mail in SLOW_MAIL_SECONDS) may be.
CHECKOUT_MAIL_SPREAD = 0.10


def targets_stage_one(facts: dict[str, Any]) -> list[Target]:
    limit = "limit=28"
    term = urllib.parse.quote(facts["search_term"])
    return [
        Target("floor", "warm", "/bench/floor"),
        Target("list warm", "warm", f"/api/shoes?{limit}"),
        Target("list cold", "cold", f"/api/shoes?{limit}"),
        Target("search warm", "warm", f"/api/shoes?{limit}&name={term}"),
        Target("search cold", "cold", f"/api/shoes?{limit}&name={term}"),
        Target("brand", "warm", f"/api/shoes?{limit}&brand={urllib.parse.quote(facts['brand_term'])}"),
        # A shopper's size in stock (issue 19): the list filtered by one size with pairs, beside the plain list.
        Target("size warm", "warm", f"/api/shoes?{limit}&{SIZE_QUERY}"),
        Target("size cold", "cold", f"/api/shoes?{limit}&{SIZE_QUERY}"),
        Target("deep page", "cold", f"/api/shoes?{limit}&offset={DEEP_OFFSET}"),
        Target("on sale", "warm", f"/api/shoes/onSale?{limit}"),
        Target("detail", "warm", f"/api/shoes/{facts['detail_id']}"),
        Target("page shell", "warm", "/"),
        Target("checkout", "checkout", "/api/cart/checkout", method="POST", script=BENCH / "checkout.lua"),
        Target("checkout slow", "checkout slow", "/api/cart/checkout", method="POST", script=BENCH / "checkout.lua"),
    ]


def targets_stage_two(stage_one: list[Target]) -> list[Target]:
    """The floor again (to show the machine did not change), then the calls whose cost grows with the catalogue."""
    return [
        target
        for target in stage_one
        if target.name
        in ("floor", "list warm", "list cold", "search warm", "search cold", "size warm", "size cold", "deep page")
    ]


def catalogue_stage(run: Run) -> Outcome:
    """Stage 1 at plan.shoes; with plan.big_shoes, the catalogue grown to that and stage 2."""
    plan, facts = run.plan, run.catalogue
    stage_one = targets_stage_one(facts)
    say(f"Stage 1: {facts['shoes']:,} shoes, {plan.rounds} round(s) x {plan.seconds} s per target")
    stages = [{"catalogue": facts, "targets": rounds_run(1, stage_one, run)}]
    if plan.big_shoes:
        say(f"Growing the catalogue to {plan.big_shoes:,} shoes...")
        run.catalogue = seed("grow", plan.big_shoes, run.env)
        say(f"Stage 2: {run.catalogue['shoes']:,} shoes; ?name= matches {run.catalogue['search_matches']}")
        stages.append({"catalogue": run.catalogue, "targets": rounds_run(2, targets_stage_two(stage_one), run)})
    probe = count_probe(run.env)
    say(f"The size list's count at {run.catalogue['shoes']:,} shoes: {probe['count_ms']} ms ({probe['path']})")
    small = stages[0]["targets"]
    big = stages[1]["targets"] if len(stages) > 1 else None
    load = f"median of {plan.rounds} round(s) x {plan.seconds} s, wrk -t{WRK_THREADS} -c{WRK_CONNECTIONS}"
    tables = [rounds_table(f"At {stage['catalogue']['shoes']:,} shoes ({load})", stage["targets"]) for stage in stages]
    return Outcome(
        results={"stages": stages, "size_count": probe},
        text="\n".join([*tables, count_probe_text(probe, run.catalogue["shoes"])]),
        errors=Errors(
            key="errors",
            name="every answer 2xx (checkout: 201)",
            count=sum(summary.errors for stage in stages for summary in stage["targets"].values()),
        ),
        checks=checks_make(small, big),
        load={"wrk_load": f"-t{WRK_THREADS} -c{WRK_CONNECTIONS}"},
    )


def checks_make(small: dict[str, Summary], big: dict[str, Summary] | None) -> list[Check]:
    """The issue's thresholds: shares of the floor, search against list, the two checkouts against each other, and
    100,000 shoes against 10,000."""

    def rate(summaries: dict[str, Summary], name: str) -> float:
        return summaries[name].requests_per_second

    floor = rate(small, "floor")
    checks = [
        Check("list warm >= 80% of floor", rate(small, "list warm") / floor, 0.80),
        Check("detail >= 80% of floor", rate(small, "detail") / floor, 0.80),
        Check("page shell >= 60% of floor", rate(small, "page shell") / floor, 0.60),
        Check("list cold >= 25% of floor", rate(small, "list cold") / floor, 0.25),
        Check("deep page >= 20% of floor", rate(small, "deep page") / floor, 0.20),
        Check("search warm >= 70% of list warm", rate(small, "search warm") / rate(small, "list warm"), 0.70),
        Check("search cold >= 70% of list cold", rate(small, "search cold") / rate(small, "list cold"), 0.70),
        # No request waits on the mail server: a checkout is as fast whether it answers at once or in 2 s.
        Check(
            f"checkout, mail {SLOW_MAIL_SECONDS:g} s vs at once <= {CHECKOUT_MAIL_SPREAD:.0%} apart",
            abs(rate(small, "checkout slow") / rate(small, "checkout") - 1),
            CHECKOUT_MAIL_SPREAD,
            at_most=True,
        ),
    ]
    if big is not None:
        for name in ("list warm", "list cold", "search warm", "search cold", "deep page"):
            checks.append(Check(f"{name} at 100k >= 70% of 10k", rate(big, name) / rate(small, name), 0.70))
    return checks


def count_probe(env: dict[str, str]) -> dict[str, Any]:
    """bench/count_probe.py: the cold size list's count, timed by the database client, and its plan."""
    result = subprocess.run(
        [PYTHON, "-m", "bench.count_probe"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, check=True
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def count_probe_text(probe: dict[str, Any], shoes: int) -> str:
    lines = [
        f"The size list's count at {shoes:,} shoes, cache off ({probe['path']}, {probe['total']:,} shoes): "
        f"{probe['count_ms']} ms in {probe['count_queries']} query, the request {probe['request_ms']} ms (medians)",
        *(f"  {line}" for line in probe["plan"]),
    ]
    return "\n".join(lines)
