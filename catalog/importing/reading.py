"""The import's read (docs/DESIGN.md §9): a CSV file's rows checked one by one with the Create Shoes form's rules,
their pictures read and prepared, and grouped into the shoes they describe. Nothing here writes."""

import csv
import hashlib
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path, PurePosixPath

from django.core.exceptions import SuspiciousFileOperation
from django.core.files.base import ContentFile
from rest_framework import serializers

from shopsite.images import MAX_UPLOAD_BYTES, TOO_BIG, InvalidImage, image_normalize

from ..fields import PriceField, QuantityField, SalePriceField, SizeField, TextField
from ..images import SHOE_IMAGE_MAX_SIDE
from ..models import Shoe, size_label
from .cells import cell_unescape

COLUMNS = ("brand", "name", "color", "price", "description", "image", "size", "quantity")
# Columns a file may leave out: without salePrice the shoes keep theirs; an empty cell clears one.
OPTIONAL_COLUMNS = ("salePrice",)
SALE_PRICE_NOT_BELOW = "The sale price must be below the price"
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
    salePrice = SalePriceField(source="sale_price", required=False)
    description = TextField("description")
    # Empty size and quantity (or 0) is a shoe without sizes, which is how the export writes one.
    size = SizeField(required=False, error_messages={"invalid": "Only numbers"})
    quantity = QuantityField(min_value=0, required=False)

    def validate(self, data: dict) -> dict:
        if "size" in data and "quantity" not in data:
            raise serializers.ValidationError({"quantity": ["Enter a valid quantity"]})
        if "size" not in data and data.get("quantity"):
            raise serializers.ValidationError({"size": ["Enter a valid size"]})
        if data.get("sale_price") is not None and data["sale_price"] >= data["price"]:
            raise serializers.ValidationError({"salePrice": [f"{SALE_PRICE_NOT_BELOW} ({data['price']})"]})
        return data


@dataclass(frozen=True)
class Picture:
    """The picture an image cell names."""

    name: str  # the media name the shoe shows; "" for the placeholder
    content: ContentFile | None = None  # a new file to store under that name; None when already stored


@dataclass
class Row:
    """One row of the file, checked."""

    line: int
    brand: str
    name: str
    color: str
    price: Decimal
    description: str
    image: str  # as written, "none" in lower case
    picture: Picture | None  # None: the cell was empty
    size: Decimal | None
    quantity: int
    # Without a salePrice column the shoe keeps its own: sale_price_given is False.
    sale_price: Decimal | None = None
    sale_price_given: bool = False

    @property
    def key(self) -> ShoeKey:
        return self.brand.lower(), self.name.lower(), self.color.lower()


@dataclass
class ShoePlan:
    """A shoe of the file: its first row (its fields) and the sizes its rows set."""

    first: Row
    sizes: dict[Decimal, tuple[int, int]]  # size -> (line, quantity)


@dataclass(frozen=True)
class ShoesRead:
    """A file read: its rows, and the shoes they describe by (brand, name, color) in lower case."""

    rows: list[Row]
    plans: dict[ShoeKey, ShoePlan]

    @property
    def pictures(self) -> dict[str, ContentFile]:
        """The new files to store, by the name each was planned under."""
        return {row.picture.name: row.picture.content for row in self.rows if row.picture and row.picture.content}


