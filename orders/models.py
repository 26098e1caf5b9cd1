"""Orders and their lines: what a shopper bought, at what price, and where its payment stands."""

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from catalog.models import Shoe, StockEntry, size_label

from .carriers import tracking_url as carrier_tracking_url


def idempotency_token_new() -> str:
    return secrets.token_hex(12)


class PaymentState(models.TextChoices):
    """The money side of a paid order as shown; the order's payment field stays PAID through all of them, so a
    refunded or disputed order is still listed (docs/DESIGN.md §5)."""

    PAID = "Paid"
    PARTLY_REFUNDED = "Partly refunded"
    REFUNDED = "Refunded"
    DISPUTED = "Disputed"


@dataclass(frozen=True)
class ShippingAddress:
    """Where to ship an order: the payment form's address (serializers.AddressInput checks it with docs/PRODUCT.md
    §5's rules), kept on the order as its ship_* fields."""

    name: str
    state: str
    city: str
    line1: str
    postal_code: str
    # ISO 3166 alpha-2; settings.SHOP_COUNTRY when the form gives none.
    country: str = ""


# Stripe's statuses of a dispute that is over with the money back with the shop.
DISPUTE_SETTLED = {"won", "warning_closed"}


class Order(models.Model):
    """One checkout: stock reserved first, then charged, then paid (listed) or released (not listed)."""

    class Status(models.TextChoices):
        """Fulfilment, which an admin moves (docs/PRODUCT.md §4)."""

        PENDING = "Pending"
        # An admin handed it to a carrier (a Shipment); orders that never went through this step go Pending to
        # Received as before.
        SHIPPED = "Shipped"
        RECEIVED = "Received"
        # Given up by the shop: every pair not refunded before was refunded and put back in stock.
        CANCELLED = "Cancelled"

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
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.PENDING)
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
    # Where to ship, as the payment form gave it at the purchase (docs/PRODUCT.md §5's rules). The database's
    # default keeps orders of the release before this one valid while it migrates.
    ship_name = models.CharField("cardholder name", max_length=40, blank=True, db_default="")
    ship_state = models.CharField("state", max_length=40, blank=True, db_default="")
    ship_city = models.CharField("city", max_length=40, blank=True, db_default="")
    ship_line1 = models.CharField("line 1", max_length=16, blank=True, db_default="")
    ship_postal_code = models.CharField("postal code", max_length=16, blank=True, db_default="")
    ship_country = models.CharField("country", max_length=2, blank=True, default="", db_default="")
    # The price's parts, cents (docs/DESIGN.md §5, "Pricing"): amount = subtotal - discount + shipping_cost, plus tax
    # unless tax_included (then tax is the part of the rest that is tax). Orders of before these fields have 0s.
    subtotal = models.PositiveIntegerField(default=0, db_default=0)
    discount = models.PositiveIntegerField(default=0, db_default=0)
    shipping_cost = models.PositiveIntegerField(default=0, db_default=0)
    tax = models.PositiveIntegerField(default=0, db_default=0)
    tax_included = models.BooleanField(default=False, db_default=False)
    # The shipping method as the shopper chose it (its name and estimate then); blank when the shop had none.
    shipping_method = models.CharField(max_length=40, blank=True, default="", db_default="")
    shipping_estimate = models.CharField(max_length=80, blank=True, default="", db_default="")
    # The discount code applied, as the operator wrote it; blank when none.
    discount_code = models.CharField(max_length=40, blank=True, default="", db_default="")
    # Of refunded, the cents that were tax given back (the sales report's refunds are net of it).
    refunded_tax = models.PositiveIntegerField(default=0, db_default=0)
    # Cents given back, by the shop's refunds or in Stripe's dashboard (charge.refunded): never above amount.
    refunded = models.PositiveIntegerField(default=0, db_default=0)
    # The status of the card's last dispute (Stripe's: needs_response, under_review, won, lost...), blank if none.
    dispute = models.CharField(max_length=32, blank=True, db_default="")
    # When Stripe created the dispute event last applied (its `created`): an older one arriving late is not applied.
    dispute_event_at = models.DateTimeField(null=True, blank=True)
    # What a person must look at before this order is settled: a payment_intent.succeeded whose amount or currency
    # is not the order's. Such an order is neither paid by the event nor released by the stale job.
    payment_problem = models.CharField(max_length=255, blank=True, db_default="")
    # While set and in the future, one request is charging this order; another with the same payment
    # method waits its turn. A crash mid-charge leaves it to expire instead of blocking the order for ever.
    charging_until = models.DateTimeField(null=True, blank=True)
    # Its confirmation mail is a row of the outbox (mailing.Mail), queued in the transaction that marks it paid.
    paid_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # When an admin marked it Received (the returns window counts from it; docs/DESIGN.md §5, "Fulfilment").
    received_at = models.DateTimeField(null=True, blank=True)

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
            models.CheckConstraint(condition=Q(refunded__lte=F("amount")), name="orders_order_refund_within_amount"),
        ]
        indexes = [
            models.Index(fields=["user", "payment", "-created_at"], name="orders_order_user_listed"),
            models.Index(fields=["payment", "-created_at"], name="orders_order_listed"),
        ]

    def __str__(self) -> str:
        return self.payment_intent_id or f"Order {self.pk}"

    @property
    def payment_state(self) -> str:
        """What the shopper and the admins read of the money of a paid order (docs/DESIGN.md §5)."""
        if self.dispute and self.dispute not in DISPUTE_SETTLED:
            return PaymentState.DISPUTED
        if self.refunded and self.refunded >= self.amount:
            return PaymentState.REFUNDED
        if self.refunded:
            return PaymentState.PARTLY_REFUNDED
        return PaymentState.PAID

    @property
    def address(self) -> ShippingAddress:
        return ShippingAddress(
            name=self.ship_name,
            state=self.ship_state,
            city=self.ship_city,
            line1=self.ship_line1,
            postal_code=self.ship_postal_code,
            country=self.ship_country,
        )

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
    # Pairs of this line the shop refunded and put back in stock.
    refunded_quantity = models.PositiveIntegerField(default=0, db_default=0)
    # Cents, for all its pairs: its share of the order's discount, and its tax (added, or included in its price).
    discount = models.PositiveIntegerField(default=0, db_default=0)
    tax = models.PositiveIntegerField(default=0, db_default=0)

    class Meta:
        ordering = ["order_id", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(quantity__gt=0), name="orders_line_quantity_positive"),
            models.CheckConstraint(
                condition=Q(refunded_quantity__lte=F("quantity")), name="orders_line_refund_within_quantity"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.name} size {self.size_label}"

    @property
    def size_label(self) -> str:
        return size_label(self.size)


