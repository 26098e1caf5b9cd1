"""A shoe as the API answers it, defined once: its fields are the schema, and every answer is built from them.

The catalogue's reads answer pages of shoes all day, from plain rows (selectors.shoe_rows, selectors.stock_rows);
other answers (a write's, a favorite's) make the same row of a shoe. DRF's serializer runs a dozen field objects per
shoe and its stock, four times slower than a dict, so ShoeOutput's fields are read once into a plan of plain steps
(_answer_plan) that builds the same JSON; tests/test_shoe_answers.py holds the plan to DRF's own rendering, byte for
byte. A field added to ShoeOutput is in every shoe's answer and in the schema at once.
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.conf import settings
from rest_framework import serializers

from . import selectors
from .fields import SizeField
from .images import image_url, picture_height, picture_srcset, picture_width
from .models import Shoe, rating_of


class ImageUrlField(serializers.CharField):
    """A stored picture's name on the wire as its URL, the shop's placeholder for none."""

    # The URL itself, no method around it (catalog/fields.py's SizeField says why).
    to_representation = staticmethod(image_url)


class PictureSrcsetField(serializers.CharField):
    """The picture's srcset from the whole row (source="*"): its smaller copies and itself, with their widths."""

    to_representation = staticmethod(picture_srcset)


class PictureWidthField(serializers.IntegerField):
    """The picture's width in pixels from the whole row (source="*"); null until measured."""

    to_representation = staticmethod(picture_width)


class PictureHeightField(serializers.IntegerField):
    to_representation = staticmethod(picture_height)


class RatingField(serializers.DecimalField):
    """A shoe's average stars from its counters (the whole row: source="*"), to one decimal; null unreviewed."""

    def __init__(self, **kw):
        super().__init__(max_digits=2, decimal_places=1, allow_null=True, **kw)

    def to_representation(self, row: Mapping) -> float | None:
        rating = rating_of(total=row["rating_total"], count=row["review_count"])
        # The JSON renderer writes a Decimal as this very float.
        return None if rating is None else float(rating)


class MoneyOrNullField(serializers.DecimalField):
    """Dollars as a price is answered (the JSON number the renderer writes for it), or null."""

    def __init__(self, **kw):
        super().__init__(max_digits=8, decimal_places=2, allow_null=True, **kw)

    def to_representation(self, value) -> float | None:
        return None if value is None else float(value)


class LowestPriceField(MoneyOrNullField):
    """The lowest price of the 30 days before its current reduction, from the whole row (source="*"); null unless it
    is reduced now (on sale with a sale price) and was sold in those days."""

    def to_representation(self, row: Mapping) -> float | None:
        reduced = row["on_sale"] and row["sale_price"] is not None
        return super().to_representation(row["lowest_prior_price"] if reduced else None)


class StockEntryOutput(serializers.Serializer):
    """A size of a shoe and the pairs left: a selectors.StockRow (the plan reads stock_rows' tuples by position)."""

    _id = serializers.IntegerField(source="id")
    size = SizeField(read_only=True)
    quantity = serializers.IntegerField()


class ShoeOutput(serializers.Serializer):
    """A shoe on the wire (docs/PRODUCT.md §3), from a shoe row: selectors.SHOE_ROW_FIELDS, and "stock" its sizes."""

    _id = serializers.IntegerField(source="id")
    name = serializers.CharField()
    brand = serializers.CharField(source="brand_name")
    image = ImageUrlField(help_text="The picture's URL, or the shop's placeholder.")
    imageSrcset = PictureSrcsetField(
        source="*", help_text="The picture at smaller widths and its own, as <img srcset>; empty until they are made."
    )
    imageWidth = PictureWidthField(source="*", allow_null=True, help_text="Pixels; null until measured.")
    imageHeight = PictureHeightField(source="*", allow_null=True, help_text="Pixels; null until measured.")
    description = serializers.CharField()
    color = serializers.CharField()
    price = serializers.DecimalField(max_digits=8, decimal_places=2, help_text="The regular price.")
    salePrice = MoneyOrNullField(
        source="sale_price", help_text="Below price; what it sells for while onSale (the price struck through then)."
    )
    onSale = serializers.BooleanField(source="on_sale")
    stock = StockEntryOutput(many=True)
    rating = RatingField(source="*", help_text="Average stars; null unreviewed.")
    reviewCount = serializers.IntegerField(source="review_count")
    lowestPrice30Days = LowestPriceField(
        source="*",
        help_text="Only where SHOP_LOWEST_PRICE_NOTICE is on: the lowest price of the 30 days before the "
        "current reduction started; null when not reduced.",
    )

    def get_fields(self) -> dict:
        fields = super().get_fields()
        # The plans below are written with and without it (context "notice"); other answers follow the setting.
        if not self.context.get("notice", settings.SHOP_LOWEST_PRICE_NOTICE):
            del fields[LOWEST_PRICE_FIELD]
        return fields

    def to_representation(self, shoe: Shoe | Mapping) -> dict:
        """A Shoe (its brand and stock fetched with it: selectors.shoe_get) or a shoe row, answered by the plan."""
        return _shoe_answer(shoe if isinstance(shoe, Mapping) else shoe_row(shoe))


