"""Shoes in and out of CSV files: the operator's all-or-nothing import and the export it can read back."""

import csv
import hashlib
import io
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path, PurePosixPath
from typing import TextIO

from django.core.exceptions import SuspiciousFileOperation
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils import timezone
from rest_framework import serializers

from shopsite.images import MAX_UPLOAD_BYTES, TOO_BIG, InvalidImage, image_normalize, upload_stored

from . import services
from .fields import PriceField, QuantityField, SizeField, TextField
from .images import SHOE_IMAGE_MAX_SIDE
from .models import Brand, Shoe, StockEntry, size_label

COLUMNS = ("brand", "name", "color", "price", "description", "image", "size", "quantity")
# The image cell that means "no picture"; an empty cell means "keep the picture the shoe has".
NO_IMAGE = "none"
MAX_ERRORS_SHOWN = 50
PROGRESS_EVERY = 100

_image_field = Shoe._meta.get_field("image")

Progress = Callable[[int, int], None]
ShoeKey = tuple[str, str, str]


class ImportFailed(Exception):
    """The file cannot be imported; errors holds one "row N: field: message" line per problem."""

    def __init__(self, errors: list[str]):
        self.errors = errors
        super().__init__(self.report())

    def report(self) -> str:
        shown = self.errors[:MAX_ERRORS_SHOWN]
        lines = [f"Nothing was imported; {len(self.errors)} problem{'s' if len(self.errors) != 1 else ''}:", *shown]
        if len(self.errors) > len(shown):
            lines.append(f"... and {len(self.errors) - len(shown)} more")
        return "\n".join(lines)


class ShoeRowInput(serializers.Serializer):
    """One line of an import file, held to the Create Shoes form's rules (docs/PRODUCT.md §5)."""

    brand = TextField("brand")
    name = TextField("name")
    color = TextField("color")
    price = PriceField()
    description = TextField("description")
    # Empty size and quantity (or 0) is a shoe without sizes, which is how the export writes one.
    size = SizeField(required=False, error_messages={"invalid": "Only numbers"})
    quantity = QuantityField(min_value=0, required=False)

    def validate(self, data: dict) -> dict:
        if "size" in data and "quantity" not in data:
            raise serializers.ValidationError({"quantity": ["Enter a valid quantity"]})
        if "size" not in data and data.get("quantity"):
            raise serializers.ValidationError({"size": ["Enter a valid size"]})
        return data


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


@dataclass(frozen=True)
class _Picture:
    name: str  # the media name the shoe shows; "" for the placeholder
    content: ContentFile | None = None  # a new file to store under that name; None when already stored


@dataclass
class _Row:
    line: int
    brand: str
    name: str
    color: str
    price: Decimal
    description: str
    image: str  # as written, "none" in lower case
    picture: _Picture | None  # None: the cell was empty
    size: Decimal | None
    quantity: int

    @property
    def key(self) -> ShoeKey:
        return self.brand.lower(), self.name.lower(), self.color.lower()


@dataclass
class _ShoePlan:
    first: _Row
    sizes: dict[Decimal, tuple[int, int]]  # size -> (line, quantity)


def shoes_import(
    *, csv_path: Path, images_dir: Path | None = None, dry_run: bool = False, progress: Progress | None = None
) -> ImportSummary:
    """Create or update the shoes of a CSV file, every row or none; raise ImportFailed listing every bad row.

    A row naming an archived shoe updates it and restores it to the shop. Rows are checked and pictures prepared
    before the transaction opens, so the write lock (SQLite takes it at the start) is held only for the reads and
    bulk writes.
    """
    images_dir = csv_path.parent if images_dir is None else images_dir
    lines = list(_csv_lines(csv_path.read_bytes()))
    if not lines:
        raise ImportFailed(["row 1: header: the file is empty; it needs a header row"])
    columns = _columns(*lines[0])
    body = [(line, cells) for line, cells in lines[1:] if any(cell.strip() for cell in cells)]

    rows, errors = _rows_check(body, columns=columns, images_dir=images_dir, progress=progress)
    plans = _shoes_group(rows, errors)
    if errors:
        raise ImportFailed(sorted(errors, key=_line_of))

    pictures = {row.picture.name: row.picture.content for row in rows if row.picture and row.picture.content}
    with ExitStack() as stored:
        # Storage is not transactional: upload_stored removes each file again if anything below fails.
        names: dict[str, str] = {}
        for name, content in [] if dry_run else pictures.items():
            names[name] = stored.enter_context(upload_stored(_image_field, content))
        try:
            with transaction.atomic():
                summary = _catalogue_write(plans, names=names, dry_run=dry_run)
        except IntegrityError as error:
            # Another admin changed the catalogue under the import (a brand created a moment ago).
            raise ImportFailed([f"the catalogue changed while importing ({error}); run the import again"]) from None
    return ImportSummary(rows=len(rows), pictures_stored=len(pictures), dry_run=dry_run, **summary)


