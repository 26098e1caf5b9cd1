"""The catalogue on the wire: the spec's field names out, the admin forms' rules in (SPEC.md §5)."""

import re
from collections.abc import Iterable
from decimal import Decimal
from functools import cache, lru_cache

from django.core.signals import setting_changed
from django.core.validators import RegexValidator
from django.dispatch import receiver
from django.templatetags.static import static
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from shopsite.images import ImageUploadField

from . import selectors
from .models import Brand, Shoe, StockEntry, rating_of, size_label
from .services import MAX_STOCK_PER_SIZE

SHOE_IMAGE_MAX_SIDE = 1200
MAX_PRICE = Decimal("100000")
# Letters of any alphabet (accents included) and spaces, as the admin forms allow.
LETTERS_AND_SPACES = r"^(?:[^\W\d_]| )+$"
SIZE_PATTERN = re.compile(r"\d{1,2}(?:\.[05])?")


@cache
def placeholder_image_url() -> str:
    return static("img/shoe-placeholder.svg")


_image_field = Shoe._meta.get_field("image")


@lru_cache(maxsize=4096)
def image_url(name: str) -> str:
    """The URL of a stored shoe picture (as FieldFile.url gives it), or the shop's placeholder for none."""
    # Kept per name: the storage's url() took a third of building a page of answers. Public URLs only
    # (settings turn AWS_QUERYSTRING_AUTH off): a signed one would expire in here.
    return _image_field.storage.url(name) if name else placeholder_image_url()


@receiver(setting_changed)
def _urls_forget(*, setting: str, **kwargs) -> None:
    # Settings change only under tests; a URL kept from before would point to the old place.
    if setting in ("MEDIA_URL", "STATIC_URL", "STORAGES") or setting.startswith("AWS_"):
        image_url.cache_clear()
        placeholder_image_url.cache_clear()


def shoe_image_url(shoe: Shoe) -> str:
    """The shoe's picture, or the shop's placeholder when it has none."""
    return image_url(shoe.image.name)


