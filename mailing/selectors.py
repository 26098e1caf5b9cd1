"""Reads of the mailing app: the outbox's waiting mails, and signups."""

from datetime import datetime, timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone

from .models import Mail, NewsletterSignup

# How long a worker may hold a mail it claimed before another may take it over (it died mid-send). Longer than the
# send task's time limit (mailing/tasks.py), so a live worker never loses its claim.
CLAIM_LEASE = timedelta(minutes=5)


def mail_waiting_list(*, before: datetime | None = None, mails: QuerySet[Mail] | None = None) -> QuerySet[Mail]:
    """Mails (all, or those given) not sent yet that a worker may claim: pending ones queued before `before`, and those
    whose claim outlived its lease; oldest first."""
    now = timezone.now()
    mails = Mail.objects.all() if mails is None else mails
    pending = Q(state=Mail.State.PENDING)
    if before is not None:
        pending &= Q(created_at__lt=before)
    abandoned = Q(state=Mail.State.SENDING, claimed_at__lt=now - CLAIM_LEASE)
    return mails.filter(pending | abandoned).order_by("pk")


def newsletter_signup_find(*, email: str) -> NewsletterSignup | None:
    """The signup of an address already lower-cased, as signups are stored."""
    return NewsletterSignup.objects.filter(email=email).first()


def mail_oldest_waiting_age() -> float:
    """Seconds the oldest mail not sent yet (pending, or claimed by a worker) has waited; 0 when none waits. One
    indexed query (mailing_mail_waiting)."""
    oldest = (
        Mail.objects.filter(state__in=[Mail.State.PENDING, Mail.State.SENDING])
        .order_by("created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    return 0.0 if oldest is None else max((timezone.now() - oldest).total_seconds(), 0.0)
