"""The import's diff (catalog/importing/diff.py): what a file's shoes change in the catalogue as it stands, worked out
without a database (these tests have none: a query would fail them)."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from catalog.importing.diff import Catalogue, catalogue_diff
from catalog.importing.reading import ImportFailed, Picture, Row, ShoePlan
from catalog.models import Brand, Shoe

NOW = datetime(2025, 5, 1, 12, 0, tzinfo=UTC)
NIKE = Brand(pk=1, name="Nike")
OLD_PICTURE = "shoes/old.webp"


def shoe_plan(
    sizes: dict[str, int],
    *,
    brand: str = "Nike",
    price: str = "120",
    picture: Picture | None = None,
    name: str = "Air Swift",
) -> ShoePlan:
    """A shoe of a file as reading.py groups it: its first row, and the sizes its rows set (size: quantity)."""
    first = Row(
        line=2,
        brand=brand,
        name=name,
        color="Red",
        price=Decimal(price),
        description="Light running shoe",
        image=picture.name if picture else "",
        picture=picture,
        size=None,
        quantity=0,
    )
    return ShoePlan(first=first, sizes={Decimal(size): (2, quantity) for size, quantity in sizes.items()})


def plans(*shoes: ShoePlan) -> dict:
    return {plan.first.key: plan for plan in shoes}


def air_swift(pk: int = 10, **fields) -> Shoe:
    values = {"price": Decimal("120"), "description": "Light running shoe", "image": OLD_PICTURE, **fields}
    return Shoe(pk=pk, brand_id=NIKE.pk, name="Air Swift", color="Red", **values)


def shop(*shoes: Shoe, stock: dict[str, tuple[int, int]] | None = None) -> Catalogue:
    """The shop's Nike shoes (Air Swift in red, as the file names them) and the first one's sizes."""
    sizes = {Decimal(size): entry for size, entry in (stock or {"9": (100, 1)}).items()}
    return Catalogue(
        brands={"nike": NIKE},
        shoes={("nike", "air swift", "red"): list(shoes)} if shoes else {},
        stock={shoes[0].pk: sizes} if shoes else {},
    )


def diff(file: dict, catalogue: Catalogue, names: dict | None = None):
    return catalogue_diff(plans=file, catalogue=catalogue, names=names or {}, now=NOW)


def test_a_new_shoe_of_a_new_brand_comes_with_the_brand_and_its_sizes():
    changes = diff(plans(shoe_plan({"9": 5, "10": 0}, brand="Puma")), shop())

    [brand] = changes.brands
    [shoe] = changes.shoes
    assert brand.name == "Puma" and brand.pk is None
    assert (shoe.brand, shoe.name, shoe.price, shoe.image.name) == (brand, "Air Swift", Decimal("120"), "")
    assert [(entry.shoe, entry.size, entry.quantity) for entry in changes.stock] == [
        (shoe, Decimal("9"), 5),
        (shoe, Decimal("10"), 0),
    ]
    assert changes.counts(shoes=1) == {
        "shoes_created": 1,
        "shoes_updated": 0,
        "shoes_unchanged": 0,
        "shoes_restored": 0,
        "sizes_set": 2,
        "brands_created": 1,
    }


def test_two_new_shoes_of_one_new_brand_make_one_brand():
    changes = diff(plans(shoe_plan({}, brand="Puma"), shoe_plan({}, brand="PUMA", name="Suede")), shop())

    [brand] = changes.brands
    assert [shoe.brand for shoe in changes.shoes] == [brand, brand]


def test_a_shoe_as_the_shop_has_it_is_unchanged():
    changes = diff(plans(shoe_plan({"9": 1})), shop(air_swift()))

    assert (changes.shoes, changes.shoes_changed, changes.stock, changes.stock_changed) == ([], [], [], [])
    assert changes.pictures_replaced == set()
    assert changes.counts(shoes=1)["shoes_unchanged"] == 1


def test_a_new_price_a_new_size_and_a_new_quantity():
    changes = diff(plans(shoe_plan({"9": 4, "11": 2}, price="99.99")), shop(air_swift()))

    [changed] = changes.shoes_changed
    assert (changed.pk, changed.price, changed.image.name, changed.updated_at) == (
        10,
        Decimal("99.99"),
        OLD_PICTURE,
        NOW,
    )
    [(added)] = changes.stock
    assert (added.shoe_id, added.size, added.quantity) == (10, Decimal("11"), 2)
    [quantity] = changes.stock_changed
    assert (quantity.pk, quantity.quantity, quantity.updated_at) == (100, 4, NOW)
    assert changes.counts(shoes=1)["shoes_updated"] == 1


def test_new_sizes_alone_update_the_shoe_without_rewriting_it():
    changes = diff(plans(shoe_plan({"9": 1, "12": 3})), shop(air_swift()))

    assert changes.shoes_changed == []
    assert [entry.size for entry in changes.stock] == [Decimal("12")]
    assert changes.counts(shoes=1)["shoes_updated"] == 1


def test_a_new_picture_replaces_the_old_one_under_the_name_it_was_stored_with():
    # Planned under one name, stored under another (a file of that name was there already).
    changes = diff(
        plans(shoe_plan({"9": 1}, picture=Picture(name="shoes/new.webp"))),
        shop(air_swift()),
        names={"shoes/new.webp": "shoes/new_Xy12.webp"},
    )

    [changed] = changes.shoes_changed
    assert changed.image.name == "shoes/new_Xy12.webp"
    assert changes.pictures_replaced == {OLD_PICTURE}


@pytest.mark.parametrize(
    ("picture", "image", "replaced"),
    [
        pytest.param(None, OLD_PICTURE, set(), id="an empty cell keeps it"),
        pytest.param(Picture(name=OLD_PICTURE), OLD_PICTURE, set(), id="the same picture keeps it"),
        pytest.param(Picture(name=""), "", {OLD_PICTURE}, id="none takes it away"),
    ],
)
def test_what_the_image_cell_does_to_the_picture(picture, image, replaced):
    changes = diff(plans(shoe_plan({"9": 1}, price="130", picture=picture)), shop(air_swift()))

    [changed] = changes.shoes_changed
    assert changed.image.name == image
    assert changes.pictures_replaced == replaced


def test_an_archived_shoe_the_file_names_comes_back_to_the_shop():
    changes = diff(plans(shoe_plan({"9": 1})), shop(air_swift(archived_at=NOW)))

    [changed] = changes.shoes_changed
    assert changed.archived_at is None
    assert changes.counts(shoes=1)["shoes_restored"] == 1


def test_a_shoe_the_shop_has_twice_is_refused():
    with pytest.raises(ImportFailed) as failure:
        diff(plans(shoe_plan({"9": 1})), shop(air_swift(), air_swift(pk=11)))

    assert failure.value.errors == [
        "row 2: name: the shop has 2 shoes Nike Air Swift in Red (ids 10, 11); rename all but one before importing"
    ]


def test_the_catalogue_it_compares_with_is_left_as_it_was():
    shoe = air_swift(archived_at=NOW)

    diff(plans(shoe_plan({"9": 1}, price="99.99", picture=Picture(name="shoes/new.webp"))), shop(shoe))

    assert (shoe.price, shoe.image.name, shoe.archived_at) == (Decimal("120"), OLD_PICTURE, NOW)
