"""The releases' Celery tasks: beat's minute (reminders of releases that opened, draws that closed) and a draw's run."""

import logging

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from . import services
from .models import Release

logger = logging.getLogger(__name__)


@shared_task(name="releases.tasks.draw_run", acks_late=True)
def draw_run(release_id: int) -> dict:
    """Run one draw (services.draw_run): a second task for the same draw finds it taken and does nothing."""
    report = services.draw_run(release_id=release_id)
    logger.info("Draw of release %s: %s", release_id, report)
    return {"state": report.state, "won": report.won, "lost": report.lost, "void": report.void}


@shared_task(
    bind=True,
    name=services.CANCEL_TASK,
    # Given back if its worker dies: each cancel is recorded once, so a second delivery only skips what is done.
    acks_late=True,
    reject_on_worker_lost=True,
)
def authorisations_cancel(self, entry_ids: list[int]) -> dict:
    """Cancel a chunk of decided draw entries' authorisations; those the card service did not answer are tried again
    later (SHOP_MAIL_RETRIES times, as mails), then beat's sweep hands them over again."""
    report = services.authorisations_cancel(entry_ids=entry_ids)
    if report.left and self.request.retries < settings.SHOP_MAIL_RETRIES:
        raise self.retry(
            args=[report.left],
            countdown=settings.SHOP_MAIL_RETRY_SECONDS * 2**self.request.retries,
            max_retries=settings.SHOP_MAIL_RETRIES,
        )
    return {"cancelled": report.cancelled, "skipped": report.skipped, "left": len(report.left)}


@shared_task(name="releases.tasks.release_minute")
def release_minute() -> dict:
    """Every minute: the reminders of releases open by now, a run for each draw whose entries closed, and the cancels
    of authorisations still owed long after their entries were decided."""
    sent = services.reminders_send_due()
    owed = services.cancels_owed_hand_over()
    due = list(
        Release.objects.filter(
            kind=Release.Kind.DRAW, closes_at__lte=timezone.now(), draw_started_at__isnull=True
        ).values_list("pk", flat=True)
    )
    for release_id in due:
        draw_run.delay(release_id)
    return {"reminders": sent, "draws": due, "cancels_owed": owed}
