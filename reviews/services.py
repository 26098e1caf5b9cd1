"""Writes of reviews: only verified buyers write, only authors change; the shoe's rating moves with them."""

from django.db import IntegrityError, transaction

from accounts.models import User
from catalog.models import Shoe
from catalog.services import shoe_rating_add
from orders.selectors import shoe_received_by

from .errors import AlreadyReviewed, NotABuyer, NotYourReview
from .models import Review


def review_create(*, user: User, shoe: Shoe, text: str, rating: int) -> Review:
    """A buyer's review: they need an order of this shoe that reached them (Received), and write one per shoe."""
    if not shoe_received_by(user=user, shoe_id=shoe.pk):
        raise NotABuyer()
    try:
        with transaction.atomic():
            review = Review.objects.create(user=user, shoe=shoe, text=text, rating=rating)
            shoe_rating_add(shoe_id=shoe.pk, reviews=1, stars=rating)
    except IntegrityError:
        raise AlreadyReviewed() from None
    return review


def _author_check(*, review: Review, user: User) -> None:
    # Administrators included: a review is its buyer's word, and the shop does not edit it.
    if review.user_id != user.pk:
        raise NotYourReview()


def _locked(review: Review) -> Review:
    # The shoe's total moves by the difference from the stored rating: read it where no other edit can change it.
    return Review.objects.select_for_update().get(pk=review.pk)


@transaction.atomic
def review_update(*, review: Review, user: User, text: str, rating: int | None = None) -> Review:
    _author_check(review=review, user=user)
    review = _locked(review)
    rating = review.rating if rating is None else rating
    shoe_rating_add(shoe_id=review.shoe_id, reviews=0, stars=rating - review.rating)
    review.text, review.rating = text, rating
    review.save(update_fields=["text", "rating", "updated_at"])
    return review


@transaction.atomic
def review_delete(*, review: Review, user: User) -> None:
    _author_check(review=review, user=user)
    review = _locked(review)
    review.delete()
    shoe_rating_add(shoe_id=review.shoe_id, reviews=-1, stars=-review.rating)
