"""Factories for users."""

import factory

from accounts.models import User

PASSWORD = "correct horse"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("email",)
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"user{n}@sneakers.test")
    email_verified = True
    password = factory.django.Password(PASSWORD)