def shoes_export(*, out: TextIO) -> int:
    """Write the catalogue as an import file, one row per size, by brand, name, color and size; return the rows.

    Archived shoes are not in it: they are out of the shop, and the database's backup is where they are kept.
    """
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    stock: dict[int, list[tuple[Decimal | None, int]]] = defaultdict(list)
    for shoe_id, size, quantity in StockEntry.objects.order_by("shoe_id", "size").values_list(
        "shoe_id", "size", "quantity"
    ):
        stock[shoe_id].append((size, quantity))
    shoes = (
        Shoe.objects.in_shop()
        .order_by(Lower("brand__name"), "brand__name", Lower("name"), "name", Lower("color"), "color", "id")
        .values_list("id", "brand__name", "name", "color", "price", "description", "image")
    )
    rows = 0
    for shoe_id, brand, name, color, price, description, image in shoes.iterator(chunk_size=2000):
        # A shoe without sizes still gets a line, which the import reads back as a shoe without sizes.
        for size, quantity in stock.get(shoe_id) or [(None, 0)]:
            size_text = size_label(size) if size is not None else ""
            writer.writerow([brand, name, color, f"{price:f}", description, image or NO_IMAGE, size_text, quantity])
            rows += 1
    return rows


def _line_of(error: str) -> int:
    return int(error.split(":", 1)[0].removeprefix("row "))


def _csv_lines(data: bytes) -> Iterator[tuple[int, list[str]]]:
    """Each record of the file with the line it starts on, header included."""
    try:
        text = data.decode("utf-8-sig")  # spreadsheets often start UTF-8 files with a BOM
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ImportFailed([f"row {line}: encoding: the file is not UTF-8 text; save it as CSV UTF-8"]) from None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    previous = 0
    try:
        for cells in reader:
            yield previous + 1, cells
            previous = reader.line_num
    except csv.Error as error:
        raise ImportFailed([f"row {previous + 1}: csv: {error}"]) from None


def _columns(line: int, header: list[str]) -> list[str]:
    names = [cell.strip().lower() for cell in header]
    errors = []
    for position, name in enumerate(names):
        if name not in COLUMNS:
            errors.append(f"row {line}: {name or '(blank)'}: unknown column; the columns are {', '.join(COLUMNS)}")
        elif name in names[:position]:
            errors.append(f"row {line}: {name}: the column appears twice")
    errors += [f"row {line}: {name}: missing column" for name in COLUMNS if name not in names]
    if errors:
        raise ImportFailed(errors)
    return names


def _rows_check(
    body: list[tuple[int, list[str]]], *, columns: list[str], images_dir: Path, progress: Progress | None
) -> tuple[list[_Row], list[str]]:
    """Every row checked on its own: the form's rules, and a picture that can be read."""
    checker = _RowChecker(columns=columns, images_dir=images_dir)
    rows = []
    for done, (line, cells) in enumerate(body, start=1):
        row = checker.check(line, cells)
        if row is not None:
            rows.append(row)
        if progress and (done % PROGRESS_EVERY == 0 or done == len(body)):
            progress(done, len(body))
    return rows, checker.errors


