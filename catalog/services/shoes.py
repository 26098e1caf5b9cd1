"""Shoes: made, changed, deleted or archived and restored, put on sale, rated; and the bulk rows of the importer
and the demo."""

from collections.abc import Collection, Iterable, Sequence
from decimal import Decimal

from django.core.files.base import File
from django.db import connection, transaction
from django.db.models import F, Model
from django.utils import timezone

from activity import services as activity
from shopsite.images import upload_stored

from .. import selectors
from ..models import Brand, Shoe, StockEntry, size_label
from .alerts import stock_alerts_send
from .pictures import SHOE_IMAGE_FIELD, picture_sizes_on_commit, pictures_delete_on_commit
from .prices import price_changes_record, sale_price_check
from .version import catalog_version_bump

# What the activity log keeps of a shoe a staff member made or changed.
LOGGED_FIELDS = ("name", "brand", "description", "color", "price", "sale_price", "image", "on_sale")
# The fields whose change is a price change (catalog.models.PriceChange).
PRICE_FIELDS = frozenset({"price", "sale_price", "on_sale"})
# shoe_update's sale_price when the request leaves it out: the shoe keeps its own.
KEPT = object()


def _labelled(shoe_ids: Collection[int]) -> list[Shoe]:
    """Those shoes with their brands, for the activity log's labels (one query)."""
    return list(Shoe.objects.filter(pk__in=shoe_ids).select_related("brand").order_by("pk"))


def shoe_create(
    *,
    actor: activity.Actor,
    brand: Brand,
    name: str,
    description: str,
    color: str,
    price: Decimal,
    size: Decimal,
    quantity: int,
    image: File | None = None,
    sale_price: Decimal | None = None,
) -> Shoe:
    """A new shoe with its first size in stock."""
    sale_price_check(price=price, sale_price=sale_price)
    with upload_stored(SHOE_IMAGE_FIELD, image) as image_name, transaction.atomic():
        shoe = Shoe.objects.create(
            brand=brand,
            name=name,
            description=description,
            color=color,
            price=price,
            sale_price=sale_price,
            image=image_name,
        )
        StockEntry.objects.create(shoe=shoe, size=size, quantity=quantity)
        price_changes_record(shoe_ids=[shoe.pk])
        picture_sizes_on_commit(names=[image_name])
        after = {**activity.values(shoe, LOGGED_FIELDS), "size": size, "quantity": quantity}
        activity.record(actor, "shoe.create", shoe, after=after)
    return shoe


def shoe_update(
    *,
    actor: activity.Actor,
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
    sale_price: Decimal | object | None = KEPT,
) -> Shoe:
    """Change a shoe; a size given with a quantity sets that size's stock to it.

    The sale flag changes only when on_sale is given, so a modify never ends a sale by accident; the sale price only
    when sale_price is given (None clears it).
    """
    if sale_price is KEPT:
        sale_price = shoe.sale_price
    sale_price_check(price=price, sale_price=sale_price)
    old_image = shoe.image.name
    before = activity.values(shoe, LOGGED_FIELDS)
    with upload_stored(SHOE_IMAGE_FIELD, image) as image_name, transaction.atomic():
        shoe.brand, shoe.name, shoe.description, shoe.color, shoe.price = brand, name, description, color, price
        if image_name:
            shoe.image = image_name
            picture_sizes_on_commit(names=[image_name])
        if on_sale is not None:
            shoe.on_sale = on_sale
        shoe.sale_price = sale_price
        shoe.save()
        if shoe.pk in (started := price_changes_record(shoe_ids=[shoe.pk])):
            shoe.lowest_prior_price = started[shoe.pk]
        after = activity.values(shoe, LOGGED_FIELDS)
        if size is not None and quantity is not None:
            entry = StockEntry.objects.filter(shoe=shoe, size=size).first()
            before[f"size {size_label(size)}"] = entry.quantity if entry else None
            after[f"size {size_label(size)}"] = quantity
            StockEntry.objects.update_or_create(shoe=shoe, size=size, defaults={"quantity": quantity})
            if quantity > 0:
                stock_alerts_send(shoe_ids=[shoe.pk])
        before, after = activity.changes(before, after)
        activity.record(actor, "shoe.update", shoe, before=before, after=after)
        if image_name:
            pictures_delete_on_commit(names=[old_image])
    return shoe


def shoe_delete(*, actor: activity.Actor, shoe: Shoe, via: str | None = None) -> bool:
    """Delete a shoe with its stock and picture, or archive it when customers' history needs it; True if archived."""
    return bool(shoes_delete(actor=actor, shoe_ids=[shoe.pk], via=via))