class Refund(models.Model):
    """Money the shop gave back on an order through the gateway, with the pairs it put back in stock."""

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="refunds")
    # Cents.
    amount = models.PositiveIntegerField()
    # {line id: pairs} put back in stock.
    pairs = models.JSONField(default=dict)
    # The gateway's refund; its idempotency key is the order's prefix and this row's place among its refunds.
    refund_id = models.CharField(max_length=255, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Refund of ${self.amount / 100:,.2f} on {self.order}"


class Shipment(models.Model):
    """A parcel an admin handed to a carrier: the order itself, or the new size of an exchange (at no charge)."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="shipments")
    # A code of orders/carriers.py's table.
    carrier = models.CharField(max_length=16)
    tracking_number = models.CharField(max_length=40)
    shipped_at = models.DateTimeField(auto_now_add=True)
    # The new size of a return's exchange, not the order's own pairs.
    exchange = models.BooleanField(default=False)

    class Meta:
        ordering = ["order_id", "shipped_at", "id"]

    def __str__(self) -> str:
        return f"{self.carrier} {self.tracking_number}"

    @property
    def tracking_url(self) -> str:
        return carrier_tracking_url(carrier=self.carrier, number=self.tracking_number)


class ReturnRequest(models.Model):
    """Pairs of a shipped or received order its buyer asked to return, for a refund or another size of the same shoe
    (docs/DESIGN.md §5, "Returns and exchanges")."""

    class Reason(models.TextChoices):
        TOO_SMALL = "too_small", "Too small"
        TOO_BIG = "too_big", "Too big"
        DEFECT = "defect", "Defect"
        OTHER = "other", "Other"

    class Kind(models.TextChoices):
        REFUND = "refund", "Refund"
        EXCHANGE = "exchange", "Exchange"

    class Status(models.TextChoices):
        REQUESTED = "Requested"
        RECEIVED = "Received"
        REFUNDED = "Refunded"
        EXCHANGE_SHIPPED = "Exchange shipped"
        REFUSED = "Refused"

    OPEN = (Status.REQUESTED, Status.RECEIVED)

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="returns")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REQUESTED)
    # An exchange's new size, and the stock row its pairs are held from (taken when asked, put back when refused).
    exchange_size = models.DecimalField(max_digits=3, decimal_places=1, null=True, blank=True)
    exchange_entry = models.ForeignKey(StockEntry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # The parcel of an exchange's new size.
    shipment = models.ForeignKey(Shipment, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "-created_at"], name="orders_return_open")]

    def __str__(self) -> str:
        return f"Return {self.pk} of {self.order}"


class ReturnPair(models.Model):
    """One pair of an order's line in a return: its number among the line's pairs is taken once, ever."""

    request = models.ForeignKey(ReturnRequest, on_delete=models.CASCADE, related_name="pairs")
    line = models.ForeignKey(OrderLine, on_delete=models.PROTECT, related_name="+")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["request_id", "line_id", "number"]
        constraints = [models.UniqueConstraint(fields=["line", "number"], name="orders_return_pair_once")]

    def __str__(self) -> str:
        return f"Pair {self.number} of line {self.line_id}"


class WebhookEvent(models.Model):
    """A Stripe event as it arrived (or as the test gateway emitted it): stored once by its id, so a replay is
    recognised and ignored, and handled by a Celery task (orders/tasks.py)."""

    event_id = models.CharField(max_length=255, unique=True)
    type = models.CharField(max_length=64)
    payload = models.JSONField()
    received_at = models.DateTimeField(auto_now_add=True)
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return f"{self.type} {self.event_id}"


class TestPaymentIntent(models.Model):
    """A payment intent of the test gateway (orders/payments/test.py): what Stripe would keep."""

    __test__ = False  # a model, not a pytest test class

    class Status(models.TextChoices):
        REQUIRES_CONFIRMATION = "requires_confirmation"
        REQUIRES_ACTION = "requires_action"
        # Authorised, not charged (capture_manual): Stripe's requires_capture.
        REQUIRES_CAPTURE = "requires_capture"
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
    # Stripe's capture_method=manual: the confirm authorises, a capture charges (a release's draw).
    capture_manual = models.BooleanField(default=False, db_default=False)
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.REQUIRES_CONFIRMATION)
    decline_message = models.CharField(max_length=255, blank=True)
    # Cents given back by refunds, as a Stripe charge's amount_refunded.
    amount_refunded = models.PositiveIntegerField(default=0, db_default=0)
    # The idempotency keys of its refunds: the same key again gives the first refund, as Stripe's idempotency does.
    refund_keys = models.JSONField(default=list, db_default=[])
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.intent_id} ({self.status})"


# The shoppers' address books and the pricing tables are models of this app too.
from .address_book import SavedAddress  # noqa: E402
from .pricing_tables import DiscountCode, DiscountUse, ShippingMethod, TaxRate  # noqa: E402

__all__ = [
    "DiscountCode", "DiscountUse", "Order", "OrderLine", "PaymentState", "Refund", "ReturnPair", "ReturnRequest",
    "SavedAddress", "Shipment", "ShippingAddress", "ShippingMethod", "TaxRate", "TestPaymentIntent", "WebhookEvent",
]  # fmt: skip
