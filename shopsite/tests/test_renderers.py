"""The API's JSON renderer (shopsite/renderers.py) writes DRF's own bytes, faster."""

import datetime
import uuid
from decimal import Decimal

import pytest
from django.utils.translation import gettext_lazy
from rest_framework import renderers
from rest_framework.utils.serializer_helpers import ReturnDict, ReturnList

from shopsite.renderers import JSONRenderer

UTC = datetime.UTC
ANSWERS = [
    {"count": 10000, "next": "https://shop.test/api/shoes?limit=28&offset=28", "previous": None, "results": []},
    [{"_id": 1, "price": 99.99, "salePrice": None, "onSale": True, "rating": 3.3, "stock": [{"size": "9.5"}]}],
    {"amount": Decimal("120.50"), "total": Decimal("0.01"), "big": Decimal("99999999.99"), "cents": 99_999_999},
    {"paid": datetime.datetime(2026, 11, 27, 9, 30, 5, 123456, tzinfo=UTC), "day": datetime.date(2026, 11, 27)},
    {"naive": datetime.datetime(2026, 11, 27, 9, 30), "at": datetime.time(9, 30)},
    {"took": datetime.timedelta(seconds=90), "lazy": gettext_lazy("Shoe")},
    {"name": "Café Über", "emoji": "👟", "quote": 'say "hi"\n\t\\', "control": "\x00\x1f"},
    {"separators": "a\u2028b\u2029c", "id": uuid.UUID("12345678-1234-5678-1234-567812345678")},
    ReturnDict({"nested": ReturnList([1, 2.5, -0.0, True, False, None], serializer=None)}, serializer=None),
    {"floats": [0.1, 1 / 3, 1e16, 123456789.125, 5e-324, 1e-4, 2**53 + 0.0], "tuple": (1, "two")},
    {"large": 2**64, "keys": {1: "one"}},
    [],
    {},
    "text",
]


@pytest.mark.parametrize("data", ANSWERS)
def test_the_bytes_are_drfs(data):
    assert JSONRenderer().render(data) == renderers.JSONRenderer().render(data)


def test_an_indent_asked_for_is_drfs():
    data = {"shoes": [{"_id": 1}]}
    media_type = "application/json; indent=4"
    assert JSONRenderer().render(data, media_type) == renderers.JSONRenderer().render(data, media_type)
    assert b"\n    " in JSONRenderer().render(data, media_type)


def test_nothing_renders_as_nothing_and_what_json_cannot_hold_still_fails():
    assert JSONRenderer().render(None) == b""
    with pytest.raises(TypeError):
        JSONRenderer().render({"object": object()})
