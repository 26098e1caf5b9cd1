"""Writes of the mailing app: the outbox (every mail is a row first, sent by a worker after the commit, claimed so it
goes once), and what visitors send us.

A mail's life: mail_queue stores it pending in the caller's transaction and, once that commits, hands its id to a worker
(mailing/tasks.py, through shopsite.background). mail_send claims it with one atomic UPDATE, builds it from the rows it
names, sends it and marks it sent; a mail server's refusal puts it back to pending for the task's retries, and beat's
periodic resend (mail_send_pending) takes whatever the broker or the mail server left behind. A worker that dies
mid-send leaves its claim to expire (selectors.CLAIM_LEASE). The one way a mail goes twice: a crash between the mail
server's acceptance and the "sent" mark, a few milliseconds; at least once is the best an outbox can promise
(docs/DEPLOY.md).
"""

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet
from django.template.loader import render_to_string
from django.utils import timezone

from activity import services as activity
from shopsite.background import tasks_hand_over
from shopsite.logs import request_id_as, request_id_current

from . import kinds, mails, selectors
from .errors import InvalidConfirmationLink, InvalidUnsubscribeLink, MailServerError, MailUnbuildable
from .models import ContactMessage, Mail, NewsletterSignup

logger = logging.getLogger(__name__)

# The task each outbox row is handed to (mailing/tasks.py registers it under this name).
MAIL_SEND_TASK = "mailing.tasks.mail_send"

# Rows read at a time by the periodic resend, so a long outage's backlog is never all in memory.
PENDING_BATCH_SIZE = 100
# The task a chunk of BULK_CHUNK rows queued together is handed to; a mail of it the mail server refuses goes on
# alone to MAIL_SEND_TASK, with its retries.
MAILS_SEND_TASK = "mailing.tasks.mails_send"
BULK_CHUNK = 100
# Rows per INSERT of mails_queue: a draw's 10,000 mails are a few statements, each well inside PostgreSQL's limit of
# 65,535 parameters.
BULK_BATCH_SIZE = 1000
# The periodic resend stops after this many refusals in a row: the mail server is down, and every further try would
# only wait out its timeout. The rest wait for the next run.
FAILURES_IN_A_ROW = 3
# At most one newsletter confirmation mail to an address in this long, however often it is signed up: the form is open
# to anyone, and must not be a way to flood someone's inbox.
NEWSLETTER_CONFIRM_EVERY = timedelta(hours=1)


class Outcome(StrEnum):
    """What one call of mail_send did."""

    SENT = "sent"
    DROPPED = "dropped"
    # Not claimable: sent or dropped already, or another worker holds it.
    SKIPPED = "skipped"


@dataclass(frozen=True)
class MailReport:
    """What one run of the periodic resend did."""

    sent: int = 0
    failed: int = 0
    dropped: int = 0
    # Not tried: the mail server had refused FAILURES_IN_A_ROW in a row, or another worker held them.
    left: int = 0


# ---- The outbox


def mail_queue(*, kind: str, to: str, context: dict, reply_to: str = "") -> Mail:
    """Store a mail in the outbox, in the caller's transaction; a worker sends it once that transaction commits.

    context holds ids and plain values, never a secret: the mail is built from the rows it names when it is sent.
    """
    kinds.builder_get(kind)  # an unknown kind fails here, in the request, not later in a worker
    request_id = request_id_current()
    mail = Mail.objects.create(
        kind=kind, to=to, reply_to=reply_to, context=context, request_id="" if request_id == "-" else request_id
    )
    _mails_hand_over(mail_ids=[mail.pk])
    return mail


