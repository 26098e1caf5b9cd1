"""Writes of the mailing app: store what visitors send first, then mail it once the row is committed."""

import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.template.loader import render_to_string
from django.utils import timezone

from . import selectors
from .models import ContactMessage, NewsletterSignup

logger = logging.getLogger(__name__)

# Rows read at a time when sending what is pending, so a long outage's backlog is never all in memory.
PENDING_BATCH_SIZE = 100


@dataclass(frozen=True)
class MailReport:
    """How many mails of one run went out and how many failed (those stay pending)."""

    sent: int = 0
    failed: int = 0

    def __add__(self, other: "MailReport") -> "MailReport":
        return MailReport(sent=self.sent + other.sent, failed=self.failed + other.failed)


def mail_send(*, template: str, context: dict, to: list[str], reply_to: list[str] | None = None) -> None:
    """Send mail/<template>_subject.txt and mail/<template>.txt; the mail server's errors (OSError) propagate."""
    context = {"shop_name": settings.SHOP_NAME, **context}
    # A subject is one header line: a line break typed into the contact form must not reach it.
    subject = " ".join(render_to_string(f"mail/{template}_subject.txt", context).split())
    body = render_to_string(f"mail/{template}.txt", context)
    # The mail server's waits are bounded by EMAIL_TIMEOUT (settings.py): these mails go out while a request waits.
    EmailMessage(subject, body, to=to, reply_to=reply_to).send()


def _mailed_mark(row: NewsletterSignup | ContactMessage) -> None:
    now = timezone.now()
    # update(), not save(): staff may have deleted the row meanwhile, and then there is nothing to mark.
    type(row).objects.filter(pk=row.pk).update(mailed_at=now, updated_at=now)
    row.mailed_at = row.updated_at = now


@transaction.atomic
def newsletter_subscribe(*, email: str) -> tuple[NewsletterSignup, bool]:
    """Sign an address up, once whatever its case; return the signup and whether it is new.

    Only a new signup gets the welcome mail, sent once the row is committed.
    """
    email = email.strip().lower()
    signup = selectors.newsletter_signup_find(email=email)
    if signup is not None:
        return signup, False
    try:
        with transaction.atomic():
            signup = NewsletterSignup.objects.create(email=email)
    except IntegrityError:
        # A second click raced this one between the look-up and the insert; the unique index caught it.
        return NewsletterSignup.objects.get(email=email), False

    def welcome() -> None:
        newsletter_welcome_send(signup=signup)

    # robust: an unexpected error of the mail code is logged and the visitor still hears thanks. The
    # callback is a named function, not a partial, because Django names it in that log line.
    transaction.on_commit(welcome, robust=True)
    return signup, True


@transaction.atomic
def contact_message_create(*, name: str, email: str, message: str) -> ContactMessage:
    """Store a contact form message; it is mailed to the shop's inbox once the row is committed."""
    contact_message = ContactMessage.objects.create(name=name, email=email, message=message)

    def forward() -> None:
        contact_message_send(contact_message=contact_message)

    # robust, as for the newsletter: whatever the mail code does, the message is stored and answered.
    transaction.on_commit(forward, robust=True)
    return contact_message


def newsletter_welcome_send(*, signup: NewsletterSignup) -> bool:
    """Mail the welcome to a subscriber; True if it went out, False (logged, left pending) if not."""
    try:
        mail_send(template="newsletter_welcome", context={"email": signup.email}, to=[signup.email])
    except OSError:
        # smtplib's errors, refused connections and timeouts are all OSErrors: the mail server is down.
        logger.exception("Newsletter signup %s: the welcome mail was not sent; it stays pending.", signup.pk)
        return False
    _mailed_mark(signup)
    return True


def contact_message_send(*, contact_message: ContactMessage) -> bool:
    """Mail a contact message to the shop's inbox, replying to the sender; True if it went out."""
    context = {
        "name": contact_message.name,
        "email": contact_message.email,
        "message": contact_message.message,
        "created_at": contact_message.created_at,
    }
    try:
        mail_send(
            template="contact_message",
            context=context,
            to=[settings.SHOP_CONTACT_EMAIL],
            reply_to=[contact_message.email],
        )
    except OSError:
        # smtplib's errors, refused connections and timeouts are all OSErrors: the mail server is down.
        logger.exception("Contact message %s was not mailed to the shop; it stays pending.", contact_message.pk)
        return False
    _mailed_mark(contact_message)
    return True


def _send_each(rows: QuerySet, send: Callable) -> MailReport:
    sent = failed = 0
    last_pk = 0
    # Batches by primary key rather than one open cursor, since every send writes to the table being read
    # (SQLite gives no isolation between the two); a row that failed is not read again in the same run.
    while batch := list(rows.filter(pk__gt=last_pk)[:PENDING_BATCH_SIZE]):
        for row in batch:
            if send(row):
                sent += 1
            else:
                failed += 1
        last_pk = batch[-1].pk
    return MailReport(sent=sent, failed=failed)


def newsletter_welcome_send_pending(*, signups: QuerySet[NewsletterSignup] | None = None) -> MailReport:
    """Send the welcome mails that have not gone out, of every signup or of those given."""
    return _send_each(
        selectors.newsletter_signup_unmailed_list(signups=signups),
        lambda signup: newsletter_welcome_send(signup=signup),
    )


def contact_message_send_pending(*, contact_messages: QuerySet[ContactMessage] | None = None) -> MailReport:
    """Mail the contact messages that have not reached the shop's inbox, all or those given."""
    return _send_each(
        selectors.contact_message_unmailed_list(contact_messages=contact_messages),
        lambda contact_message: contact_message_send(contact_message=contact_message),
    )
