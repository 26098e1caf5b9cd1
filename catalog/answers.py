"""A shoe as the API answers it, defined once: its fields are the schema, and every answer is built from them.

The catalogue's reads answer pages of shoes all day, from plain rows (selectors.shoe_rows, selectors.stock_rows);
other answers (a write's, a favorite's) make the same row of a shoe. DRF's serializer runs a dozen field objects per
shoe and its stock, four times slower than a dict, so ShoeOutput's fields are read once into a plan of plain steps
(_answer_plan) that builds the same JSON; tests/test_shoe_answers.py holds the plan to DRF's own rendering, byte for
byte. A field added to ShoeOutput is in every shoe's answer and in the schema at once.
"""

from collections.abc import Callable, Iterable, Mapping
from operator import itemgetter
from typing import Any

from rest_framework import serializers

from . import selectors
from .fields import SizeField
from .images import image_url
from .models import Shoe, rating_of


class ImageUrlField(serializers.CharField):
    """A stored picture's name on the wire as its URL, the shop's placeholder for none."""

    def to_representation(self, value: str) -> str:
        return image_url(value)


class RatingField(serializers.DecimalField):
    """A shoe's average stars from its counters (the whole row: source="*"), to one decimal; null unreviewed."""

    def __init__(self, **kw):
        super().__init__(max_digits=2, decimal_places=1, allow_null=True, **kw)

    def to_representation(self, row: Mapping) -> float | None:
        rating = rating_of(total=row["rating_total"], count=row["review_count"])
        # The JSON renderer writes a Decimal as this very float.
        return None if rating is None else float(rating)


class StockEntryOutput(serializers.Serializer):
    """A size of a shoe and the pairs left; a selectors.StockRow."""

    _id = serializers.IntegerField(source="id")
    size = SizeField(read_only=True)
    quantity = serializers.IntegerField()


class ShoeOutput(serializers.Serializer):
    """A shoe on the wire (docs/PRODUCT.md §3), from a shoe row (selectors.SHOE_ROW_FIELDS and its "stock")."""

    _id = serializers.IntegerField(source="id")
    name = serializers.CharField()
    brand = serializers.CharField(source="brand_name")
    image = ImageUrlField(help_text="The picture's URL, or the shop's placeholder.")
    description = serializers.CharField()
    color = serializers.CharField()
    price = serializers.DecimalField(max_digits=8, decimal_places=2)
    onSale = serializers.BooleanField(source="on_sale")
    stock = StockEntryOutput(many=True)
    rating = RatingField(source="*", help_text="Average stars; null unreviewed.")
    reviewCount = serializers.IntegerField(source="review_count")

    def to_representation(self, shoe: Shoe | Mapping) -> dict:
        """A Shoe (its brand and stock fetched with it: selectors.shoe_get) or a shoe row, answered by the plan."""
        return _shoe_answer(shoe if isinstance(shoe, Mapping) else shoe_row(shoe))


def shoe_row(shoe: Shoe) -> dict:
    """A Shoe, with its brand and stock already fetched, as the row the catalogue's reads answer from."""
    row = {field: getattr(shoe, field) for field in selectors.SHOE_ROW_FIELDS if field != "brand_name"}
    row["brand_name"] = shoe.brand.name
    row["image"] = shoe.image.name
    row["stock"] = [selectors.StockRow(entry.pk, entry.size, entry.quantity) for entry in shoe.stock.all()]
    return row


def shoe_answers(rows: Iterable[dict]) -> list[dict]:
    """The answers of these rows of selectors.shoe_rows(), their stock read in one query for them all."""
    rows = list(rows)
    stock = selectors.stock_rows(shoe_ids=[row["id"] for row in rows])
    for row in rows:
        row["stock"] = stock.get(row["id"], ())
    return [_shoe_answer(row) for row in rows]


def _same(value: Any) -> Any:
    return value


def _plain(field: serializers.Field) -> Callable[[Any], Any]:
    """What a field makes of a row's value, as the JSON renderer then writes it, without DRF's machinery."""
    if isinstance(field, serializers.ListSerializer):
        child = _answer_plan(field.child, by_position=True)
        return lambda items: [child(item) for item in items]
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


def _answer_plan(serializer: serializers.Serializer, *, by_position: bool = False) -> Callable[[Any], dict]:
    """The answer of a row (a dict; with by_position a selectors.StockRow, read by index) as the serializer's fields
    would give it."""
    steps = []
    for name, field in serializer.fields.items():
        if field.source == "*":
            get = _same
        elif by_position:
            get = itemgetter(selectors.StockRow._fields.index(field.source))
        else:
            get = itemgetter(field.source)
        steps.append((name, get, _plain(field)))
    return lambda row: {name: plain(get(row)) for name, get, plain in steps}


_shoe_answer = _answer_plan(ShoeOutput())
