"""Writes on the catalogue: shoes, their stock and brands."""

from collections.abc import Collection
from decimal import Decimal

from django.core.files.base import File
from django.db import IntegrityError, transaction
from django.db.models import Count, F, ProtectedError
from django.utils import timezone

from shopsite.images import upload_stored

from . import selectors
from .cache import catalog_version_bump
from .errors import BrandInUse, DuplicateBrand, StockLimitExceeded
from .models import IN_SHOP, Brand, Shoe, StockEntry, size_label

# The most pairs of one size the shop keeps; more is a typing slip.
MAX_STOCK_PER_SIZE = 100_000

_image_field = Shoe._meta.get_field("image")


def _image_delete_on_commit(name: str) -> None:
    """Remove a picture once the change that dropped it is committed, unless a shoe still shows it."""
    if not name:
        return

    def delete() -> None:
        if not selectors.image_in_use(name=name):
            _image_field.storage.delete(name)

    transaction.on_commit(delete)


def shoe_create(
    *,
    brand: Brand,
    name: str,
    description: str,
    color: str,
    price: Decimal,
    size: Decimal,
    quantity: int,
    image: File | None = None,
) -> Shoe:
    """A new shoe with its first size in stock."""
    with upload_stored(_image_field, image) as image_name, transaction.atomic():
        shoe = Shoe.objects.create(
            brand=brand, name=name, description=description, color=color, price=price, image=image_name
        )
        StockEntry.objects.create(shoe=shoe, size=size, quantity=quantity)
    return shoe


def shoe_update(
    *,
    shoe: Shoe,
    brand: Brand,
    name: str,
    description: str,
    color: str,
    price: Decimal,
    image: File | None = None,
    size: Decimal | None = None,
    quantity: int | None = None,
    on_sale: bool | None = None,
) -> Shoe:
    """Change a shoe; a size given with a quantity sets that size's stock to it.

    The sale flag changes only when on_sale is given, so a modify never ends a sale by accident.
    """
    old_image = shoe.image.name
    with upload_stored(_image_field, image) as image_name, transaction.atomic():
        shoe.brand, shoe.name, shoe.description, shoe.color, shoe.price = brand, name, description, color, price
        if image_name:
            shoe.image = image_name
        if on_sale is not None:
            shoe.on_sale = on_sale
        shoe.save()
        if size is not None and quantity is not None:
            StockEntry.objects.update_or_create(shoe=shoe, size=size, defaults={"quantity": quantity})
        if image_name:
            _image_delete_on_commit(old_image)
    return shoe


def shoe_delete(*, shoe: Shoe) -> bool:
    """Delete a shoe with its stock and picture, or archive it when customers' history needs it; True if archived."""
    return bool(shoes_delete(shoe_ids=[shoe.pk]))


@transaction.atomic
def shoes_delete(*, shoe_ids: Collection[int]) -> set[int]:
    """Delete those shoes, each with its stock and picture, but archive the ones customers' orders, reviews or
    favorites point at (nothing a customer wrote or bought goes with them); return the ids archived.
    """
    # Their stock rows are locked first, in id order as a checkout locks them: a checkout selling one of them has
    # committed its order lines before the check below reads them, or waits and then finds the shoe gone.
    list(StockEntry.objects.select_for_update().filter(shoe_id__in=shoe_ids).order_by("pk").values_list("pk"))
    kept = selectors.shoe_ids_with_history(shoe_ids=list(shoe_ids))
    shoes_archive(shoe_ids=kept)
    gone = Shoe.objects.filter(pk__in=shoe_ids).exclude(pk__in=kept)
    images = set(gone.values_list("image", flat=True))
    gone.delete()
    for image in images:
        _image_delete_on_commit(image)
    return kept


def shoes_archive(*, shoe_ids: Collection[int]) -> int:
    """Take those shoes out of the shop, keeping them and all that points at them; return how many left it."""
    now = timezone.now()
    # A shoe archived already keeps the time it left the shop.
    archived = Shoe.objects.in_shop().filter(pk__in=shoe_ids).update(archived_at=now, updated_at=now)
    if archived:
        # update() sends no post_save, so the catalogue's cached answers are told here.
        catalog_version_bump()
    return archived


def shoe_restore(*, shoe: Shoe) -> None:
    shoes_restore(shoe_ids=[shoe.pk])


def shoes_restore(*, shoe_ids: Collection[int]) -> int:
    """Bring archived shoes back to the shop as they were (stock, sale, reviews); return how many came back."""
    restored = Shoe.objects.archived().filter(pk__in=shoe_ids).update(archived_at=None, updated_at=timezone.now())
    if restored:
        catalog_version_bump()
    return restored


def shoe_on_sale_set(*, shoe: Shoe, on_sale: bool) -> Shoe:
    shoe.on_sale = on_sale
    shoe.save(update_fields=["on_sale", "updated_at"])
    return shoe


@transaction.atomic
def stock_add(*, shoe: Shoe, size: Decimal, quantity: int) -> tuple[StockEntry, bool]:
    """Add pairs of a size, creating the size if the shoe has none; return the entry and whether it is new.

    The addition is done by the database (quantity = quantity + n), so two admins adding at once
    both count.
    """
    entries = StockEntry.objects.filter(shoe=shoe, size=size)
    created = False
    if not entries.update(quantity=F("quantity") + quantity, updated_at=timezone.now()):
        try:
            with transaction.atomic():
                StockEntry.objects.create(shoe=shoe, size=size, quantity=quantity)
                created = True
        except IntegrityError:
            # Another admin created this size a moment ago: add to theirs.
            entries.update(quantity=F("quantity") + quantity, updated_at=timezone.now())
    # update() sends no post_save, so the catalogue's cached answers are told here.
    catalog_version_bump()
    entry = entries.get()
    if entry.quantity > MAX_STOCK_PER_SIZE:
        raise StockLimitExceeded(
            f"Size {size_label(size)} would hold {entry.quantity} pairs; the most is {MAX_STOCK_PER_SIZE}.",
            field="q",
        )
    return entry, created


def brand_create(*, name: str) -> Brand:
    try:
        with transaction.atomic():
            return Brand.objects.create(name=name)
    except IntegrityError:
        # Two admins created the same brand at once; the unique index caught the second.
        raise DuplicateBrand(f"The brand {name} already exists", field="name") from None


def brand_delete(*, brand: Brand) -> None:
    """Delete a brand that has no shoes, archived ones included: their orders and reviews still name it."""
    try:
        with transaction.atomic():
            brand.delete()
    except ProtectedError:
        counts = brand.shoes.aggregate(shop=Count("pk", filter=IN_SHOP), archived=Count("pk", filter=~IN_SHOP))
        raise BrandInUse(_brand_in_use(brand.name, **counts)) from None


def _brand_in_use(name: str, *, shop: int, archived: int) -> str:
    def shoes(count: int, kind: str = "") -> str:
        return f"{count} {kind}shoe{'s' if count != 1 else ''}"

    if not archived:
        return f"The brand {name} still has {shoes(shop)}; delete them or move them to another brand first."
    kept = "kept for customers' orders, reviews and favorites"
    if not shop:
        return (
            f"The brand {name} still has {shoes(archived, 'archived ')}, {kept}; "
            "restore them and move them to another brand first."
        )
    return (
        f"The brand {name} still has {shoes(shop)} and {shoes(archived, 'archived ')}, {kept}; delete or move the "
        "shoes, and restore and move the archived ones, to another brand first."
    )
