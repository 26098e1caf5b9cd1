"""Bad input to the admin calls: 400, a message per field (the spec's where it has one), nothing changed."""

import io
import os

import pytest
from PIL import Image

from catalog.models import Brand, Shoe, StockEntry
from shopsite.images import MAX_UPLOAD_BYTES, NOT_AN_IMAGE, TOO_BIG, TOO_MANY_PIXELS

from .factories import BrandFactory, ShoeFactory
from .images import upload
from .test_shoe_api import shoe_form

pytestmark = pytest.mark.django_db

FORTY_DIGITS = "9" * 40
PRICE_RANGE = "The price must be more than 0 and at most 100000"
QUANTITY_RANGE = "The quantity must be from 0 to 100000"


def noise_png(megabytes: int) -> bytes:
    """A real PNG of random pixels, stored uncompressed so it weighs what it says."""
    side = int((megabytes * 1024 * 1024 / 3) ** 0.5) + 1
    out = io.BytesIO()
    Image.frombytes("RGB", (side, side), os.urandom(side * side * 3)).save(out, format="PNG", compress_level=0)
    return out.getvalue()


def huge_canvas_png() -> bytes:
    """A few kilobytes that decode to 400 million pixels: a decompression bomb."""
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def shop(db):
    BrandFactory(name="Nike")
    return ShoeFactory(name="Air Swift", brand__name="Nike", sizes={"9": 3})


def snapshot() -> tuple:
    return (
        list(Brand.objects.values_list("name", flat=True)),
        list(Shoe.objects.values_list("name", "color", "price", "on_sale", "image")),
        list(StockEntry.objects.values_list("shoe_id", "size", "quantity")),
    )