def mails_queue(*, kind: str, mails: Iterable[tuple[str, dict]]) -> list[int]:
    """Store many mails of one kind, each (to, context), in the caller's transaction with one INSERT, and hand their
    ids to the workers in one hand-over once it commits, in chunks (a draw's thousands of entrants); their ids."""
    kinds.builder_get(kind)
    request_id = request_id_current()
    rows = [
        Mail(kind=kind, to=to, context=context, request_id="" if request_id == "-" else request_id)
        for to, context in mails
    ]
    # PostgreSQL and SQLite give the new ids back from the one INSERT ... RETURNING.
    ids = [mail.pk for mail in Mail.objects.bulk_create(rows, batch_size=BULK_BATCH_SIZE)]
    # Chunks, one task each: 10,000 publishes to the broker would cost the caller seconds after its commit.
    tasks_hand_over(
        task=MAILS_SEND_TASK,
        calls=[(ids[start : start + BULK_CHUNK],) for start in range(0, len(ids), BULK_CHUNK)],
        what="chunks of mails",
        fallback="the periodic resend will send them",
    )
    return ids


def _mails_hand_over(*, mail_ids: list[int]) -> None:
    """Hand outbox rows to the workers once the caller's transaction commits."""
    # The rows are pending whatever the broker does, which is all that matters: beat's resend takes them.
    tasks_hand_over(
        task=MAIL_SEND_TASK,
        calls=[(mail_id,) for mail_id in mail_ids],
        what="mails",
        fallback="the periodic resend will send them",
    )


def mail_message(*, mail: Mail) -> EmailMultiAlternatives:
    """The mail a row stands for, built now from the rows it names: a plain-text part and an HTML one."""
    content = kinds.builder_get(mail.kind)(mail)
    context = {"shop_name": settings.SHOP_NAME, "shop_url": settings.SHOP_BASE_URL, **content.context}
    # A subject is one header line: a line break typed into a form must not reach it.
    subject = " ".join(render_to_string(f"mail/{content.template}_subject.txt", context).split())
    message = EmailMultiAlternatives(
        subject,
        render_to_string(f"mail/{content.template}.txt", context),
        to=[mail.to],
        reply_to=[mail.reply_to] if mail.reply_to else None,
        headers=content.headers,
    )
    message.attach_alternative(render_to_string(f"mail/{content.template}.html", context), "text/html")
    return message


def _mail_claim(*, mail_id: int) -> Mail | None:
    """Take a mail for this worker, or None when it is not free: one UPDATE, so of two workers only one gets it."""
    now = timezone.now()
    free = Q(state=Mail.State.PENDING) | Q(state=Mail.State.SENDING, claimed_at__lt=now - selectors.CLAIM_LEASE)
    if not Mail.objects.filter(free, pk=mail_id).update(state=Mail.State.SENDING, claimed_at=now, updated_at=now):
        return None
    return Mail.objects.filter(pk=mail_id).first()


def _mail_release(*, mail: Mail, error: Exception) -> None:
    """Back to pending with the try counted, unless the claim was lost meanwhile (then its new holder decides)."""
    Mail.objects.filter(pk=mail.pk, state=Mail.State.SENDING, claimed_at=mail.claimed_at).update(
        state=Mail.State.PENDING,
        claimed_at=None,
        attempts=F("attempts") + 1,
        last_error=f"{type(error).__name__}: {error}"[:1000],
        updated_at=timezone.now(),
    )


def mail_send(*, mail_id: int) -> Outcome:
    """Claim one mail, build it, send it and mark it sent.

    Raises MailServerError when the mail server refused or did not answer, after putting the row back to pending.
    Any other error puts it back too, and propagates.
    """
    mail = _mail_claim(mail_id=mail_id)
    if mail is None:
        return Outcome.SKIPPED
    try:
        message = mail_message(mail=mail)
    except MailUnbuildable as reason:
        Mail.objects.filter(pk=mail.pk).update(
            state=Mail.State.DROPPED, claimed_at=None, last_error=str(reason), updated_at=timezone.now()
        )
        logger.info("Mail %s (%s) dropped: %s.", mail.pk, mail.kind, reason)
        return Outcome.DROPPED
    except Exception as error:
        _mail_release(mail=mail, error=error)
        raise
    try:
        message.send()
    except OSError as error:
        # smtplib's errors, refused connections and timeouts are all OSErrors: the mail server's side.
        _mail_release(mail=mail, error=error)
        logger.warning(
            "Mail %s (%s) was not sent (try %s).", mail.pk, mail.kind, mail.attempts + 1, extra={"reason": error}
        )
        raise MailServerError(str(error)) from error
    except Exception as error:
        _mail_release(mail=mail, error=error)
        raise
    now = timezone.now()
    # By id alone: even a claim that outlived its lease (a very slow send) has sent this mail.
    Mail.objects.filter(pk=mail.pk).update(
        state=Mail.State.SENT, sent_at=now, claimed_at=None, attempts=F("attempts") + 1, last_error="", updated_at=now
    )
    logger.info("Mail %s (%s) sent.", mail.pk, mail.kind)
    return Outcome.SENT


