"""The outbox of every mail the shop sends, and what visitors send us (newsletter signups, contact messages)."""

from django.db import models


class Mail(models.Model):
    """One mail to send: stored first, in the transaction of what caused it, then sent by a worker after the commit.

    It names the rows it is built from (ids and plain values in `context`, never a secret) and is built when it is
    sent, so a mail held back by an outage says what is true then.
    """

    class State(models.TextChoices):
        PENDING = "pending"
        # A worker claimed it at claimed_at; a claim older than the lease (mailing/services.py) is free again.
        SENDING = "sending"
        SENT = "sent"
        # It can never be built: what it names is gone, or the address unsubscribed. Never sent, never tried again.
        DROPPED = "dropped"

    # Which mail: the builder its app registered (mailing/kinds.py) and the templates it renders.
    kind = models.CharField(max_length=40)
    # As the mail's To and Reply-To headers take them: the shop's inbox may be "Name <address>".
    to = models.CharField(max_length=320)
    reply_to = models.CharField(max_length=320, blank=True)
    context = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    # Tries so far, each a conversation with the mail server; the last refusal's words are kept for staff.
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # The X-Request-ID of the request that queued it: its task's log lines carry it too.
    request_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The periodic resend's and the admin's look-up: what is still waiting, oldest first.
            models.Index(
                fields=["created_at"],
                condition=models.Q(state__in=["pending", "sending"]),
                name="mailing_mail_waiting",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to} ({self.state})"


class VisitorRecord(models.Model):
    """A row a visitor sent us; its mail is an outbox row of its own."""

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-id"]


class NewsletterSignup(VisitorRecord):
    """An address that asked for the newsletter through the footer form (double opt-in): it is mailed a link to
    confirm, and is subscribed only once that link was followed; then it gets the welcome mail."""

    # Stored lower-cased by the service, so this index also refuses the same address in another case.
    email = models.EmailField(max_length=254, unique=True)
    # When the address's owner followed the confirmation link; empty, the address is pending and gets no newsletter.
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # When the last confirmation mail was queued: at most one an hour to an address, whoever asks.
    confirmation_mailed_at = models.DateTimeField(null=True, blank=True)
    # Set by the mails' one-click unsubscribe: no newsletter mail is built for the address while it is set. Only a
    # confirmation link mailed after it clears it: signing up again alone does not.
    unsubscribed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.email

    @property
    def subscribed(self) -> bool:
        return self.confirmed_at is not None and self.unsubscribed_at is None


class ContactMessage(VisitorRecord):
    """A message sent through the contact form, forwarded to the shop's inbox."""

    name = models.CharField(max_length=80)
    # Kept as typed: it is where staff reply (the mail's Reply-To), not a key we look anything up by.
    email = models.EmailField(max_length=254)
    message = models.TextField()

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"