class StockEntrySerializer(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id", read_only=True)
    size = serializers.CharField(source="size_label", read_only=True)

    class Meta:
        model = StockEntry
        fields = ["_id", "size", "quantity"]


class ShoeSerializer(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id", read_only=True)
    brand = serializers.CharField(source="brand.name", read_only=True)
    image = serializers.SerializerMethodField()
    onSale = serializers.BooleanField(source="on_sale", read_only=True)
    stock = StockEntrySerializer(many=True, read_only=True)
    rating = serializers.DecimalField(
        max_digits=2, decimal_places=1, read_only=True, allow_null=True, help_text="Average stars; null unreviewed."
    )
    reviewCount = serializers.IntegerField(source="review_count", read_only=True)

    class Meta:
        model = Shoe
        fields = [
            "_id",
            "name",
            "brand",
            "image",
            "description",
            "color",
            "price",
            "onSale",
            "stock",
            "rating",
            "reviewCount",
        ]

    def get_image(self, shoe: Shoe) -> str:
        return shoe_image_url(shoe)


class ArchivedShoeSerializer(serializers.ModelSerializer):
    """A shoe of the admins' Archived list: enough to know it again and restore it."""

    _id = serializers.IntegerField(source="id", read_only=True)
    brand = serializers.CharField(source="brand.name", read_only=True)
    image = serializers.SerializerMethodField()
    archivedAt = serializers.DateTimeField(source="archived_at", read_only=True)

    class Meta:
        model = Shoe
        fields = ["_id", "name", "brand", "image", "color", "price", "archivedAt"]

    def get_image(self, shoe: Shoe) -> str:
        return shoe_image_url(shoe)


def shoe_answers(rows: Iterable[dict]) -> list[dict]:
    """What ShoeSerializer answers for these rows of selectors.shoe_rows(), built without it.

    The serializer runs a dozen field objects per shoe and its stock; the catalogue's reads answer pages of
    shoes all day, so they map plain rows to the wire names here. The JSON must stay the serializer's, key for
    key and type for type: tests/test_shoe_answers.py compares the two (writes and the schema keep the serializer).
    """
    rows = list(rows)
    stock = selectors.stock_rows(shoe_ids=[row["id"] for row in rows])
    return [
        {
            "_id": row["id"],
            "name": row["name"],
            "brand": row["brand_name"],
            "image": image_url(row["image"]),
            "description": row["description"],
            "color": row["color"],
            # The renderer turns the serializer's Decimal into this very float.
            "price": float(row["price"]),
            "onSale": bool(row["on_sale"]),
            "stock": [
                {"_id": entry_id, "size": size_label(size), "quantity": quantity}
                for entry_id, size, quantity in stock.get(row["id"], ())
            ],
            "rating": _number(rating_of(total=row["rating_total"], count=row["review_count"])),
            "reviewCount": row["review_count"],
        }
        for row in rows
    ]


def _number(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


class BrandSerializer(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id", read_only=True)

    class Meta:
        model = Brand
        fields = ["_id", "name"]


# Input fields. Multipart forms send "" for an empty input: it counts as missing, with the spec's
# 'Enter a valid ...' message, not as a malformed value.


class BlankIsMissingMixin:
    def validate_empty_values(self, data):
        if isinstance(data, str) and not data.strip():
            if self.required:
                self.fail("required")
            raise serializers.SkipField()
        return super().validate_empty_values(data)


class TextField(BlankIsMissingMixin, serializers.CharField):
    """1 to 40 letters and spaces (SPEC.md §5)."""

    def __init__(self, label: str, *, empty_message: str | None = None, pattern_message: str | None = None, **kw):
        empty = empty_message or f"Enter a valid {label}"
        kw["error_messages"] = {
            "required": empty,
            "blank": empty,
            "null": empty,
            "max_length": f"The {label} can have at most 40 characters",
        }
        kw["validators"] = [
            RegexValidator(LETTERS_AND_SPACES, pattern_message or f"The {label} can only contain letters and spaces")
        ]
        super().__init__(max_length=40, **kw)


class PriceField(BlankIsMissingMixin, serializers.DecimalField):
    def __init__(self, **kw):
        out_of_range = f"The price must be more than 0 and at most {MAX_PRICE}"
        kw["error_messages"] = {
            "required": "Enter a valid price",
            "null": "Enter a valid price",
            "invalid": "Only numbers",
            "min_value": out_of_range,
            "max_value": out_of_range,
            "max_digits": out_of_range,
            "max_whole_digits": out_of_range,
            "max_decimal_places": "The price can have at most 2 decimals",
            "max_string_length": out_of_range,
        }
        super().__init__(max_digits=8, decimal_places=2, min_value=Decimal("0.01"), max_value=MAX_PRICE, **kw)


class QuantityField(BlankIsMissingMixin, serializers.IntegerField):
    def __init__(self, *, min_value: int, invalid_message: str = "Only numbers", **kw):
        out_of_range = f"The quantity must be from {min_value} to {MAX_STOCK_PER_SIZE}"
        kw["error_messages"] = {
            "required": "Enter a valid quantity",
            "null": "Enter a valid quantity",
            "invalid": invalid_message,
            "min_value": out_of_range,
            "max_value": out_of_range,
            "max_string_length": out_of_range,
        }
        super().__init__(min_value=min_value, max_value=MAX_STOCK_PER_SIZE, **kw)


@extend_schema_field(OpenApiTypes.STR)
class SizeField(BlankIsMissingMixin, serializers.Field):
    """A US size from 1 to 20 in half sizes, sent as "9", "9.5" or a number."""

    default_error_messages = {
        "required": "Enter a valid size",
        "null": "Enter a valid size",
        "invalid": "The size can only contain number",
        "range": "The size must be from 1 to 20, in half sizes",
    }

    def to_internal_value(self, data) -> Decimal:
        if isinstance(data, bool) or not isinstance(data, str | int | float | Decimal):
            self.fail("invalid")
        text = str(data).strip()
        if not SIZE_PATTERN.fullmatch(text):
            self.fail("range" if re.fullmatch(r"\d+(\.\d+)?", text) else "invalid")
        size = Decimal(text)
        if not 1 <= size <= 20:
            self.fail("range")
        return size

    def to_representation(self, value: Decimal) -> str:
        return size_label(value)


class BrandNameField(TextField):
    """The name of a brand that exists, any case; its value is the Brand."""

    def __init__(self, **kw):
        super().__init__("brand", **kw)

    def to_internal_value(self, data) -> Brand:
        name = super().to_internal_value(data)
        for validator in self.validators:
            validator(name)
        brand = selectors.brand_find(name=name)
        if brand is None:
            raise serializers.ValidationError(f"There is no brand {name}; create it first")
        return brand

    def run_validators(self, value) -> None:
        # The name was checked before it was looked up; the value is now a Brand.
        pass


class KeptUnlessSentBooleanField(serializers.BooleanField):
    """A flag that stays as it is when the request leaves it out.

    DRF reads a boolean missing from a multipart form as False (an unticked checkbox); here a
    missing flag means 'no change'.
    """

    default_empty_html = serializers.empty


class ShoeCreateInput(serializers.Serializer):
    """POST /shoes: the Create Shoes form."""

    brand = BrandNameField()
    name = TextField("name")
    description = TextField("description")
    color = TextField("color")
    price = PriceField()
    size = SizeField(error_messages={"invalid": "Only numbers"})
    q = QuantityField(min_value=0, source="quantity")
    image = ImageUploadField(max_side=SHOE_IMAGE_MAX_SIDE, required=False)


class ShoeUpdateInput(ShoeCreateInput):
    """PUT /shoes/{id}: the Modify Shoes form; the image, the size and the sale flag may be left out."""

    size = SizeField(required=False, error_messages={"invalid": "Only numbers"})
    q = QuantityField(min_value=0, source="quantity", required=False)
    onSale = KeptUnlessSentBooleanField(source="on_sale", required=False)

    def validate(self, data: dict) -> dict:
        if "size" in data and "quantity" not in data:
            raise serializers.ValidationError({"q": ["Enter a valid quantity"]})
        return data


class StockAddInput(serializers.Serializer):
    """PUT /shoes/addSize/{id}: the Create size form."""

    size = SizeField()
    q = QuantityField(min_value=1, source="quantity", invalid_message="The quantity can only contain number")


class ShoeOnSaleInput(serializers.Serializer):
    onSale = serializers.BooleanField(source="on_sale")


class BrandCreateInput(serializers.Serializer):
    """POST /brands: the Create Brand form."""

    name = TextField(
        "brand name",
        empty_message="Enter a valid brand name",
        pattern_message="The name can only contain letters and spaces",
    )

    def validate_name(self, name: str) -> str:
        if selectors.brand_find(name=name):
            raise serializers.ValidationError(f"The brand {name} already exists")
        return name


class MessageSerializer(serializers.Serializer):
    message = serializers.CharField()


class StockAddAnswer(MessageSerializer):
    shoe = ShoeSerializer()


class BrandCreateAnswer(MessageSerializer):
    brand = BrandSerializer()