def mail_send_pending(*, older_than: timedelta = timedelta(0), mails: QuerySet[Mail] | None = None) -> MailReport:
    """Send the mails still waiting in the outbox (all, or those given), queued longer ago than older_than.

    Each is claimed on its own, so workers and another run may go over the same rows at once: each mail goes once.
    """
    sent = failed = dropped = left = 0
    in_a_row = 0
    waiting = selectors.mail_waiting_list(before=timezone.now() - older_than, mails=mails)
    last_pk = 0
    # Batches by primary key rather than one open cursor, since every send writes to the table being read (SQLite gives
    # no isolation between the two); a row that failed is not read again in the same run.
    while batch := list(waiting.filter(pk__gt=last_pk).values_list("pk", "request_id")[:PENDING_BATCH_SIZE]):
        for pk, request_id in batch:
            if in_a_row >= FAILURES_IN_A_ROW:
                return MailReport(
                    sent=sent, failed=failed, dropped=dropped, left=left + waiting.filter(pk__gte=pk).count()
                )
            # The lines this mail's send logs carry the id of the request that queued it.
            with request_id_as(request_id):
                try:
                    outcome = mail_send(mail_id=pk)
                except MailServerError:
                    failed += 1
                    in_a_row += 1
                    continue
                except Exception:
                    logger.exception("Mail %s could not be sent; it stays pending.", pk)
                    failed += 1
                    continue
            in_a_row = 0
            sent += outcome == Outcome.SENT
            dropped += outcome == Outcome.DROPPED
            left += outcome == Outcome.SKIPPED
        last_pk = batch[-1][0]
    return MailReport(sent=sent, failed=failed, dropped=dropped, left=left)


@dataclass(frozen=True)
class SendAgainReport:
    queued: int
    # Sent or dropped already: left alone.
    done: int
    # Claimed by a worker right now.
    busy: int


@transaction.atomic
def mail_send_again(*, actor: activity.Actor, mails: QuerySet[Mail], via: str | None = None) -> SendAgainReport:
    """Hand the given waiting mails to the workers now (staff's 'Send again' after an outage): pending ones, and those
    whose claim outlived its lease. Sent and dropped mails are left alone, and so are those a worker holds."""
    selected = mails.count()
    now = timezone.now()
    waiting = selectors.mail_waiting_list(mails=Mail.objects.filter(pk__in=mails.values("pk")))
    # Locked until the commit: a worker claiming one of them meanwhile waits, then finds it pending and takes it.
    ids = list(waiting.select_for_update().values_list("pk", flat=True))
    for mail in Mail.objects.filter(pk__in=ids).order_by("pk"):
        after = {"state": Mail.State.PENDING, "claimed_at": None}
        activity.record(actor, "mail.send_again", mail, before=activity.values(mail, after), after=after, via=via)
    Mail.objects.filter(pk__in=ids).update(state=Mail.State.PENDING, claimed_at=None, updated_at=now)
    _mails_hand_over(mail_ids=ids)
    busy = mails.filter(state=Mail.State.SENDING).exclude(pk__in=ids).count()
    return SendAgainReport(queued=len(ids), done=selected - len(ids) - busy, busy=busy)


# ---- What visitors send us