LOWEST_PRICE_FIELD = "lowestPrice30Days"


def shoe_row(shoe: Shoe) -> dict:
    """A Shoe, with its brand and stock already fetched, as the row the catalogue's reads answer from."""
    row = {field: getattr(shoe, field) for field in selectors.SHOE_ROW_FIELDS if field != "brand_name"}
    row["brand_name"] = shoe.brand.name
    row["image"] = shoe.image.name
    row["stock"] = [(entry.pk, entry.size, entry.quantity) for entry in shoe.stock.all()]
    return row


def shoe_answers(rows: Iterable[dict]) -> list[dict]:
    """The answers of these rows of selectors.shoe_rows(), their stock read in one query for them all (or, rows of
    selectors.rows_with_stock, with them already)."""
    rows = list(rows)
    if rows and selectors.STOCK_READ in rows[0]:
        # Their page's query read their sizes too (selectors.rows_with_stock).
        for row in rows:
            row["stock"] = row.pop(selectors.STOCK_READ)
        return [_shoe_answer(row) for row in rows]
    stock = selectors.stock_rows(shoe_ids=[row["id"] for row in rows])
    for row in rows:
        row["stock"] = stock.get(row["id"], ())
    return [_shoe_answer(row) for row in rows]


def _same(value: Any) -> Any:
    return value


def _plain(field: serializers.Field) -> Callable[[Any], Any]:
    """What a field makes of a row's value, as the JSON renderer then writes it, without DRF's machinery."""
    if isinstance(field, serializers.BooleanField):
        # Rows hold the database's value (SQLite's 0 and 1).
        return bool
    if type(field) is serializers.DecimalField:
        # The renderer writes the field's Decimal as this very float.
        return float
    if type(field) in (serializers.IntegerField, serializers.CharField):
        # A row's integers and texts are already what these fields answer.
        return _same
    # The catalogue's own fields answer with plain values already.
    return field.to_representation


def _expression(serializer: serializers.Serializer, row: str, names: dict, *, by_position: bool = False) -> str:
    """Python for the dict the serializer's fields make of the row named `row` (a dict; with by_position a tuple of
    selectors.StockRow's fields, read by index); the conversions it calls are put in names."""
    items = []
    for name, field in serializer.fields.items():
        if field.source == "*":
            value = row
        elif by_position:
            value = f"{row}[{selectors.StockRow._fields.index(field.source)}]"
        else:
            value = f"{row}[{field.source!r}]"
        if isinstance(field, serializers.ListSerializer):
            item = f"item{len(names)}"
            names[item] = None
            value = f"[{_expression(field.child, item, names, by_position=True)} for {item} in {value}]"
        elif (plain := _plain(field)) is not _same:
            convert = f"convert{len(names)}"
            names[convert] = plain
            value = f"{convert}({value})"
        items.append(f"{name!r}: {value}")
    return "{" + ", ".join(items) + "}"


def _answer_plan(serializer: serializers.Serializer, *, by_position: bool = False) -> Callable[[Any], dict]:
    """A function answering a row (with by_position, a tuple) as the serializer's fields would, written once from
    those fields.

    Written as Python source and compiled, as the standard library's dataclasses and namedtuple write their methods:
    a dict display per shoe and per size is what a hand-written answer would be, and a loop calling a step per field
    took twice as long.
    """
    names: dict[str, Any] = {}
    source = f"def answer(row):\n    return {_expression(serializer, 'row', names, by_position=by_position)}\n"
    namespace = {name: value for name, value in names.items() if value is not None}
    exec(compile(source, f"<{type(serializer).__name__} plan>", "exec"), namespace)
    return namespace["answer"]


_shoe_answer_plans = {notice: _answer_plan(ShoeOutput(context={"notice": notice})) for notice in (False, True)}


def _shoe_answer(row: Mapping) -> dict:
    return _shoe_answer_plans[settings.SHOP_LOWEST_PRICE_NOTICE](row)


_stock_answer = _answer_plan(ShoeOutput().fields["stock"].child, by_position=True)


def stock_answers(*, shoe_ids: list[int]) -> dict[int, list[dict]]:
    """The "stock" of those shoes' answers, read now in one query (catalog/fresh.py merges it into kept answers)."""
    stock = selectors.stock_rows(shoe_ids=shoe_ids)
    return {shoe_id: [_stock_answer(row) for row in stock.get(shoe_id, ())] for shoe_id in shoe_ids}
