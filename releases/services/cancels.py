"""Letting draw entries' card authorisations go (docs/DESIGN.md §11): off the draw's critical path, in chunks handed
to workers after the commit that decided the entries; each cancel sent to the gateway and recorded once."""

import logging
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from orders.payments import ChargeStatus, GatewayUnavailable, gateway_get
from shopsite.background import tasks_hand_over

from ..models import LET_GO_STATUSES, DrawEntry

logger = logging.getLogger(__name__)

# The task each chunk of entries is handed to (releases/tasks.py registers it under this name).
CANCEL_TASK = "releases.tasks.authorisations_cancel"
# Entries per task: a draw of 10,000 is about 100 tasks, which every worker shares; small enough that a retry
# repeats little.
CANCEL_CHUNK = 100
# A worker stops its chunk after this many unanswered cancels in a row: the card service is down, and each further
# call would wait out its timeout. The rest go back in the task's retry.
FAILURES_IN_A_ROW = 3
# Beat's sweep hands over again a decided entry's cancel still owed this long after: a broker that refused, or a
# task out of retries. A cancel handed over twice is harmless (recorded once), only wasted work.
SWEEP_AFTER = timedelta(minutes=15)


@dataclass
class CancelReport:
    cancelled: int = 0
    # Cancelled before (by another worker, or a chunk handed over twice): nothing sent.
    skipped: int = 0
    # The card service did not answer: for the task's retry.
    left: list[int] = field(default_factory=list)


def _owed():
    return DrawEntry.objects.filter(status__in=LET_GO_STATUSES, authorisation_cancelled_at__isnull=True).exclude(
        payment_intent_id=""
    )


def cancels_hand_over(*, entry_ids: list[int]) -> None:
    """Hand the entries' cancels to the workers in chunks once the caller's transaction commits."""
    tasks_hand_over(
        task=CANCEL_TASK,
        calls=[(entry_ids[i : i + CANCEL_CHUNK],) for i in range(0, len(entry_ids), CANCEL_CHUNK)],
        what="chunks of draw entries' cancels",
        fallback="beat's release minute hands them over again",
    )


def authorisations_cancel(*, entry_ids: list[int]) -> CancelReport:
    """Cancel the authorisations of these decided entries that are still owed one, each in its own short transaction.

    The entry's row is locked (SKIP LOCKED) around its gateway call and the record, so two workers given the same chunk
    send each cancel once: the second skips the row the first holds, then finds it recorded.
    """
    report = CancelReport()
    card_gateway = gateway_get()
    in_a_row = 0
    for pk in sorted(entry_ids):
        if in_a_row >= FAILURES_IN_A_ROW:
            report.left.append(pk)
            continue
        with transaction.atomic():
            entry = _owed().select_for_update(skip_locked=True).filter(pk=pk).only("pk", "payment_intent_id").first()
            if entry is None:
                report.skipped += 1
                continue
            try:
                charge = card_gateway.intent_cancel(intent_id=entry.payment_intent_id)
            except GatewayUnavailable:
                in_a_row += 1
                report.left.append(pk)
                continue
            in_a_row = 0
            if charge.status == ChargeStatus.SUCCEEDED:
                # No draw path charges an entry it lets go: someone captured it by hand at the gateway.
                logger.error("Draw entry %s was let go but its intent %s is paid.", pk, entry.payment_intent_id)
            DrawEntry.objects.filter(pk=pk).update(authorisation_cancelled_at=timezone.now())
            report.cancelled += 1
    if report.left:
        logger.warning("%s draw entries' authorisations could not be cancelled yet.", len(report.left))
    return report


def cancels_owed_hand_over(*, release_id: int | None = None, older_than: timedelta = SWEEP_AFTER) -> int:
    """Hand over again the cancels still owed for entries decided longer ago than older_than (of one release, or
    all); how many entries."""
    owed = _owed().filter(decided_at__lt=timezone.now() - older_than)
    if release_id is not None:
        owed = owed.filter(release_id=release_id)
    ids = list(owed.order_by("pk").values_list("pk", flat=True))
    cancels_hand_over(entry_ids=ids)
    return len(ids)
