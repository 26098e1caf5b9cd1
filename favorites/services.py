"""Writes of favorites: a user keeps a shoe, once, and takes it off."""

from django.db import IntegrityError, transaction

from accounts.models import User
from catalog.models import Shoe

from .models import Favorite


def favorite_add(*, user: User, shoe: Shoe) -> tuple[Favorite, bool]:
    """Keep a shoe on the user's favorites, once; return the favorite and whether it is new."""
    try:
        with transaction.atomic():
            return Favorite.objects.create(user=user, shoe=shoe), True
    except IntegrityError:
        # Already a favorite (a second click, or another tab): the one kept is the answer.
        favorite = Favorite.objects.get(user=user, shoe=shoe)
        # The shoe as the caller fetched it (its answer shows it), not fetched again.
        favorite.shoe = shoe
        return favorite, False


def favorite_remove(*, user: User, shoe_id: int) -> None:
    """Take a shoe off the user's favorites; one that was not there is no error."""
    Favorite.objects.filter(user=user, shoe_id=shoe_id).delete()


def favorites_remove_all(*, user: User) -> int:
    """Take every shoe off the user's favorites (a deleted account); how many there were."""
    return Favorite.objects.filter(user=user).delete()[0]
