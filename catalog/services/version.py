"""The catalogue version (catalog/cache.py reads it, docs/DESIGN.md §9): moved on here, and only here."""

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save

from ..cache import version_trust_forget
from ..models import Brand, CatalogVersion, Shoe, StockEntry

_VERSION_ROW = 1
_VERSION_TABLE = CatalogVersion._meta.db_table


def catalog_version_bump() -> None:
    """Move the catalogue's version on once the current transaction commits, or now outside one.

    Every write of catalog.services calls it, but for a checkout's or a release's stock, which calls it only when a size
    sells out or comes back (the pairs themselves are merged into kept answers when served: catalog/fresh.py); saves
    and deletes of brands, shoes and stock the Django admin makes call it through the signals below. A new write the
    signals do not see (queryset.update(), bulk_create(), bulk_update(), raw SQL) belongs in catalog.services and calls
    it.
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
    the Django admin (its forms, inlines and list_editable) writes the catalogue without going through catalog.services.
    """
    for model in (Brand, Shoe, StockEntry):
        name = model._meta.model_name
        post_save.connect(_catalogue_row_changed, sender=model, dispatch_uid=f"catalog_version_{name}_save")
        post_delete.connect(_catalogue_row_changed, sender=model, dispatch_uid=f"catalog_version_{name}_delete")
