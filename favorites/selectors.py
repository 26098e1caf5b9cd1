"""Reads of favorites."""

from django.db.models import QuerySet

from .models import Favorite


def favorite_list(*, uid: str, shoe_id: int | None = None) -> QuerySet[Favorite]:
    """A user's favorites of shoes in the shop, newest first, each with its shoe as the catalogue shows it.

    A favorite of an archived shoe is kept, unseen, and shows again when the shoe is restored.
    """
    favorites = Favorite.objects.filter(user__uid=uid, shoe__archived_at__isnull=True)
    favorites = favorites.select_related("shoe__brand").prefetch_related("shoe__stock")
    return favorites.filter(shoe_id=shoe_id) if shoe_id is not None else favorites
