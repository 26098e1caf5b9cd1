"""Writes on the catalogue: brands, shoes, their stock and their review counters, and the version they move.

This module is the catalogue's one writer. Other apps call it (a checkout takes and releases pairs, a review moves
a shoe's counters), and so do the catalogue's own views, admin, importer and demo: nothing else writes a stock row
or a counter, and nothing else moves the catalogue version, which every write moves on once it commits so that the
cached answers (catalog/cache.py) follow. The Django admin's own saves are the one exception, caught by the signals
at the bottom of this module.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from decimal import Decimal

from celery import current_app
from django.core.files.base import ContentFile, File
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, Model, ProtectedError
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from mailing.errors import InvalidUnsubscribeLink
from mailing.services import mail_queue
from shopsite.images import image_narrower_copies, upload_stored

from . import selectors
from .cache import version_trust_forget
from .errors import BrandInUse, DuplicateBrand, SizeInStock, StockLimitExceeded
from .images import PICTURE_WIDTHS, picture_copy_name
from .mails import BACK_IN_STOCK, alert_token_read
from .models import IN_SHOP, MAX_STOCK_PER_SIZE, Brand, CatalogVersion, Shoe, StockAlert, StockEntry, size_label

_image_field = Shoe._meta.get_field("image")
# The task that stores a new picture's smaller copies (catalog/tasks.py registers it under this name).
PICTURE_SIZES_TASK = "catalog.tasks.picture_sizes_make"


def _image_delete_on_commit(name: str) -> None:
    """Remove a picture and its smaller copies once the change that dropped it is committed, unless a shoe still
    shows it."""
    if not name:
        return

    def delete() -> None:
        if not selectors.image_in_use(name=name):
            _image_field.storage.delete(name)
            for width in PICTURE_WIDTHS:
                _image_field.storage.delete(picture_copy_name(name, width))

    transaction.on_commit(delete)


def _picture_sizes_on_commit(names: Iterable[str]) -> None:
    """Have a worker store the smaller copies of new pictures once the change that stored them is committed."""
    names = sorted({name for name in names if name})
    if not names:
        return

    def hand_to_worker() -> None:
        # By name in Celery's registry, as mailing.services.mails_enqueue does: tasks.py imports this module.
        task = current_app.tasks[PICTURE_SIZES_TASK]
        for name in names:
            task.apply_async(args=[name])

    # robust: the shoe is saved either way; a picture left without copies shows at its own size, and
    # `manage.py picture_sizes` makes what is missing.
    transaction.on_commit(hand_to_worker, robust=True)


def picture_sizes_make(*, name: str) -> bool:
    """Store a picture's copies at the widths of PICTURE_WIDTHS narrower than it, and note its size and theirs on
    every shoe that shows it; False when no shoe shows it any more (or it is gone from storage)."""
    if not selectors.image_in_use(name=name):
        return False
    storage = _image_field.storage
    try:
        with storage.open(name, "rb") as source:
            (width, height), copies = image_narrower_copies(source, widths=PICTURE_WIDTHS)
    except FileNotFoundError:
        return False
    for copy_width, content in copies.items():
        copy_name = picture_copy_name(name, copy_width)
        # The name is the picture's: made again (a command run twice), the copy replaces the old one.
        storage.delete(copy_name)
        storage.save(copy_name, ContentFile(content))
    sizes = {"for": name, "width": width, "height": height, "widths": sorted(copies)}
    Shoe.objects.filter(image=name).update(image_sizes=sizes)
    # update() sends no post_save: the shoes' answers show the new srcset.
    catalog_version_bump()
    return True


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
        _picture_sizes_on_commit([image_name])
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
            _picture_sizes_on_commit([image_name])
        if on_sale is not None:
            shoe.on_sale = on_sale
        shoe.save()
        if size is not None and quantity is not None:
            StockEntry.objects.update_or_create(shoe=shoe, size=size, defaults={"quantity": quantity})
            if quantity > 0:
                stock_alerts_send(shoe_ids=[shoe.pk])
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
    stock_alerts_send(shoe_ids=[shoe.pk])
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
        _picture_sizes_on_commit(shoe.image.name for shoe in shoes)
        _rows_update(Shoe, shoes_changed, shoe_fields)
        if "image" in shoe_fields:
            # Only the pictures not sized yet: an import rewrites every changed shoe's picture, mostly the same one.
            _picture_sizes_on_commit(
                shoe.image.name for shoe in shoes_changed if shoe.image_sizes.get("for") != shoe.image.name
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


def stock_take(*, taken: Sequence[tuple[StockEntry, int]]) -> None:
    """Take pairs from stock rows for a checkout: each (entry, pairs) leaves the entry that many pairs fewer.

    The caller holds the rows locked in its transaction (selectors.stock_entries_find(lock=True) locks them in id
    order, so two checkouts never wait on each other in a circle) and has checked there are enough; its transaction
    stays short, and the version moves once it commits.
    """
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError("Stock is taken inside the transaction that locked its rows.")
    now = timezone.now()
    for entry, pairs in taken:
        entry.quantity -= pairs
        entry.updated_at = now
    # One UPDATE for every line; safe to write the new quantities because the rows are locked.
    StockEntry.objects.bulk_update([entry for entry, _ in taken], ["quantity", "updated_at"])
    # The shoes' answers show their stock. The bump runs after the commit, outside this transaction, so the
    # version's row is never locked while the stock rows are.
    catalog_version_bump()


def stock_release(*, pairs: Mapping[int, int]) -> None:
    """Put pairs back: {stock entry id: pairs}, locking the rows in id order as a checkout does; a size deleted
    since is skipped. Inside the caller's transaction when it has one (a checkout's release moves the order's state
    first, in the same one)."""
    with transaction.atomic(savepoint=False):
        entries = list(StockEntry.objects.select_for_update().filter(pk__in=pairs).order_by("pk"))
        now = timezone.now()
        for entry in entries:
            entry.quantity += pairs[entry.pk]
            entry.updated_at = now
        StockEntry.objects.bulk_update(entries, ["quantity", "updated_at"])
        # A cancelled order's pairs may make a sold-out size buyable again.
        stock_alerts_send(shoe_ids={entry.shoe_id for entry in entries})
    catalog_version_bump()


def shoe_rating_add(*, shoe_id: int, reviews: int, stars: int) -> None:
    """Move a shoe's review counters as a review is written (1, its stars), changed (0, the difference) or deleted
    (-1, minus its stars)."""
    # Done by the database (x = x + n), so two reviews written at once both count.
    Shoe.objects.filter(pk=shoe_id).update(
        review_count=F("review_count") + reviews, rating_total=F("rating_total") + stars
    )
    # The shoe's answers show its rating; update() sends no post_save.
    catalog_version_bump()


# Back-in-stock alerts (issue 19)


def stock_alert_create(*, shoe: Shoe, size: Decimal, email: str) -> tuple[StockAlert, bool]:
    """Ask for a mail when a sold-out size of a shoe has pairs again; return the alert and whether it waits anew.

    Once per address (any case), shoe and size: asking again while waiting changes nothing; asking again after the
    mail went, or after unsubscribing, waits again for the next restock.
    """
    email = email.strip().lower()
    if selectors.stock_pairs(shoe_id=shoe.pk, size=size) > 0:
        raise SizeInStock(f"Size {size_label(size)} is in stock: add it to your cart", field="size")
    try:
        with transaction.atomic():
            return StockAlert.objects.create(shoe=shoe, size=size, email=email), True
    except IntegrityError:
        # Asked before (or a second click raced this one): the unique constraint caught it.
        pass
    alert = StockAlert.objects.get(shoe=shoe, size=size, email=email)
    again = StockAlert.objects.filter(pk=alert.pk).exclude(selectors.WAITING)
    return alert, bool(again.update(notified_at=None, unsubscribed_at=None, updated_at=timezone.now()))


def stock_alerts_send(*, shoe_ids: Collection[int] | None = None) -> int:
    """Queue the back-in-stock mail of every alert, of those shoes or all, waiting for a size that has pairs now.

    Called by every write above that adds pairs, inside its transaction: each alert is marked notified by one
    conditional UPDATE before its mail is queued, so of two restocks racing only the one whose UPDATE marked it
    queues its mail (the other's waits on the row lock, then finds it notified), and a rollback sends nothing.
    Return how many mails were queued.
    """
    queued = 0
    now = timezone.now()
    for alert_id, email in selectors.stock_alerts_due(shoe_ids=shoe_ids):
        if StockAlert.objects.filter(selectors.WAITING, pk=alert_id).update(notified_at=now, updated_at=now):
            mail_queue(kind=BACK_IN_STOCK, to=email, context={"alert": alert_id})
            queued += 1
    return queued


def stock_alert_unsubscribe(*, token: str) -> None:
    """Stop the alert a signed link names: no mail is built for it any more. Again is no error."""
    alert_id = alert_token_read(token)
    if alert_id is None:
        raise InvalidUnsubscribeLink()
    StockAlert.objects.filter(pk=alert_id, unsubscribed_at__isnull=True).update(
        unsubscribed_at=timezone.now(), updated_at=timezone.now()
    )


# The catalogue version (catalog/cache.py reads it): moved on here, and only here.

_VERSION_ROW = 1
_VERSION_TABLE = CatalogVersion._meta.db_table


def catalog_version_bump() -> None:
    """Move the catalogue's version on once the current transaction commits, or now outside one.

    Every write above calls it; saves and deletes of brands, shoes and stock the Django admin makes call it
    through the signals below. A new write the signals do not see (queryset.update(), bulk_create(),
    bulk_update(), raw SQL) belongs in this module and calls it.
    """
    # Each write of a transaction bumps once more after its commit (a shoe saved with its stock, twice): an
    # UPDATE of one row is cheaper than keeping track. robust: the write is committed by then; a failed bump must
    # not turn it into an error answer (Django logs it), and the answers it leaves stale expire with the timeout.
    transaction.on_commit(_version_bump_now, robust=True)


def _version_bump_now() -> None:
    # Why a reader never keeps stale data under the new number: the number moves only after the write has
    # committed, and a reader reads the number before the catalogue (each autocommit query sees what is committed
    # when it runs). A reader that got the new number therefore read the catalogue after the commit. One that got
    # the old number may keep an answer from before the write, but under the old number, which nobody asks for
    # any more. And the UPDATE runs in autocommit, after the writer's transaction: checkout never holds this one
    # hot row locked while it waits for stock rows or charges a card.
    for _attempt in range(2):
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {_VERSION_TABLE} SET n = n + 1 WHERE id = %s", [_VERSION_ROW])
            if cursor.rowcount:
                version_trust_forget()
                return
        # The row is gone (a flushed test database): make it, then move it on like any other bump.
        CatalogVersion.objects.bulk_create([CatalogVersion(pk=_VERSION_ROW)], ignore_conflicts=True)


def _catalogue_row_changed(sender, **kwargs) -> None:
    catalog_version_bump()


def signals_connect() -> None:
    """Bump the version on every save and delete of a brand, shoe or stock entry, the Django admin's included.

    The house style calls things explicitly rather than through signals; the exception is made here because
    the Django admin (its forms, inlines and list_editable) writes the catalogue without going through this module.
    """
    for model in (Brand, Shoe, StockEntry):
        name = model._meta.model_name
        post_save.connect(_catalogue_row_changed, sender=model, dispatch_uid=f"catalog_version_{name}_save")
        post_delete.connect(_catalogue_row_changed, sender=model, dispatch_uid=f"catalog_version_{name}_delete")
