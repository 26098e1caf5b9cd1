"""The import's diff: what a file's shoes change in the catalogue as it stands (shoes to create, to change, to bring
back from the archive; sizes to add or set; brands to create; pictures replaced). Pure: it reads no database and
writes nothing, so it is tested without one; writing.py reads the catalogue before and writes the diff after."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from ..models import Brand, Shoe, StockEntry
from .reading import SALE_PRICE_NOT_BELOW, ImportFailed, ShoeKey, ShoePlan

# The fields of a changed shoe the import writes.
SHOE_FIELDS_CHANGED = ["price", "sale_price", "description", "image", "archived_at", "updated_at"]


@dataclass(frozen=True)
class Catalogue:
    """The catalogue as the import compares a file with it: what the shop has of the brands the file names."""

    # Every brand, by its name in lower case.
    brands: dict[str, Brand]
    # The shoes of the file's brands by (brand, name, color) in lower case, archived ones too: a file naming one is
    # the operator putting it back in the shop, not a second shoe.
    shoes: dict[ShoeKey, list[Shoe]]
    # Their sizes: shoe id -> size -> (stock entry id, quantity).
    stock: dict[int, dict[Decimal, tuple[int, int]]]


@dataclass
class CatalogueDiff:
    """New rows (unsaved), changed rows (their id and the fields to write), and what the import's summary counts."""

    brands: list[Brand] = field(default_factory=list)
    shoes: list[Shoe] = field(default_factory=list)
    shoes_changed: list[Shoe] = field(default_factory=list)
    stock: list[StockEntry] = field(default_factory=list)
    stock_changed: list[StockEntry] = field(default_factory=list)
    # The pictures changed shoes showed before: deleted once the import commits, unless a shoe still shows them.
    pictures_replaced: set[str] = field(default_factory=set)
    shoes_unchanged: int = 0
    shoes_restored: int = 0

    def counts(self, *, shoes: int) -> dict[str, int]:
        """The summary's counts, for a file of that many shoes."""
        return {
            "shoes_created": len(self.shoes),
            "shoes_updated": shoes - len(self.shoes) - self.shoes_unchanged,
            "shoes_unchanged": self.shoes_unchanged,
            "shoes_restored": self.shoes_restored,
            "sizes_set": len(self.stock) + len(self.stock_changed),
            "brands_created": len(self.brands),
        }


def catalogue_diff(
    *, plans: Mapping[ShoeKey, ShoePlan], catalogue: Catalogue, names: Mapping[str, str], now: datetime
) -> CatalogueDiff:
    """What the file's shoes change in the catalogue; ImportFailed when a shoe of the file is two of the shop's.

    names maps a new picture's planned name to the one it was stored under (another, when one was there already).
    The catalogue's rows are left as they are: a changed shoe is a new instance with the same id.
    """
    diff = CatalogueDiff()
    new_brands: dict[str, Brand] = {}
    errors: list[str] = []
    for key, plan in plans.items():
        brand = catalogue.brands.get(key[0]) or new_brands.get(key[0])
        if brand is None:
            brand = new_brands[key[0]] = Brand(name=plan.first.brand)
            diff.brands.append(brand)
        matches = catalogue.shoes.get(key, [])
        if len(matches) > 1:
            first = plan.first
            ids = ", ".join(str(shoe.pk) for shoe in matches)
            errors.append(
                f"row {first.line}: name: the shop has {len(matches)} shoes {first.brand} {first.name} in "
                f"{first.color} (ids {ids}); rename all but one before importing"
            )
        elif matches:
            error = _shoe_diff(
                diff, shoe=matches[0], plan=plan, stock=catalogue.stock.get(matches[0].pk, {}), names=names, now=now
            )
            if error:
                errors.append(error)
        else:
            _shoe_new(diff, brand=brand, plan=plan, names=names)
    if errors:
        raise ImportFailed(errors)
    return diff


def _picture_name(plan: ShoePlan, names: Mapping[str, str]) -> str | None:
    """The picture the file gives the shoe ("" for none); None when its cell was empty (the shoe keeps its own)."""
    picture = plan.first.picture
    return None if picture is None else names.get(picture.name, picture.name)


def _shoe_new(diff: CatalogueDiff, *, brand: Brand, plan: ShoePlan, names: Mapping[str, str]) -> None:
    first = plan.first
    shoe = Shoe(
        brand=brand,
        name=first.name,
        color=first.color,
        price=first.price,
        sale_price=first.sale_price,
        description=first.description,
        image=_picture_name(plan, names) or "",
    )
    diff.shoes.append(shoe)
    diff.stock += [StockEntry(shoe=shoe, size=size, quantity=quantity) for size, (_, quantity) in plan.sizes.items()]


def _shoe_diff(
    diff: CatalogueDiff,
    *,
    shoe: Shoe,
    plan: ShoePlan,
    stock: Mapping[Decimal, tuple[int, int]],
    names: Mapping[str, str],
    now: datetime,
) -> str | None:
    """A shoe the shop has: its changed fields, whether it comes back from the archive, its new and changed sizes; an
    error when the sale price it keeps is not below the file's price."""
    first = plan.first
    image = shoe.image.name
    sale_price = first.sale_price if first.sale_price_given else shoe.sale_price
    if sale_price is not None and sale_price >= first.price:
        return (
            f"row {first.line}: price: {SALE_PRICE_NOT_BELOW}: the shoe's sale price is {sale_price}; "
            "give a lower price, or a salePrice column"
        )
    changed = shoe.price != first.price or shoe.sale_price != sale_price or shoe.description != first.description
    if shoe.archived_at is not None:
        diff.shoes_restored += 1
        changed = True
    picture_name = _picture_name(plan, names)
    if picture_name is not None and picture_name != image:
        if image:
            diff.pictures_replaced.add(image)
        image = picture_name
        changed = True
    if changed:
        diff.shoes_changed.append(
            Shoe(
                pk=shoe.pk,
                brand_id=shoe.brand_id,
                name=shoe.name,
                color=shoe.color,
                price=first.price,
                sale_price=sale_price,
                description=first.description,
                image=image,
                image_sizes=shoe.image_sizes,
                archived_at=None,
                updated_at=now,
            )
        )
    sizes_before = len(diff.stock) + len(diff.stock_changed)
    for size, (_, quantity) in plan.sizes.items():
        entry_id, before = stock.get(size, (None, None))
        if entry_id is None:
            diff.stock.append(StockEntry(shoe_id=shoe.pk, size=size, quantity=quantity))
        elif before != quantity:
            diff.stock_changed.append(StockEntry(id=entry_id, quantity=quantity, updated_at=now))
    if not changed and len(diff.stock) + len(diff.stock_changed) == sizes_before:
        diff.shoes_unchanged += 1
    return None
