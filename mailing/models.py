"""Newsletter signups and contact messages: what visitors send us, kept before anything is mailed."""

from django.db import models


class MailedRecord(models.Model):
    """A row a visitor sent us, which the shop then mails."""

    # NULL until the mail went out; `manage.py send_pending_mail` retries those after a mail outage.
    mailed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-id"]


class NewsletterSignup(MailedRecord):
    """An address that asked for the newsletter through the footer form; it gets a welcome mail."""

    # Stored lower-cased by the service, so this index also refuses the same address in another case.
    email = models.EmailField(max_length=254, unique=True)

    def __str__(self) -> str:
        return self.email


class ContactMessage(MailedRecord):
    """A message sent through the contact form, forwarded to the shop's inbox."""

    name = models.CharField(max_length=80)
    # Kept as typed: it is where staff reply (the mail's Reply-To), not a key we look anything up by.
    email = models.EmailField(max_length=254)
    message = models.TextField()

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"
