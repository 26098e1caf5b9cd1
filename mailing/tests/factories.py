"""Factories for outbox mails, newsletter signups and contact messages."""

import factory
from django.utils import timezone

from mailing.models import ContactMessage, Mail, NewsletterSignup


class NewsletterSignupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = NewsletterSignup

    email = factory.Sequence(lambda n: f"reader{n}@sneakers.test")
    # A subscriber who followed the confirmation link; confirmed_at=None for one still pending.
    confirmed_at = factory.LazyFunction(timezone.now)


class ContactMessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ContactMessage

    name = "Jane Runner"
    email = factory.Sequence(lambda n: f"writer{n}@sneakers.test")
    message = "My order arrived with two left shoes, can you help?"


class MailFactory(factory.django.DjangoModelFactory):
    """A newsletter welcome waiting in the outbox, for a signup of its own."""

    class Meta:
        model = Mail

    class Params:
        signup = factory.SubFactory(NewsletterSignupFactory)

    kind = "newsletter_welcome"
    to = factory.LazyAttribute(lambda mail: mail.signup.email)
    context = factory.LazyAttribute(lambda mail: {"signup": mail.signup.pk})
