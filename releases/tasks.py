"""The releases' Celery tasks: beat's minute (reminders of releases that opened, draws that closed) and a draw's run."""

import logging

from celery import shared_task
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


@shared_task(name="releases.tasks.release_minute")
def release_minute() -> dict:
    """Every minute: the reminders of releases open by now, and a run for each draw whose entries closed."""
    sent = services.reminders_send_due()
    due = list(
        Release.objects.filter(
            kind=Release.Kind.DRAW, closes_at__lte=timezone.now(), draw_started_at__isnull=True
        ).values_list("pk", flat=True)
    )
    for release_id in due:
        draw_run.delay(release_id)
    return {"reminders": sent, "draws": due}
