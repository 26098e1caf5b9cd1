"""Brands, shoes and stock: what the shop sells and how many pairs of each size it holds."""

from decimal import Decimal
from functools import lru_cache

from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower


def shoe_image_upload_to(shoe: "Shoe", filename: str) -> str:
    # The file name is already a random one made by shopsite.images.
    return f"shoes/{filename}"


class Brand(models.Model):
    name = models.CharField(max_length=40)
    # The brand's own size guide (issue 31): rows {us, uk, eu, cm} in catalog/size_guides.py's normal form, checked
    # there by every writer. Empty: the brand uses the shop's chart. A column rather than a table of rows: the guide is
    # read and written whole, is small (catalog.size_guides.MAX_ROWS), and no query ever looks inside it.
    size_guide = models.JSONField(default=list, db_default=[], blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            # /colletions/{brand} finds a brand by name whatever its case, so two may not differ by case.
            models.UniqueConstraint(Lower("name"), name="catalog_brand_name_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.name


# A shoe in the shop: every shopper's list, search and page reads only these, and the list indexes hold only these.
IN_SHOP = Q(archived_at__isnull=True)


class ShoeQuerySet(models.QuerySet):
    def in_shop(self) -> "ShoeQuerySet":
        return self.filter(IN_SHOP)

    def archived(self) -> "ShoeQuerySet":
        return self.exclude(IN_SHOP)


class Shoe(models.Model):
    name = models.CharField(max_length=40)
    # PROTECT: deleting a brand must never take its shoes (and their order history) with it.
    brand = models.ForeignKey(Brand, on_delete=models.PROTECT, related_name="shoes")
    # Blank means the shop's placeholder picture is shown.
    image = models.ImageField(upload_to=shoe_image_upload_to, blank=True)
    # {"for": the picture's name, "width", "height": its size, "widths": the widths it is also stored at}, set by
    # catalog.services.picture_sizes_make once the smaller copies are stored. Read only while "for" names the shoe's
    # picture: a new picture (a form, an import) is shown at its own size until its copies are made.
    image_sizes = models.JSONField(default=dict, blank=True)
    description = models.TextField()
    color = models.CharField(max_length=40)
    # Dollars; orders keep integer cents.
    price = models.DecimalField(max_digits=8, decimal_places=2)
    on_sale = models.BooleanField(default=False)
    # Dollars, below the price: what the shoe sells for while on_sale (price_now). on_sale stays the spec's switch (the
    # sale page, the carousel, the ON SALE tag); a shoe on sale without one sells at its price.
    sale_price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    # The lowest price it sold for in the 30 days before its current reduction started (the EU Omnibus rule,
    # docs/DESIGN.md): set from its PriceChange rows as a reduction starts (catalog.services.price_changes_record);
    # read only while it is reduced.
    lowest_prior_price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True, editable=False)
    # Kept by the reviews app as reviews come and go, so every shoe answer shows its rating without
    # reading the reviews.
    review_count = models.PositiveIntegerField(default=0)
    rating_total = models.PositiveIntegerField(default=0)
    # Set when an admin deletes a shoe that customers' orders, reviews or favorites point at: rather than take
    # their history with it, the shoe leaves the shop (lists, search, its page, carts, favorites) and stays for
    # the orders and reviews, until an admin restores it (NULL again). A shoe nobody points at is deleted.
    archived_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ShoeQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(price__gt=0), name="catalog_shoe_price_positive"),
            models.CheckConstraint(
                condition=Q(sale_price__isnull=True) | Q(sale_price__gt=0, sale_price__lt=F("price")),
                name="catalog_shoe_sale_price_below_price",
                violation_error_message="The sale price must be below the price",
            ),
        ]
        indexes = [
            # Each page of a list is read off one of these in order, instead of sorting the whole table: the
            # catalogue newest first, a brand's collection (see ShoeFilter.filter_brand) newest or cheapest first,
            # the sale cheapest first, and the price sorts (ties, newest first, are sorted within each price).
            # Partial, of the shoes in the shop only: an archived shoe is never walked past by a page however many
            # there are, and a list's COUNT reads the index alone. (Reads of every shoe, the Django admin's and the
            # import's, go by the primary key and the brand's foreign-key index.)
            models.Index(fields=["on_sale", "price"], name="catalog_shoe_on_sale_price", condition=IN_SHOP),
            models.Index(fields=["-created_at", "-id"], name="catalog_shoe_newest", condition=IN_SHOP),
            models.Index(fields=["brand", "-created_at", "-id"], name="catalog_shoe_brand_newest", condition=IN_SHOP),
            models.Index(fields=["brand", "price"], name="catalog_shoe_brand_price", condition=IN_SHOP),
            models.Index(fields=["price"], name="catalog_shoe_price", condition=IN_SHOP),
            # The admins' Archived list, latest first; tiny, as it holds the archived shoes only.
            models.Index(fields=["-archived_at", "-id"], name="catalog_shoe_archived", condition=~IN_SHOP),
        ]

    def __str__(self) -> str:
        return f"{self.brand} {self.name}" if self.brand_id else self.name

    @property
    def rating(self) -> Decimal | None:
        """The average of its reviews' stars, to one decimal; None before the first review."""
        return rating_of(total=self.rating_total, count=self.review_count)

    @property
    def price_now(self) -> Decimal:
        """What it sells for now: its sale price while on sale with one, else its price."""
        return price_now(price=self.price, sale_price=self.sale_price, on_sale=self.on_sale)

    @property
    def reduced(self) -> bool:
        """Whether it sells below its price now (a sale price shown with the price struck through)."""
        return self.price_now < self.price


