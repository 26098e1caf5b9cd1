"""Reminders: a visitor's address kept for one mail when a release opens, sent by beat at the minute, once."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from mailing.services import mail_queue

from ..mails import RELEASE_REMINDER
from ..models import Release, ReleaseReminder


def reminder_ask(*, release: Release, email: str) -> ReleaseReminder:
    """Keep the address for the release; asked again, the same reminder (one mail whatever)."""
    email = email.strip().lower()
    try:
        with transaction.atomic():
            return ReleaseReminder.objects.create(release=release, email=email)
    except IntegrityError:
        return ReleaseReminder.objects.get(release=release, email=email)


def reminders_send_due(*, now=None, batch: int = 500) -> int:
    """Queue the mails of releases open by now: each reminder marked sent in the transaction that queues its mail,
    rows locked and skipped by a second run at once, so each goes once however often this runs."""
    now = now or timezone.now()
    sent = 0
    while True:
        with transaction.atomic():
            due = list(
                ReleaseReminder.objects.select_for_update(skip_locked=True)
                .filter(sent_at__isnull=True, release__opens_at__lte=now)
                .order_by("id")[:batch]
            )
            for reminder in due:
                mail_queue(kind=RELEASE_REMINDER, to=reminder.email, context={"reminder": reminder.pk})
            ReleaseReminder.objects.filter(pk__in=[r.pk for r in due]).update(sent_at=now)
        sent += len(due)
        if len(due) < batch:
            return sent
