"""Shoes: made, changed, deleted or archived and restored, put on sale, rated; and the bulk rows of the importer
and the demo."""

from collections.abc import Collection, Iterable, Sequence
from decimal import Decimal

from django.core.files.base import File
from django.db import connection, transaction
from django.db.models import F, Model
from django.utils import timezone

from shopsite.images import upload_stored

from .. import selectors
from ..models import Brand, Shoe, StockEntry
from .alerts import stock_alerts_send
from .pictures import SHOE_IMAGE_FIELD, picture_sizes_on_commit, pictures_delete_on_commit
from .version import catalog_version_bump


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
    with upload_stored(SHOE_IMAGE_FIELD, image) as image_name, transaction.atomic():
        shoe = Shoe.objects.create(
            brand=brand, name=name, description=description, color=color, price=price, image=image_name
        )
        StockEntry.objects.create(shoe=shoe, size=size, quantity=quantity)
        picture_sizes_on_commit(names=[image_name])
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
    with upload_stored(SHOE_IMAGE_FIELD, image) as image_name, transaction.atomic():
        shoe.brand, shoe.name, shoe.description, shoe.color, shoe.price = brand, name, description, color, price
        if image_name:
            shoe.image = image_name
            picture_sizes_on_commit(names=[image_name])
        if on_sale is not None:
            shoe.on_sale = on_sale
        shoe.save()
        if size is not None and quantity is not None:
            StockEntry.objects.update_or_create(shoe=shoe, size=size, defaults={"quantity": quantity})
            if quantity > 0:
                stock_alerts_send(shoe_ids=[shoe.pk])
        if image_name:
            pictures_delete_on_commit(names=[old_image])
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
    pictures_delete_on_commit(names=images)
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
    with transaction.atomic():
        restored = Shoe.objects.archived().filter(pk__in=shoe_ids).update(archived_at=None, updated_at=timezone.now())
        if restored:
            # Its sizes with pairs are on sale again: whoever waits for one of them is told.
            stock_alerts_send(shoe_ids=shoe_ids)
            catalog_version_bump()
    return restored


def shoe_on_sale_set(*, shoe: Shoe, on_sale: bool) -> Shoe:
    shoe.on_sale = on_sale
    shoe.save(update_fields=["on_sale", "updated_at"])
    return shoe


def shoes_on_sale_set(*, shoe_ids: Collection[int], on_sale: bool) -> int:
    """Put those shoes on sale, or end their sale, in one UPDATE; return how many were changed."""
    changed = Shoe.objects.filter(pk__in=shoe_ids).update(on_sale=on_sale, updated_at=timezone.now())
    # update() sends no post_save, so the catalogue's cached answers are told here.
    catalog_version_bump()
    return changed


def catalogue_rows_write(
    *,
    brands: Iterable[Brand] = (),
    shoes: Iterable[Shoe] = (),
    shoes_changed: Sequence[Shoe] = (),
    shoe_fields: Sequence[str] = (),
    stock: Iterable[StockEntry] = (),
    stock_changed: Sequence[StockEntry] = (),
) -> None:
    """Write many rows at once, for the importer and the demo: new brands, new shoes, those fields of changed shoes,
    new stock rows (of new shoes too: they are written after them) and the quantities of changed ones.
    """
    # All or nothing; inside the caller's transaction when it has one (the importer's), without a savepoint.
    with transaction.atomic(savepoint=False):
        Brand.objects.bulk_create(brands)
        shoes = Shoe.objects.bulk_create(shoes, batch_size=1000)
        picture_sizes_on_commit(names=(shoe.image.name for shoe in shoes))
        _rows_update(Shoe, shoes_changed, shoe_fields)
        if "image" in shoe_fields:
            # Only the pictures not sized yet: an import rewrites every changed shoe's picture, mostly the same one.
            picture_sizes_on_commit(
                names=(shoe.image.name for shoe in shoes_changed if shoe.image_sizes.get("for") != shoe.image.name)
            )
        stock = StockEntry.objects.bulk_create(stock, batch_size=1000)
        _rows_update(StockEntry, stock_changed, ["quantity", "updated_at"])
        if stock or stock_changed:
            # Every waiting alert is looked at (the waiting ones are few, in a partial index): an import may have
            # restocked thousands of shoes.
            stock_alerts_send()
    # Bulk writes and raw UPDATEs send no signals; one bump, after the commit, covers the whole batch.
    catalog_version_bump()


def _rows_update(model: type[Model], objs: Sequence[Model], field_names: Sequence[str]) -> None:
    """Save those fields of each object with one UPDATE statement run for all of them.

    bulk_update() builds a CASE expression per field and batch and spent 9 of the 10 s of a 10,000-shoe update
    resolving them; one prepared statement run many times takes a fraction of a second.
    """
    if not objs:
        return
    fields = [model._meta.get_field(name) for name in field_names]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s"
    params = [
        [field.get_db_prep_save(getattr(obj, field.attname), connection) for field in fields] + [obj.pk] for obj in objs
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


def shoe_rating_add(*, shoe_id: int, reviews: int, stars: int) -> None:
    """Move a shoe's review counters as a review is written (1, its stars), changed (0, the difference) or deleted
    (-1, minus its stars)."""
    # Done by the database (x = x + n), so two reviews written at once both count.
    Shoe.objects.filter(pk=shoe_id).update(
        review_count=F("review_count") + reviews, rating_total=F("rating_total") + stars
    )
    # The shoe's answers show its rating; update() sends no post_save.
    catalog_version_bump()
