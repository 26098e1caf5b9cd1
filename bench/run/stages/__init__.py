"""The bench's stages, in the order they run: a new stage is a module of this package, added to STAGES.

Each takes the Run (the plan, the servers, the catalogue as the stages before it left it) and hands back an Outcome
(bench/run/stage.py): its figures, its table, its checks and its errors, printed and written once all have run.
"""

from bench.run.stage import Stage
from bench.run.stages.abuse import abuse_stage
from bench.run.stages.catalogue import catalogue_stage
from bench.run.stages.release import release_stage
from bench.run.stages.sale_day import sale_day_stage

# The abuse stage floods the catalogue as the catalogue stage left it (grown to plan.big_shoes in a full run).
# Sale day (issue 27) browses and checks out on its own server, with and without nginx's proxy cache in front; the
# release stage adds a shoe, a release and its shoppers' accounts, after the others' figures are taken.
STAGES: tuple[Stage, ...] = (catalogue_stage, abuse_stage, sale_day_stage, release_stage)
