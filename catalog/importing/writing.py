"""The import's write: a file read (reading.py), its new pictures stored, the catalogue read and the diff (diff.py)
written, all in one transaction, every row or none."""

from collections import defaultdict
from collections.abc import Iterable
from contextlib import ExitStack
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from django.db import IntegrityError, transaction
from django.utils import timezone

from activity import services as activity
from shopsite.images import upload_stored

from .. import services
from ..models import Brand, Shoe, StockEntry
from .diff import SHOE_FIELDS_CHANGED, Catalogue, catalogue_diff
from .reading import ImportFailed, Progress, ShoeKey, shoes_read

_image_field = Shoe._meta.get_field("image")


@dataclass(frozen=True)
class ImportSummary:
    """What an import did, or would do on a dry run."""

    rows: int
    shoes_created: int
    shoes_updated: int
    shoes_unchanged: int
    # Of the updated: archived shoes the file names, back in the shop.
    shoes_restored: int
    sizes_set: int
    brands_created: int
    pictures_stored: int
    dry_run: bool

    def __str__(self) -> str:
        def count(number: int, noun: str) -> str:
            return f"{number} {noun}{'s' if number != 1 else ''}"

        restored = f" ({self.shoes_restored} restored from the archive)" if self.shoes_restored else ""
        text = (
            f"{count(self.rows, 'row')}: {count(self.shoes_created, 'shoe')} created, {self.shoes_updated} updated"
            f"{restored}, {self.shoes_unchanged} unchanged; {count(self.sizes_set, 'size')} set; "
            f"{count(self.brands_created, 'brand')} created; {count(self.pictures_stored, 'picture')} stored."
        )
        return f"Dry run, nothing written. {text}" if self.dry_run else f"Imported {text}"


def shoes_import(
    *,
    csv_path: Path,
    images_dir: Path | None = None,
    dry_run: bool = False,
    progress: Progress | None = None,
    actor: activity.Actor = None,
) -> ImportSummary:
    """Create or update the shoes of a CSV file, every row or none; raise ImportFailed listing every bad row.

    A row naming an archived shoe updates it and restores it to the shop. Rows are checked and pictures prepared
    before the transaction opens, so the write lock (SQLite takes it at the start) is held only for the reads and
    bulk writes.
    """
    read = shoes_read(
        csv_path=csv_path, images_dir=csv_path.parent if images_dir is None else images_dir, progress=progress
    )
    pictures = read.pictures
    with ExitStack() as stored:
        # Storage is not transactional: upload_stored removes each file again if anything below fails.
        names: dict[str, str] = {}
        for name, content in [] if dry_run else pictures.items():
            names[name] = stored.enter_context(upload_stored(_image_field, content))
        try:
            with transaction.atomic():
                diff = catalogue_diff(
                    plans=read.plans, catalogue=_catalogue_read(keys=read.plans), names=names, now=timezone.now()
                )
                if not dry_run:
                    services.catalogue_rows_write(
                        brands=diff.brands,
                        shoes=diff.shoes,
                        shoes_changed=diff.shoes_changed,
                        shoe_fields=SHOE_FIELDS_CHANGED,
                        stock=diff.stock,
                        stock_changed=diff.stock_changed,
                    )
                    services.pictures_delete_on_commit(names=diff.pictures_replaced)
                    # One line for the whole file (an import may write thousands of rows): what it did, in counts.
                    activity.record(
                        actor or activity.command("import_shoes"),
                        "catalogue.import",
                        label=csv_path.name,
                        after={"rows": len(read.rows), **diff.counts(shoes=len(read.plans))},
                    )
        except IntegrityError as error:
            # Another admin changed the catalogue under the import (a brand created a moment ago).
            raise ImportFailed([f"the catalogue changed while importing ({error}); run the import again"]) from None
    return ImportSummary(
        rows=len(read.rows), pictures_stored=len(pictures), dry_run=dry_run, **diff.counts(shoes=len(read.plans))
    )


def _catalogue_read(*, keys: Iterable[ShoeKey]) -> Catalogue:
    """What the catalogue has of the brands the file names, in three queries whatever the file's size."""
    brands = {brand.name.lower(): brand for brand in Brand.objects.all()}
    file_brands = {key[0] for key in keys}
    known_ids = [brand.pk for name, brand in brands.items() if name in file_brands]
    brand_names = {brand.pk: name for name, brand in brands.items()}
    shoes: dict[ShoeKey, list[Shoe]] = defaultdict(list)
    for shoe in Shoe.objects.filter(brand_id__in=known_ids).only(
        "id", "brand_id", "name", "color", "price", "sale_price", "description", "image", "image_sizes", "archived_at"
    ):
        shoes[brand_names[shoe.brand_id], shoe.name.lower(), shoe.color.lower()].append(shoe)
    stock: dict[int, dict[Decimal, tuple[int, int]]] = defaultdict(dict)
    for entry_id, shoe_id, size, quantity in StockEntry.objects.filter(shoe__brand_id__in=known_ids).values_list(
        "id", "shoe_id", "size", "quantity"
    ):
        stock[shoe_id][size] = (entry_id, quantity)
    return Catalogue(brands=brands, shoes=dict(shoes), stock=dict(stock))
