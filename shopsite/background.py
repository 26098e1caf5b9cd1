"""Work handed to Celery's workers once the transaction that asked for it commits (docs/DESIGN.md §1, §6).

Every caller keeps its work in the database first (an outbox row, a stored event, a shoe's picture), so a broker that
refuses loses nothing: a periodic run or an operator's command finds what was not handed over, and the log line the
caller words says which. Tasks are named, not imported: a task module imports the services that hand work to it, and
the arrow runs one way.
"""

import logging
from collections.abc import Iterable, Sequence

from celery import current_app
from django.db import transaction

logger = logging.getLogger(__name__)


def tasks_hand_over(*, task: str, calls: Iterable[Sequence], what: str, fallback: str) -> None:
    """Publish the task named `task` once per argument list of calls, once the current transaction commits (at once
    outside one); a rolled-back transaction hands over nothing, and a worker never looks for a row not committed yet.

    When the broker does not take one, it and the rest are left (each further try could wait out the broker's
    timeouts again) and logged: "<n> <what> were not handed to a worker (the first: <its arguments>); <fallback>."
    The transaction is committed by then, and the caller's request still gets its answer.
    """
    calls = [list(args) for args in calls]
    if not calls:
        return

    def hand_over() -> None:
        for handed, args in enumerate(calls):
            try:
                current_app.tasks[task].apply_async(args=args)
            except Exception:
                # Whatever the broker (or the registry) raised: the work waits in the database for its fallback.
                logger.exception(
                    "%s %s were not handed to a worker (the first: %s); %s.",
                    len(calls) - handed,
                    what,
                    ", ".join(map(str, args)),
                    fallback,
                )
                return

    # robust: nothing raised here can reach the committed caller. A named function, not a lambda: Django names it in
    # the log line of anything that escapes.
    transaction.on_commit(hand_over, robust=True)
