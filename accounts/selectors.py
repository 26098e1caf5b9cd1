"""Reads of users."""

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound

from .models import User


def user_list() -> QuerySet[User]:
    """Every user, newest first (the admin dashboard's Users table)."""
    return User.objects.all()


def user_get(*, user_id: int) -> User:
    try:
        return User.objects.get(pk=user_id)
    except User.DoesNotExist:
        raise NotFound("That user does not exist.") from None


def user_find_by_email(*, email: str) -> User | None:
    return User.objects.filter(email=User.objects.normalize_email(email)).first()
