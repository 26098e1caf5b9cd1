"""Reads of the mailing app: what is still waiting to be mailed."""

from django.db.models import QuerySet

from .models import ContactMessage, NewsletterSignup


def newsletter_signup_unmailed_list(*, signups: QuerySet[NewsletterSignup] | None = None) -> QuerySet[NewsletterSignup]:
    """Signups (all, or those given) whose welcome mail has not gone out, oldest first."""
    signups = NewsletterSignup.objects.all() if signups is None else signups
    return signups.filter(mailed_at__isnull=True).order_by("pk")


def contact_message_unmailed_list(
    *, contact_messages: QuerySet[ContactMessage] | None = None
) -> QuerySet[ContactMessage]:
    """Contact messages (all, or those given) that have not reached the shop's inbox, oldest first."""
    contact_messages = ContactMessage.objects.all() if contact_messages is None else contact_messages
    return contact_messages.filter(mailed_at__isnull=True).order_by("pk")


def newsletter_signup_find(*, email: str) -> NewsletterSignup | None:
    """The signup of an address already lower-cased, as signups are stored."""
    return NewsletterSignup.objects.filter(email=email).first()