@transaction.atomic
def shoes_delete(*, actor: activity.Actor, shoe_ids: Collection[int], via: str | None = None) -> set[int]:
    """Delete those shoes, each with its stock and picture, but archive the ones customers' orders, reviews or
    favorites point at (nothing a customer wrote or bought goes with them); return the ids archived.
    """
    # Their stock rows are locked first, in id order as a checkout locks them: a checkout selling one of them has
    # committed its order lines before the check below reads them, or waits and then finds the shoe gone.
    list(StockEntry.objects.select_for_update().filter(shoe_id__in=shoe_ids).order_by("pk").values_list("pk"))
    kept = selectors.shoe_ids_with_history(shoe_ids=list(shoe_ids))
    shoes_archive(actor=actor, shoe_ids=kept, via=via)
    gone = Shoe.objects.filter(pk__in=shoe_ids).exclude(pk__in=kept)
    for shoe in _labelled(set(shoe_ids) - kept):
        activity.record(actor, "shoe.delete", shoe, before=activity.values(shoe, LOGGED_FIELDS), via=via)
    images = set(gone.values_list("image", flat=True))
    gone.delete()
    pictures_delete_on_commit(names=images)
    return kept


@transaction.atomic
def shoes_archive(*, actor: activity.Actor, shoe_ids: Collection[int], via: str | None = None) -> int:
    """Take those shoes out of the shop, keeping them and all that points at them; return how many left it."""
    now = timezone.now()
    # A shoe archived already keeps the time it left the shop.
    leaving = Shoe.objects.in_shop().filter(pk__in=shoe_ids)
    for shoe in _labelled(leaving.values_list("pk", flat=True)):
        activity.record(actor, "shoe.archive", shoe, before={"archived_at": None}, after={"archived_at": now}, via=via)
    archived = leaving.update(archived_at=now, updated_at=now)
    if archived:
        # update() sends no post_save, so the catalogue's cached answers are told here.
        catalog_version_bump()
    return archived


def shoe_restore(*, actor: activity.Actor, shoe: Shoe) -> None:
    shoes_restore(actor=actor, shoe_ids=[shoe.pk])


def shoes_restore(*, actor: activity.Actor, shoe_ids: Collection[int], via: str | None = None) -> int:
    """Bring archived shoes back to the shop as they were (stock, sale, reviews); return how many came back."""
    with transaction.atomic():
        returning = Shoe.objects.archived().filter(pk__in=shoe_ids)
        for shoe in _labelled(returning.values_list("pk", flat=True)):
            before = {"archived_at": shoe.archived_at}
            activity.record(actor, "shoe.restore", shoe, before=before, after={"archived_at": None}, via=via)
        restored = returning.update(archived_at=None, updated_at=timezone.now())
        if restored:
            # Its sizes with pairs are on sale again: whoever waits for one of them is told.
            stock_alerts_send(shoe_ids=shoe_ids)
            catalog_version_bump()
    return restored


@transaction.atomic
def shoe_on_sale_set(*, actor: activity.Actor, shoe: Shoe, on_sale: bool) -> Shoe:
    before = shoe.on_sale
    shoe.on_sale = on_sale
    shoe.save(update_fields=["on_sale", "updated_at"])
    if shoe.pk in (started := price_changes_record(shoe_ids=[shoe.pk])):
        shoe.lowest_prior_price = started[shoe.pk]
    activity.record(actor, "shoe.sale", shoe, before={"on_sale": before}, after={"on_sale": on_sale})
    return shoe


@transaction.atomic
def shoes_on_sale_set(
    *, actor: activity.Actor, shoe_ids: Collection[int], on_sale: bool, via: str | None = None
) -> int:
    """Put those shoes on sale, or end their sale, in one UPDATE; return how many were changed."""
    for shoe in _labelled(Shoe.objects.filter(pk__in=shoe_ids).exclude(on_sale=on_sale).values_list("pk", flat=True)):
        activity.record(actor, "shoe.sale", shoe, before={"on_sale": not on_sale}, after={"on_sale": on_sale}, via=via)
    changed = Shoe.objects.filter(pk__in=shoe_ids).update(on_sale=on_sale, updated_at=timezone.now())
    price_changes_record(shoe_ids=shoe_ids)
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
        if shoes or PRICE_FIELDS.intersection(shoe_fields):
            # The new shoes' first prices, and the changed ones' new prices.
            price_changes_record(shoe_ids=[shoe.pk for shoe in (*shoes, *shoes_changed)])
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
