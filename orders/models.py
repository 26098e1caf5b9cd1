"""Orders and their lines: what a shopper bought, at what price, and where its payment stands."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from catalog.models import Shoe, StockEntry, size_label


def idempotency_token_new() -> str:
    return secrets.token_hex(12)


class Order(models.Model):
    """One checkout: stock reserved first, then charged, then paid (listed) or released (not listed)."""

    class Status(models.TextChoices):
        """Fulfilment, which an admin moves (docs/PRODUCT.md §4)."""

        PENDING = "Pending"
        RECEIVED = "Received"

    class Payment(models.TextChoices):
        """Where the money stands; only PAID orders are shown anywhere (docs/DESIGN.md §5)."""

        # Stock is held for this order while its charge is under way.
        RESERVED = "reserved"
        # The bank asked for 3-D Secure; the stock stays held until the browser confirms again.
        REQUIRES_ACTION = "requires_action"
        PAID = "paid"
        # The card was declined; the stock went back.
        DECLINED = "declined"
        # Given up (the gateway failed before charging, or the reservation went stale); the stock went back.
        RELEASED = "released"

    # PROTECT: an order is a record of a sale; an account with orders is eliminated, never deleted.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="orders")
    # The address the confirmation went to, as it was at the time of the purchase.
    email = models.EmailField(max_length=254)
    # Integer cents, priced by the server from the catalogue.
    amount = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    payment = models.CharField(max_length=16, choices=Payment.choices, default=Payment.RESERVED)
    # The browser's payment method: the same one sent again is the same checkout, never a second charge.
    payment_method_id = models.CharField(max_length=255)
    # The gateway's PaymentIntent: the spec's idPayment, in /order/{idPayment}.
    payment_intent_id = models.CharField(max_length=255, blank=True)
    # Bumped each time the browser comes back from 3-D Secure, so each confirm gets its own idempotency key.
    confirmations = models.PositiveSmallIntegerField(default=0)
    # Random, in every idempotency key of the order's calls to the card service: a database restored from a
    # backup gives the ids of lost orders out again, and Stripe would answer a new order's key with a lost one's
    # payment (it keeps keys for a day). The database's own default lets the code of the release before this
    # field still insert orders while a release migrates.
    idempotency_token = models.CharField(max_length=24, default=idempotency_token_new, db_default="", editable=False)
    decline_message = models.CharField(max_length=255, blank=True)
    # While set and in the future, one request is charging this order; another with the same payment
    # method waits its turn. A crash mid-charge leaves it to expire instead of blocking the order for ever.
    charging_until = models.DateTimeField(null=True, blank=True)
    # Its confirmation mail is a row of the outbox (mailing.Mail), queued in the transaction that marks it paid.
    paid_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # A released checkout may be tried again with the same payment method; any other may not.
            models.UniqueConstraint(
                fields=["payment_method_id"],
                condition=~Q(payment="released"),
                name="orders_order_one_live_checkout_per_payment_method",
            ),
            models.UniqueConstraint(
                fields=["payment_intent_id"],
                condition=~Q(payment_intent_id=""),
                name="orders_order_payment_intent_unique",
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="orders_order_amount_positive"),
        ]
        indexes = [
            models.Index(fields=["user", "payment", "-created_at"], name="orders_order_user_listed"),
            models.Index(fields=["payment", "-created_at"], name="orders_order_listed"),
        ]

    def __str__(self) -> str:
        return self.payment_intent_id or f"Order {self.pk}"

    @property
    def idempotency_prefix(self) -> str:
        """What the keys of this order's payment calls start with: the shop's prefix, the order and its token."""
        return f"{settings.SHOP_IDEMPOTENCY_PREFIX}-order-{self.pk}-{self.idempotency_token}"


class OrderLine(models.Model):
    """A shoe and size of an order, with the name and price it had when it was bought."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="lines")
    # SET_NULL: the order stays a true record of the sale after the shoe leaves the catalogue.
    shoe = models.ForeignKey(Shoe, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # Where a released reservation puts its pairs back.
    stock_entry = models.ForeignKey(StockEntry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    name = models.CharField(max_length=40)
    brand = models.CharField(max_length=40)
    size = models.DecimalField(max_digits=3, decimal_places=1)
    quantity = models.PositiveIntegerField()
    # Integer cents, each.
    unit_price = models.PositiveIntegerField()

    class Meta:
        ordering = ["order_id", "id"]
        constraints = [models.CheckConstraint(condition=Q(quantity__gt=0), name="orders_line_quantity_positive")]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.name} size {self.size_label}"

    @property
    def size_label(self) -> str:
        return size_label(self.size)


class TestPaymentIntent(models.Model):
    """A payment intent of the test gateway (orders/payments/test.py): what Stripe would keep."""

    __test__ = False  # a model, not a pytest test class

    class Status(models.TextChoices):
        REQUIRES_CONFIRMATION = "requires_confirmation"
        REQUIRES_ACTION = "requires_action"
        SUCCEEDED = "succeeded"
        DECLINED = "declined"
        CANCELED = "canceled"

    intent_id = models.CharField(max_length=64, unique=True)
    client_secret = models.CharField(max_length=128)
    # The creation's idempotency key: the same key gives the same intent.
    idempotency_key = models.CharField(max_length=255, unique=True)
    # Given by the first confirm.
    payment_method_id = models.CharField(max_length=255, blank=True)
    amount = models.PositiveIntegerField()
    currency = models.CharField(max_length=3)
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.REQUIRES_CONFIRMATION)
    decline_message = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.intent_id} ({self.status})"
