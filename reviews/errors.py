"""Errors of the review rules (docs/PRODUCT.md §5)."""

from rest_framework import status

from shopsite.errors import Conflict, NotFound, ShopError


class NotABuyer(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "not_a_buyer"
    message = "You haven't bought these yet"


class NotYourReview(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "not_your_review"
    message = "Only its author may change or delete a review."


class AlreadyReviewed(Conflict):
    code = "already_reviewed"
    message = "You already reviewed these shoes; edit your review instead."


class ReviewNotFound(NotFound):
    message = "There is no such review."
