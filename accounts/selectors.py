"""Reads of users and their favorites."""

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound

from .models import Favorite, User


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


def favorite_list(*, uid: str, shoe_id: int | None = None) -> QuerySet[Favorite]:
    """A user's favorites of shoes in the shop, newest first, each with its shoe as the catalogue shows it.

    A favorite of an archived shoe is kept, unseen, and shows again when the shoe is restored.
    """
    favorites = Favorite.objects.filter(user__uid=uid, shoe__archived_at__isnull=True)
    favorites = favorites.select_related("shoe__brand").prefetch_related("shoe__stock")
    return favorites.filter(shoe_id=shoe_id) if shoe_id is not None else favorites
