"""Reads of reviews."""

from django.db.models import QuerySet

from .errors import ReviewNotFound
from .models import Review


def review_list(*, shoe_id: int) -> QuerySet[Review]:
    """A shoe's reviews, newest first; one query, whoever wrote them (their identity never leaves the server)."""
    return Review.objects.filter(shoe_id=shoe_id)


def review_get(*, review_id: int) -> Review:
    try:
        return Review.objects.get(pk=review_id)
    except Review.DoesNotExist:
        raise ReviewNotFound() from None


def review_exists(*, user, shoe_id: int) -> bool:
    return Review.objects.filter(user=user, shoe_id=shoe_id).exists()
