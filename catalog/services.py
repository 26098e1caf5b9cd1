"""Writes on the catalogue: shoes, their stock and brands."""

from decimal import Decimal

from django.core.files.base import File
from django.db import IntegrityError, transaction
from django.db.models import F, ProtectedError
from django.utils import timezone

from shopsite.images import upload_stored

from . import selectors
from .cache import catalog_version_bump
from .errors import BrandInUse, DuplicateBrand, StockLimitExceeded
from .models import Brand, Shoe, StockEntry, size_label

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


@transaction.atomic
def shoe_delete(*, shoe: Shoe) -> None:
    image = shoe.image.name
    shoe.delete()
    _image_delete_on_commit(image)


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
    try:
        with transaction.atomic():
            brand.delete()
    except ProtectedError:
        count = brand.shoes.count()
        raise BrandInUse(
            f"The brand {brand.name} still has {count} shoe{'s' if count != 1 else ''}; "
            "delete them or move them to another brand first."
        ) from None
