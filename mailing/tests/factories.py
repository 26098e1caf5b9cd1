"""Factories for newsletter signups and contact messages."""

import factory

from mailing.models import ContactMessage, NewsletterSignup


class NewsletterSignupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = NewsletterSignup

    email = factory.Sequence(lambda n: f"reader{n}@sneakers.test")


class ContactMessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ContactMessage

    name = "Jane Runner"
    email = factory.Sequence(lambda n: f"writer{n}@sneakers.test")
    message = "My order arrived with two left shoes, can you help?"