def price_now(*, price: Decimal, sale_price: Decimal | None, on_sale: bool) -> Decimal:
    return sale_price if on_sale and sale_price is not None else price


class PriceChange(models.Model):
    """A shoe's prices from a moment on: written by catalog.services at every change of its price, sale price or sale
    flag, so that the lowest price of the 30 days before a reduction can be shown (catalog.prices)."""

    shoe = models.ForeignKey(Shoe, on_delete=models.CASCADE, related_name="price_changes")
    price = models.DecimalField(max_digits=8, decimal_places=2)
    sale_price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    on_sale = models.BooleanField()
    # What it sold for from `at` on (Shoe.price_now then).
    price_now = models.DecimalField(max_digits=8, decimal_places=2)
    at = models.DateTimeField()

    class Meta:
        ordering = ["shoe_id", "at", "id"]
        indexes = [models.Index(fields=["shoe", "at"], name="catalog_price_change_shoe_at")]

    def __str__(self) -> str:
        return f"{self.shoe_id} at {self.price_now} from {self.at:%Y-%m-%d %H:%M}"

    @property
    def reduced(self) -> bool:
        return self.price_now < self.price


# The most pairs of one size the shop keeps; more is a typing slip.
MAX_STOCK_PER_SIZE = 100_000


class StockEntry(models.Model):
    """How many pairs of one size of one shoe are left to sell."""

    shoe = models.ForeignKey(Shoe, on_delete=models.CASCADE, related_name="stock")
    # US size; the API shows it as a label ("9", "9.5").
    size = models.DecimalField(max_digits=3, decimal_places=1)
    quantity = models.IntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["shoe_id", "size"]
        verbose_name_plural = "stock entries"
        constraints = [
            models.UniqueConstraint(fields=["shoe", "size"], name="catalog_stock_one_row_per_size"),
            models.CheckConstraint(condition=Q(quantity__gte=0), name="catalog_stock_quantity_not_negative"),
            models.CheckConstraint(condition=Q(size__gt=0), name="catalog_stock_size_positive"),
        ]
        indexes = [
            # ?size=9.5&inStock=true (catalog.filters.ShoeStockFilter): the shoes with pairs of a size, read off this
            # without touching the sizes sold out (partial), so the list and its COUNT stay cheap at 100,000 shoes.
            models.Index(fields=["size", "shoe"], name="catalog_stock_size_in_stock", condition=Q(quantity__gt=0)),
        ]

    def __str__(self) -> str:
        return f"{self.shoe} size {self.size_label}: {self.quantity}"

    @property
    def size_label(self) -> str:
        return size_label(self.size)


@lru_cache(maxsize=256)
def size_label(size: Decimal) -> str:
    """9 -> "9", 9.5 -> "9.5"."""
    # Kept: a page of shoes labels hundreds of sizes, all among the few a shop sells.
    return f"{size.normalize():f}"


def rating_of(*, total: int, count: int) -> Decimal | None:
    """The average of count reviews' stars adding up to total, to one decimal; None without reviews."""
    if not count:
        return None
    return (Decimal(total) / count).quantize(Decimal("0.1"))


class CatalogVersion(models.Model):
    """One row whose number every catalogue write moves on: cached catalogue answers are kept per number.

    It lives in the database, not in the cache, so that every gunicorn worker sees a write even when each
    keeps its own local-memory cache (catalog.cache says how soon).
    """

    n = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"catalogue version {self.n}"


class StockAlert(models.Model):
    """An address waiting to be told when a sold-out size of a shoe has pairs again (issue 19's 'Notify me').

    One row per address, shoe and size. When the size gets pairs (catalog.services, the one writer of stock), each
    waiting row is marked notified by one conditional UPDATE and its mail queued in the same transaction: of two
    restocks racing, only one marks it, so the address gets one mail.
    """

    shoe = models.ForeignKey(Shoe, on_delete=models.CASCADE, related_name="stock_alerts")
    size = models.DecimalField(max_digits=3, decimal_places=1)
    # Lower-cased by the service, so the unique constraint also refuses the same address in another case.
    email = models.EmailField(max_length=254)
    # Set when its mail was queued; asking again clears it, to be told at the next restock too.
    notified_at = models.DateTimeField(null=True, blank=True)
    # Set by the mail's one-click unsubscribe: no mail is sent for it while set. Asking again clears it.
    unsubscribed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["shoe_id", "size", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["shoe", "size", "email"], name="catalog_stock_alert_once"),
        ]
        indexes = [
            # The restock's look-up and the admin dashboard's most-wanted sizes: the waiting rows only.
            models.Index(
                fields=["shoe", "size"],
                name="catalog_stock_alert_waiting",
                condition=Q(notified_at__isnull=True, unsubscribed_at__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.email} waits for {self.shoe} size {size_label(self.size)}"

    @property
    def waiting(self) -> bool:
        return self.notified_at is None and self.unsubscribed_at is None