SHOE_FORM_CASES = {
    "non-numeric price": ({"price": "abc"}, "price", "Only numbers"),
    "negative price": ({"price": "-5"}, "price", PRICE_RANGE),
    "zero price": ({"price": "0"}, "price", PRICE_RANGE),
    "40-digit price": ({"price": FORTY_DIGITS}, "price", PRICE_RANGE),
    "price with cents of cents": ({"price": "9.999"}, "price", "The price can have at most 2 decimals"),
    "empty price": ({"price": ""}, "price", "Enter a valid price"),
    "missing price": ({"price": None}, "price", "Enter a valid price"),
    "empty name": ({"name": ""}, "name", "Enter a valid name"),
    "blank name": ({"name": "   "}, "name", "Enter a valid name"),
    "name with digits": ({"name": "Air Max 90"}, "name", "The name can only contain letters and spaces"),
    "name of 41 letters": ({"name": "a" * 41}, "name", "The name can have at most 40 characters"),
    "empty color": ({"color": ""}, "color", "Enter a valid color"),
    "color with symbols": ({"color": "red!"}, "color", "The color can only contain letters and spaces"),
    "empty description": ({"description": ""}, "description", "Enter a valid description"),
    "empty brand": ({"brand": ""}, "brand", "Enter a valid brand"),
    "unknown brand": ({"brand": "Nobody"}, "brand", "There is no brand Nobody; create it first"),
    "size that is not a size": ({"size": "nine"}, "size", "Only numbers"),
    "size out of range": ({"size": "25"}, "size", "The size must be from 1 to 20, in half sizes"),
    "quarter size": ({"size": "9.25"}, "size", "The size must be from 1 to 20, in half sizes"),
    "empty size": ({"size": ""}, "size", "Enter a valid size"),
    "40-digit quantity": ({"q": FORTY_DIGITS}, "q", QUANTITY_RANGE),
    "negative quantity": ({"q": "-1"}, "q", QUANTITY_RANGE),
    "non-numeric quantity": ({"q": "lots"}, "q", "Only numbers"),
    "empty quantity": ({"q": ""}, "q", "Enter a valid quantity"),
    # Uploads are made per test (a file object is used up once read).
    "a text file as image": ({"image": lambda: upload("a.png", b"text\n" * 50)}, "image", NOT_AN_IMAGE),
    "a truncated image": ({"image": lambda: upload("a.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64)}, "image", NOT_AN_IMAGE),
    "a decompression bomb": ({"image": lambda: upload("bomb.png", huge_canvas_png())}, "image", TOO_MANY_PIXELS),
}  # fmt: skip


# A modify may leave the size and quantity out, so leaving them empty is no error there.
MODIFY_CASES = {
    name: case
    for name, case in SHOE_FORM_CASES.items()
    if not (case[1] in ("size", "q") and case[2].startswith("Enter a valid"))
}


def form_with(changes: dict) -> dict:
    return shoe_form(**{key: value() if callable(value) else value for key, value in changes.items()})


@pytest.mark.parametrize(("changes", "field", "message"), SHOE_FORM_CASES.values(), ids=SHOE_FORM_CASES.keys())
def test_create_shoes_refuses_bad_input(admin_client, shop, changes, field, message):
    before = snapshot()
    response = admin_client.post("/api/shoes", form_with(changes), format="multipart")
    assert response.status_code == 400
    assert response.json() == {field: [message]}
    assert snapshot() == before


@pytest.mark.parametrize(("changes", "field", "message"), MODIFY_CASES.values(), ids=MODIFY_CASES.keys())
def test_modify_shoes_refuses_bad_input(admin_client, shop, changes, field, message):
    before = snapshot()
    response = admin_client.put(f"/api/shoes/{shop.pk}", form_with(changes), format="multipart")
    assert response.status_code == 400
    assert response.json() == {field: [message]}
    assert snapshot() == before


def test_a_20_megabyte_image_is_refused(admin_client, shop):
    before = snapshot()
    image = upload("big.png", noise_png(20), "image/png")
    assert image.size > 20 * 1024 * 1024

    response = admin_client.post("/api/shoes", shoe_form(image=image), format="multipart")

    # Refused from the request's length, before the upload is read (shopsite/body_limit.py).
    assert response.status_code == 413
    assert response.json() == {"detail": TOO_BIG, "code": "too_large"}
    assert snapshot() == before


def test_an_image_just_past_the_cap_is_refused_as_the_image_field(admin_client, shop):
    before = snapshot()
    image = upload("big.png", noise_png(5), "image/png")
    assert MAX_UPLOAD_BYTES < image.size < MAX_UPLOAD_BYTES + 16 * 1024

    response = admin_client.post("/api/shoes", shoe_form(image=image), format="multipart")

    assert response.status_code == 400
    assert response.json() == {"image": [TOO_BIG]}
    assert snapshot() == before


def test_every_bad_field_gets_its_own_message(admin_client, shop):
    response = admin_client.post("/api/shoes", {}, format="multipart")
    assert response.status_code == 400
    assert response.json() == {
        "brand": ["Enter a valid brand"],
        "name": ["Enter a valid name"],
        "description": ["Enter a valid description"],
        "color": ["Enter a valid color"],
        "price": ["Enter a valid price"],
        "size": ["Enter a valid size"],
        "q": ["Enter a valid quantity"],
    }


ADD_SIZE_CASES = {
    "size that is not a size": ({"size": "XL", "q": 1}, "size", "The size can only contain number"),
    "empty size": ({"size": "", "q": 1}, "size", "Enter a valid size"),
    "size as true": ({"size": True, "q": 1}, "size", "The size can only contain number"),
    "quantity in words": ({"size": "9", "q": "two"}, "q", "The quantity can only contain number"),
    "missing quantity": ({"size": "9"}, "q", "Enter a valid quantity"),
    "zero quantity": ({"size": "9", "q": 0}, "q", "The quantity must be from 1 to 100000"),
    "40-digit quantity": ({"size": "9", "q": FORTY_DIGITS}, "q", "The quantity must be from 1 to 100000"),
}


@pytest.mark.parametrize(("body", "field", "message"), ADD_SIZE_CASES.values(), ids=ADD_SIZE_CASES.keys())
def test_add_size_refuses_bad_input(admin_client, shop, body, field, message):
    before = snapshot()
    response = admin_client.put(f"/api/shoes/addSize/{shop.pk}", body)
    assert response.status_code == 400
    assert response.json() == {field: [message]}
    assert snapshot() == before


@pytest.mark.parametrize("body", [{"onSale": "perhaps"}, {"onSale": None}, {}])
def test_on_sale_needs_a_boolean(admin_client, shop, body):
    before = snapshot()
    assert admin_client.put(f"/api/admin/onsale/{shop.pk}", body).status_code == 400
    assert snapshot() == before


def test_a_json_body_that_is_not_an_object_is_refused(admin_client, shop):
    response = admin_client.generic("POST", "/api/brands", "[1, 2]", content_type="application/json")
    assert response.status_code == 400
    assert snapshot()[0] == ["Nike"]


def test_malformed_json_is_a_clear_400(admin_client, shop):
    response = admin_client.generic("POST", "/api/brands", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
