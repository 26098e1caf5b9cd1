"""The catalogue's fields on the wire: its forms' rules and messages (docs/PRODUCT.md §5), for any app's input.

A size is a size wherever it is sent (a cart line, the Create size form), so other apps take theirs from here.
"""

import re
from decimal import Decimal

from django.core.validators import RegexValidator
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import MAX_STOCK_PER_SIZE, size_label

MAX_PRICE = Decimal("100000")
# Letters of any alphabet (accents included) and spaces, as the admin forms allow.
LETTERS_AND_SPACES = r"^(?:[^\W\d_]| )+$"
SIZE_PATTERN = re.compile(r"\d{1,2}(?:\.[05])?")

# Multipart forms send "" for an empty input: it counts as missing, with the spec's 'Enter a valid ...' message,
# not as a malformed value.


class BlankIsMissingMixin:
    def validate_empty_values(self, data):
        if isinstance(data, str) and not data.strip():
            if self.required:
                self.fail("required")
            raise serializers.SkipField()
        return super().validate_empty_values(data)


class TextField(BlankIsMissingMixin, serializers.CharField):
    """1 to 40 letters and spaces (docs/PRODUCT.md §5)."""

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


class SalePriceField(PriceField):
    """A sale price, held to the price's rules; empty or null clears it (below the price: services.sale_price_check)."""

    def __init__(self, **kw):
        super().__init__(allow_null=True, **kw)
        self.error_messages["invalid"] = "Only numbers"

    def validate_empty_values(self, data):
        if data is None or (isinstance(data, str) and not data.strip()):
            return True, None
        return serializers.DecimalField.validate_empty_values(self, data)


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

    # The label itself, no method around it: a page of shoe answers labels hundreds of sizes.
    to_representation = staticmethod(size_label)


class KeptUnlessSentBooleanField(serializers.BooleanField):
    """A flag that stays as it is when the request leaves it out.

    DRF reads a boolean missing from a multipart form as False (an unticked checkbox); here a
    missing flag means 'no change'.
    """

    default_empty_html = serializers.empty