class _RowChecker:
    """Checks rows one by one, collecting errors and reading each picture the file names once."""

    def __init__(self, *, columns: list[str], images_dir: Path):
        self.columns = columns
        self.images_dir = images_dir
        # One serializer for every row: building its fields anew per row would be most of the import's time.
        self.row_input = ShoeRowInput()
        self.pictures: dict[str, _Picture | InvalidImage] = {}
        self.by_name: dict[str, _Picture] = {}
        self.errors: list[str] = []

    def check(self, line: int, cells: list[str]) -> _Row | None:
        if len(cells) != len(self.columns):
            self.errors.append(f"row {line}: cells: the row has {len(cells)} cells; the header has {len(self.columns)}")
            return None
        data = dict(zip(self.columns, cells, strict=True))
        image = data.pop("image").strip()
        picture = None
        if image:
            if image not in self.pictures:
                self.pictures[image] = _picture_prepare(image, images_dir=self.images_dir, by_name=self.by_name)
            picture = self.pictures[image]
        bad_picture = isinstance(picture, InvalidImage)
        if bad_picture:
            self.errors.append(f"row {line}: image: {picture}")
        try:
            values = self.row_input.run_validation(data)
        except serializers.ValidationError as error:
            for field, messages in error.detail.items():
                self.errors += [f"row {line}: {field}: {message}" for message in messages]
            return None
        if bad_picture:
            return None
        return _Row(
            line=line,
            brand=values["brand"],
            name=values["name"],
            color=values["color"],
            price=values["price"],
            description=values["description"],
            image=NO_IMAGE if image.lower() == NO_IMAGE else image,
            picture=picture,
            size=values.get("size"),
            quantity=values.get("quantity") or 0,
        )


def _picture_prepare(cell: str, *, images_dir: Path, by_name: dict[str, _Picture]) -> _Picture | InvalidImage:
    """The picture an image cell names: none, a file under images_dir re-encoded as uploads are, or a stored one."""
    if cell.lower() == NO_IMAGE:
        return _Picture(name="")
    storage = _image_field.storage
    path = images_dir / cell
    if path.is_file():
        if path.stat().st_size > MAX_UPLOAD_BYTES:
            return InvalidImage(TOO_BIG)
        data = path.read_bytes()
        # Named after its content, so importing the same file again finds the picture instead of storing a copy.
        digest = hashlib.sha256(data + f"/{SHOE_IMAGE_MAX_SIDE}".encode()).hexdigest()[:32]
        name = _image_field.generate_filename(None, f"{digest}.webp")
        if name in by_name:
            return by_name[name]
        if storage.exists(name):
            picture = _Picture(name=name)
        else:
            try:
                content = image_normalize(ContentFile(data), max_side=SHOE_IMAGE_MAX_SIDE)
            except InvalidImage as error:
                return error
            content.name = PurePosixPath(name).name
            picture = _Picture(name=name, content=content)
        by_name[name] = picture
        return picture
    if _is_stored_shoe_picture(cell):
        return _Picture(name=cell)
    return InvalidImage(f"no file {path}, and no shoe picture {cell} in the media storage")


def _is_stored_shoe_picture(name: str) -> bool:
    """Whether name is a stored file where shoe pictures live (an avatar is never taken for a shoe's)."""
    try:
        return _image_field.generate_filename(None, PurePosixPath(name).name) == name and (
            _image_field.storage.exists(name)
        )
    except (SuspiciousFileOperation, ValueError):
        return False


def _shoes_group(rows: list[_Row], errors: list[str]) -> dict[ShoeKey, _ShoePlan]:
    """Rows of one brand, name and color (any case) are one shoe: its fields must agree, its sizes differ."""
    plans: dict[ShoeKey, _ShoePlan] = {}
    for row in rows:
        plan = plans.setdefault(row.key, _ShoePlan(first=row, sizes={}))
        first = plan.first
        for field in ("price", "description", "image"):
            if getattr(row, field) != getattr(first, field):
                errors.append(
                    f"row {row.line}: {field}: {getattr(row, field) or '(empty)'} differs from "
                    f"{getattr(first, field) or '(empty)'} on row {first.line}, a row of the same shoe"
                )
        if row.size is None:
            continue
        if row.size in plan.sizes:
            errors.append(
                f"row {row.line}: size: size {size_label(row.size)} of this shoe is already on row "
                f"{plan.sizes[row.size][0]}"
            )
        else:
            plan.sizes[row.size] = (row.line, row.quantity)
    return plans


