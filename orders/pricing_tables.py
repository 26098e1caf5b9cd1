"""The operator's pricing tables (docs/DESIGN.md §5, "Pricing"): discount codes and their uses, shipping methods and
tax rates. orders.models imports them, so they are the orders app's models."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower

from catalog.models import Brand, Shoe

from .pricing import CodeKind, region_valid


class DiscountCode(models.Model):
    """A code a shopper types on the cart: percent or fixed cents off the shoes it covers."""

    class Kind(models.TextChoices):
        PERCENT = CodeKind.PERCENT, "Percent"
        FIXED = CodeKind.FIXED, "Fixed amount"

    # Matched whatever its case; kept as the operator typed it.
    code = models.CharField(max_length=40)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PERCENT)
    # Whole percent (1 to 100) for percent codes, cents for fixed ones.
    value = models.PositiveIntegerField(validators=[MinValueValidator(1)])
    # Cents the cart's subtotal must reach.
    min_subtotal = models.PositiveIntegerField(default=0)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    # Uses in all, counted when an order is reserved and given back when its payment fails; blank: no cap.
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    once_per_customer = models.BooleanField(default=False)
    # None of either: the whole shop. Otherwise the shoes of these brands and these shoes.
    brands = models.ManyToManyField(Brand, blank=True, related_name="+")
    shoes = models.ManyToManyField(Shoe, blank=True, related_name="+")
    # Off shoes already at a sale price too.
    combines_with_sale = models.BooleanField(default=True)
    uses = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["code"]
        constraints = [
            models.UniqueConstraint(Lower("code"), name="orders_discountcode_code_ci_unique"),
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(uses__lte=F("max_uses")), name="orders_discountcode_uses_cap"
            ),
            models.CheckConstraint(
                condition=~Q(kind="percent") | Q(value__lte=100), name="orders_discountcode_percent_at_most_100"
            ),
        ]

    def __str__(self) -> str:
        return self.code


class DiscountUse(models.Model):
    """A code's use by an order; deleted (and the code's count given back) when the order's payment fails."""

    code = models.ForeignKey(DiscountCode, on_delete=models.PROTECT, related_name="uses_made")
    order = models.OneToOneField("orders.Order", on_delete=models.CASCADE, related_name="discount_use")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The code's rule when it was used: a customer's second use of a once-per-customer code is refused by the table.
    once_per_customer = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["code", "user"],
                condition=Q(once_per_customer=True),
                name="orders_discountuse_once_per_customer",
            )
        ]

    def __str__(self) -> str:
        return f"{self.code} on order {self.order_id}"


class ShippingMethod(models.Model):
    """A way to ship an order, offered on the cart to the addresses its regions cover."""

    name = models.CharField(max_length=40)
    # Cents.
    price = models.PositiveIntegerField()
    # What the shopper is told of the delivery, as "3 to 5 business days".
    estimate = models.CharField(max_length=80, blank=True)
    # Free when the goods after the discount reach this many cents; blank: never free.
    free_above = models.PositiveIntegerField(null=True, blank=True)
    # Countries ("DE") and US states ("US-CA") served; empty: everywhere.
    regions = models.JSONField(default=list, blank=True)
    active = models.BooleanField(default=True)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "price", "id"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        regions = self.regions if isinstance(self.regions, list) else None
        if regions is None or not all(isinstance(region, str) and region_valid(region) for region in regions):
            raise ValidationError({"regions": 'A list of countries and US states, as ["US-CA", "DE"].'})


class TaxRate(models.Model):
    """Sales tax or VAT by destination: a country, or one US state (by its USPS code or its name)."""

    country = models.CharField(max_length=2, help_text="ISO 3166 alpha-2, as US or DE.")
    state = models.CharField(max_length=40, blank=True, help_text="Blank for the whole country.")
    # Percent, 7.25 for 7.25 %.
    rate = models.DecimalField(
        max_digits=6, decimal_places=3, validators=[MinValueValidator(0), MaxValueValidator(100)]
    )
    applies_to_shipping = models.BooleanField(default=False)

    class Meta:
        ordering = ["country", "state"]
        constraints = [
            models.UniqueConstraint(Lower("country"), Lower("state"), name="orders_taxrate_place_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.country}{'-' + self.state if self.state else ''} {self.rate}%"
