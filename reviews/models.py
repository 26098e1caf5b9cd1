"""Reviews: what a verified buyer says of a shoe, with 1 to 5 stars."""

from django.conf import settings
from django.db import models
from django.db.models import Q

MAX_RATING = 5
MAX_LENGTH = 1000


class Review(models.Model):
    """One buyer's word on one shoe; they may edit or delete it, nobody else."""

    # CASCADE: accounts are eliminated, never deleted; a deleted one (staff, by hand) takes its words along.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews")
    shoe = models.ForeignKey("catalog.Shoe", on_delete=models.CASCADE, related_name="reviews")
    text = models.CharField(max_length=MAX_LENGTH)
    rating = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "shoe"], name="reviews_one_per_buyer_and_shoe"),
            models.CheckConstraint(
                condition=Q(rating__gte=1, rating__lte=MAX_RATING), name="reviews_rating_one_to_five"
            ),
        ]
        indexes = [models.Index(fields=["shoe", "-created_at"], name="reviews_of_a_shoe")]

    def __str__(self) -> str:
        return f"{self.rating}* on {self.shoe_id} by {self.user_id}"
