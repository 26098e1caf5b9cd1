"""The shopper's address book (docs/DESIGN.md §5, "The address book"): addresses kept to pay with again.
orders.models imports it, so SavedAddress is a model of the orders app."""

from django.conf import settings
from django.db import models
from django.db.models import Q

# Addresses one shopper may keep: a home, a work, a few friends'; the payment form's picker stays short.
MAX_SAVED_ADDRESSES = 10


class SavedAddress(models.Model):
    """An address the shopper keeps, with the fields and rules of the payment form's (serializers.AddressInput)."""

    # CASCADE: an address is the person's, never the shop's record of a sale (an order keeps its own copy).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_addresses")
    name = models.CharField("cardholder name", max_length=40)
    state = models.CharField(max_length=40)
    city = models.CharField(max_length=40)
    line1 = models.CharField("line 1", max_length=16)
    postal_code = models.CharField(max_length=16)
    # ISO 3166 alpha-2, as the order's ship_country.
    country = models.CharField(max_length=2)
    # The one the payment form starts with: exactly one of a non-empty book (services/addresses.py keeps it so).
    is_default = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-is_default", "-created_at", "-id"]
        verbose_name_plural = "saved addresses"
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=Q(is_default=True), name="orders_saved_address_one_default"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name}, {self.line1}, {self.city}"