def _catalogue_write(plans: dict[ShoeKey, _ShoePlan], *, names: dict[str, str], dry_run: bool) -> dict[str, int]:
    """Apply the planned shoes to the catalogue in bulk, read in a handful of queries; return the counts."""
    brands = {brand.name.lower(): brand for brand in Brand.objects.all()}
    new_brands: dict[str, Brand] = {}
    for key, plan in plans.items():
        if key[0] not in brands and key[0] not in new_brands:
            new_brands[key[0]] = Brand(name=plan.first.brand)
    file_brands = {key[0] for key in plans}
    known_ids = [brand.pk for key, brand in brands.items() if key in file_brands]
    brand_names = {brand.pk: name for name, brand in brands.items()}

    existing: dict[ShoeKey, list[Shoe]] = defaultdict(list)
    # Archived shoes too: a file naming one is the operator putting it back in the shop, not a second shoe.
    for shoe in Shoe.objects.filter(brand_id__in=known_ids).only(
        "id", "brand_id", "name", "color", "price", "description", "image", "image_sizes", "archived_at"
    ):
        existing[brand_names[shoe.brand_id], shoe.name.lower(), shoe.color.lower()].append(shoe)
    stock: dict[int, dict[Decimal, tuple[int, int]]] = defaultdict(dict)
    for entry_id, shoe_id, size, quantity in StockEntry.objects.filter(shoe__brand_id__in=known_ids).values_list(
        "id", "shoe_id", "size", "quantity"
    ):
        stock[shoe_id][size] = (entry_id, quantity)

    now = timezone.now()
    errors: list[str] = []
    new_shoes: list[Shoe] = []
    changed_shoes: list[Shoe] = []
    new_entries: list[StockEntry] = []
    changed_entries: list[StockEntry] = []
    unchanged = restored = 0
    old_pictures: set[str] = set()
    for key, plan in plans.items():
        first = plan.first
        picture_name = None
        if first.picture is not None:
            # A new picture may have been stored under another name than planned (one was there already).
            picture_name = names.get(first.picture.name, first.picture.name)
        matches = existing.get(key, [])
        if len(matches) > 1:
            ids = ", ".join(str(shoe.pk) for shoe in matches)
            errors.append(
                f"row {first.line}: name: the shop has {len(matches)} shoes {first.brand} {first.name} in "
                f"{first.color} (ids {ids}); rename all but one before importing"
            )
            continue
        if not matches:
            shoe = Shoe(
                brand=brands.get(key[0]) or new_brands[key[0]],
                name=first.name,
                color=first.color,
                price=first.price,
                description=first.description,
                image=picture_name or "",
            )
            new_shoes.append(shoe)
            new_entries += [StockEntry(shoe=shoe, size=size, quantity=q) for size, (_, q) in plan.sizes.items()]
            continue
        shoe = matches[0]
        changed = shoe.price != first.price or shoe.description != first.description
        if shoe.archived_at is not None:
            shoe.archived_at = None
            restored += 1
            changed = True
        if picture_name is not None and picture_name != shoe.image.name:
            if shoe.image.name:
                old_pictures.add(shoe.image.name)
            shoe.image = picture_name
            changed = True
        if changed:
            shoe.price, shoe.description, shoe.updated_at = first.price, first.description, now
            changed_shoes.append(shoe)
        sizes_before = len(new_entries) + len(changed_entries)
        for size, (_, quantity) in plan.sizes.items():
            entry_id, before = stock[shoe.pk].get(size, (None, None))
            if entry_id is None:
                new_entries.append(StockEntry(shoe=shoe, size=size, quantity=quantity))
            elif before != quantity:
                changed_entries.append(StockEntry(id=entry_id, quantity=quantity, updated_at=now))
        if not changed and len(new_entries) + len(changed_entries) == sizes_before:
            unchanged += 1
    if errors:
        raise ImportFailed(errors)

    if not dry_run:
        services.catalogue_rows_write(
            brands=new_brands.values(),
            shoes=new_shoes,
            shoes_changed=changed_shoes,
            shoe_fields=["price", "description", "image", "archived_at", "updated_at"],
            stock=new_entries,
            stock_changed=changed_entries,
        )
        _pictures_delete_on_commit(old_pictures)
    return {
        "shoes_created": len(new_shoes),
        "shoes_updated": len(plans) - len(new_shoes) - unchanged,
        "shoes_unchanged": unchanged,
        "shoes_restored": restored,
        "sizes_set": len(new_entries) + len(changed_entries),
        "brands_created": len(new_brands),
    }


def _pictures_delete_on_commit(names: set[str]) -> None:
    """Remove pictures the import replaced once it is committed, unless a shoe still shows them."""
    if not names:
        return

    def delete() -> None:
        in_use = set(Shoe.objects.filter(image__in=names).values_list("image", flat=True))
        for name in names - in_use:
            _image_field.storage.delete(name)

    # robust: a storage hiccup must not look like a failed import once the rows are committed.
    transaction.on_commit(delete, robust=True)