def shoes_read(*, csv_path: Path, images_dir: Path, progress: Progress | None = None) -> ShoesRead:
    """Every row of the file checked, its pictures prepared, grouped by shoe; ImportFailed listing every bad row."""
    lines = list(_csv_lines(csv_path.read_bytes()))
    if not lines:
        raise ImportFailed(["row 1: header: the file is empty; it needs a header row"])
    columns = _columns(*lines[0])
    # The ' the export puts in front of a cell a spreadsheet would run as a formula comes off (cells.py).
    body = [(line, [cell_unescape(c) for c in cells]) for line, cells in lines[1:] if any(c.strip() for c in cells)]

    rows, errors = _rows_check(body, columns=columns, images_dir=images_dir, progress=progress)
    plans = _shoes_group(rows, errors)
    if errors:
        raise ImportFailed(sorted(errors, key=_line_of))
    return ShoesRead(rows=rows, plans=plans)


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
    """The header's column names, as COLUMNS and OPTIONAL_COLUMNS spell them (a header's case does not matter)."""
    known = {name.lower(): name for name in (*COLUMNS, *OPTIONAL_COLUMNS)}
    names = [known.get(cell.strip().lower(), cell.strip().lower()) for cell in header]
    errors = []
    for position, name in enumerate(names):
        if name not in known.values():
            everything = ", ".join((*COLUMNS, *(f"{name} (optional)" for name in OPTIONAL_COLUMNS)))
            errors.append(f"row {line}: {name or '(blank)'}: unknown column; the columns are {everything}")
        elif name in names[:position]:
            errors.append(f"row {line}: {name}: the column appears twice")
    errors += [f"row {line}: {name}: missing column" for name in COLUMNS if name not in names]
    if errors:
        raise ImportFailed(errors)
    return names


def _rows_check(
    body: list[tuple[int, list[str]]], *, columns: list[str], images_dir: Path, progress: Progress | None
) -> tuple[list[Row], list[str]]:
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
        self.pictures: dict[str, Picture | InvalidImage] = {}
        self.by_name: dict[str, Picture] = {}
        self.errors: list[str] = []

    def check(self, line: int, cells: list[str]) -> Row | None:
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
        return Row(
            line=line,
            brand=values["brand"],
            name=values["name"],
            color=values["color"],
            price=values["price"],
            description=values["description"],
            image=NO_IMAGE if image.lower() == NO_IMAGE else image,
            picture=picture,
            sale_price=values.get("sale_price"),
            sale_price_given="salePrice" in self.columns,
            size=values.get("size"),
            quantity=values.get("quantity") or 0,
        )


def _picture_prepare(cell: str, *, images_dir: Path, by_name: dict[str, Picture]) -> Picture | InvalidImage:
    """The picture an image cell names: none, a file under images_dir re-encoded as uploads are, or a stored one.

    A file only inside images_dir: an absolute path, a `../` or a symbolic link that leads out of it is refused, so a
    file handed to an operator cannot make the import read (and publish as a shoe's picture) any file the server can.
    """
    if cell.lower() == NO_IMAGE:
        return Picture(name="")
    storage = _image_field.storage
    path = images_dir / cell
    root = images_dir.resolve()
    if PurePosixPath(cell).is_absolute() or Path(cell).is_absolute() or not path.resolve().is_relative_to(root):
        return InvalidImage(f"{cell} is outside the images folder {images_dir}; name a file inside it")
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
            picture = Picture(name=name)
        else:
            try:
                content = image_normalize(ContentFile(data), max_side=SHOE_IMAGE_MAX_SIDE)
            except InvalidImage as error:
                return error
            content.name = PurePosixPath(name).name
            picture = Picture(name=name, content=content)
        by_name[name] = picture
        return picture
    if _is_stored_shoe_picture(cell):
        return Picture(name=cell)
    return InvalidImage(f"no file {path}, and no shoe picture {cell} in the media storage")


def _is_stored_shoe_picture(name: str) -> bool:
    """Whether name is a stored file where shoe pictures live (an avatar is never taken for a shoe's)."""
    try:
        return _image_field.generate_filename(None, PurePosixPath(name).name) == name and (
            _image_field.storage.exists(name)
        )
    except (SuspiciousFileOperation, ValueError):
        return False


def _shoes_group(rows: list[Row], errors: list[str]) -> dict[ShoeKey, ShoePlan]:
    """Rows of one brand, name and color (any case) are one shoe: its fields must agree, its sizes differ."""
    plans: dict[ShoeKey, ShoePlan] = {}
    for row in rows:
        plan = plans.setdefault(row.key, ShoePlan(first=row, sizes={}))
        first = plan.first
        for field in ("price", "sale_price", "description", "image"):
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
