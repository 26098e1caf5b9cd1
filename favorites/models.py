"""A user's favorite shoes."""

from django.conf import settings
from django.db import models


class Favorite(models.Model):
    """A shoe a user keeps on their /favorites page."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="favorites")
    # A shoe leaving the catalogue leaves every favorites page with it.
    shoe = models.ForeignKey("catalog.Shoe", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # The table the accounts app made, before favorites had an app of their own.
        db_table = "accounts_favorite"
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "shoe"], name="accounts_favorite_once_per_shoe")]

    def __str__(self) -> str:
        return f"{self.user} likes {self.shoe_id}"
