"""Tables every checkout reads and operators write a few times a year, kept by each process under a version.

The pricing tables (orders.pricing_selectors) and the shoes of the releases whose rules apply (releases.selectors)
are read by every quote and checkout. Each process keeps what it read under the version of those tables it read
just before (TablesVersion, one query for every name), and reads them again only when that version has moved.

Every write of the tables moves their version to a new random value (tables_changed), inside the writer's
transaction, so that:
- a reader in another transaction sees the new version only once the write is committed, and then reads the tables
  after it: no process keeps the old tables under the new version;
- a reader in the writer's own transaction sees its write at once;
- a write rolled back takes its version back with it, and a version is never given twice: what a reader of the
  rolled-back transaction kept is kept under a version no one will read again.
The version lives in the database rather than the cache, so that every worker sees a write even when the cache is
each process's own memory (the single machine's default, settings.CACHES).
"""

from collections.abc import Callable
from typing import Generic, TypeVar
from uuid import uuid4

from django.db import connection
from django.db.models.signals import post_delete, post_save

from .models import TablesVersion

T = TypeVar("T")

_TABLE = TablesVersion._meta.db_table


def versions_read() -> dict[str, str]:
    """Every kept tables' version, in one query (raw SQL: the ORM would take longer to build it than to run it)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT name, version FROM {_TABLE}")
        return dict(cursor.fetchall())


def tables_changed(name: str) -> None:
    """Move the version of the tables called name on, in the current transaction (or now, outside one)."""
    TablesVersion.objects.bulk_create(
        [TablesVersion(name=name, version=uuid4().hex)],
        update_conflicts=True,
        unique_fields=["name"],
        update_fields=["version"],
    )


class KeptTables(Generic[T]):
    """What load() reads of the tables called name, kept by this process until their version moves."""

    def __init__(self, name: str, load: Callable[[], T]):
        self.name, self.load = name, load
        # Shared by the process's threads: replaced whole, in one assignment, never changed.
        self._kept: tuple[str, T] | None = None

    def get(self) -> T:
        version = versions_read().get(self.name, "")
        kept = self._kept
        if kept is not None and kept[0] == version:
            return kept[1]
        value = self.load()
        self._kept = (version, value)
        return value

    def moved_by(self, *models: type) -> None:
        """Every save and delete of these models moves the tables' version on: the app's services', the Django
        admin's and the demo's alike (the catalogue's version does the same: catalog/services/version.py)."""

        def changed(sender, **kwargs) -> None:
            tables_changed(self.name)

        for model in models:
            label = f"kept_{self.name}_{model._meta.label_lower}"
            post_save.connect(changed, sender=model, weak=False, dispatch_uid=f"{label}_save")
            post_delete.connect(changed, sender=model, weak=False, dispatch_uid=f"{label}_delete")