def newsletter_subscribe(*, email: str) -> None:
    """A sign-up from the footer form (double opt-in): the address is mailed a link to confirm, and counts only once
    it is followed (newsletter_confirm).

    Whatever the address's state, the caller learns nothing of it (the view answers alike): unknown, it is stored
    pending; pending or unsubscribed, it is mailed the link again, at most once an hour (NEWSLETTER_CONFIRM_EVERY),
    and an unsubscribed address stays unsubscribed until its owner confirms; subscribed, nothing is mailed.
    """
    email = email.strip().lower()
    now = timezone.now()
    with transaction.atomic():
        signup = selectors.newsletter_signup_find(email=email)
        if signup is None:
            try:
                with transaction.atomic():
                    signup = NewsletterSignup.objects.create(email=email)
            except IntegrityError:
                # A second click raced this one between the look-up and the insert; the unique index caught it.
                signup = NewsletterSignup.objects.get(email=email)
        # Two clicks racing mail once: the row's lock orders them, and the second finds the first's mail.
        signup = NewsletterSignup.objects.select_for_update().get(pk=signup.pk)
        mailed = signup.confirmation_mailed_at
        if signup.subscribed or (mailed is not None and now - mailed < NEWSLETTER_CONFIRM_EVERY):
            return
        signup.confirmation_mailed_at = now
        signup.save(update_fields=["confirmation_mailed_at", "updated_at"])
        mail_queue(kind=mails.NEWSLETTER_CONFIRM, to=signup.email, context={"signup": signup.pk})


def newsletter_confirm(*, token: str) -> NewsletterSignup:
    """Subscribe the address a confirmation link names, and welcome it; again is no error. A link made before the
    address last unsubscribed, or older than mails.CONFIRM_LINK_AGE, or not signed by the shop, is refused."""
    found = mails.confirm_token_read(token)
    if found is None:
        raise InvalidConfirmationLink()
    signup_id, made_at = found
    with transaction.atomic():
        signup = NewsletterSignup.objects.select_for_update().filter(pk=signup_id).first()
        if signup is None or (signup.unsubscribed_at is not None and made_at <= signup.unsubscribed_at.timestamp()):
            raise InvalidConfirmationLink()
        if signup.subscribed:
            return signup
        now = timezone.now()
        signup.confirmed_at, signup.unsubscribed_at = now, None
        signup.save(update_fields=["confirmed_at", "unsubscribed_at", "updated_at"])
        mail_queue(kind=mails.NEWSLETTER_WELCOME, to=signup.email, context={"signup": signup.pk})
    return signup


def newsletter_unsubscribe(*, token: str) -> None:
    """Take the address a signed unsubscribe link names off the newsletter; doing it again is no error."""
    signup_id = mails.unsubscribe_token_read(token)
    if signup_id is None:
        raise InvalidUnsubscribeLink()
    # A signup staff deleted meanwhile is off the list already.
    NewsletterSignup.objects.filter(pk=signup_id, unsubscribed_at__isnull=True).update(
        unsubscribed_at=timezone.now(), updated_at=timezone.now()
    )


@transaction.atomic
def contact_message_create(*, name: str, email: str, message: str) -> ContactMessage:
    """Store a contact form message; it is mailed to the shop's inbox, replying to the sender, after the commit."""
    contact_message = ContactMessage.objects.create(name=name, email=email, message=message)
    mail_queue(
        kind=mails.CONTACT_MESSAGE,
        to=settings.SHOP_CONTACT_EMAIL,
        reply_to=email,
        context={"contact_message": contact_message.pk},
    )
    return contact_message


def address_forget(*, email: str) -> int:
    """A deleted account's address leaves the shop's mail: its newsletter signup, and the outbox's mails to it (sent
    or waiting: a waiting one would only be built for an account that is gone). How many rows went."""
    email = email.strip().lower()
    signups = NewsletterSignup.objects.filter(email=email).delete()[0]
    return signups + Mail.objects.filter(to__iexact=email).delete()[0]
