"""Every shoe's answer (ShoeOutput's plan, from plain rows or a Shoe) is what DRF makes of ShoeOutput's fields, byte
for byte, so the fast path and the schema never drift."""

import json
from decimal import Decimal

import pytest
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from catalog import selectors
from catalog.answers import ShoeOutput, shoe_answers

from .factories import ShoeFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def varied_shoes():
    """Shoes that differ in every way an answer can: picture, sale, price, reviews, sizes, none in stock."""
    return [
        ShoeFactory(name="Bare", sizes={}),
        ShoeFactory(name="Pictured", image="shoes/0123456789abcdef.webp", sizes={"9": 3}),
        ShoeFactory(name="On Sale", on_sale=True, price=Decimal("49.90"), sizes={"9.5": 0, "10": 1}),
        ShoeFactory(name="Half Sizes", sizes={"11.5": 7, "6": 1, "9": 0, "9.5": 2, "20": 1, "1": 4}),
        ShoeFactory(name="Reviewed", review_count=3, rating_total=10, sizes={"8": 1}),  # 3.3
        ShoeFactory(name="Even", review_count=4, rating_total=13),  # 3.25, rounded as the model rounds
        ShoeFactory(name="Top", review_count=2, rating_total=10, price=Decimal("100000")),  # 5.0
        ShoeFactory(name="Cheapest", price=Decimal("0.01"), brand__name="Asics"),
        ShoeFactory(name="Whole Price", price=Decimal("120"), on_sale=True, brand__name="Vans"),
        ShoeFactory(name="Café Über", color="Grün", description="Ärmel und Spitze", sizes={"12": 2}),
        ShoeFactory(name="Reduced", on_sale=True, price=Decimal("120"), sale_price=Decimal("89.50"), sizes={"9": 1}),
        ShoeFactory(name="Noticed", on_sale=True, price=Decimal("80"), sale_price=Decimal("60"), lowest_prior_price=70),
        ShoeFactory(name="Priced Later", price=Decimal("80"), sale_price=Decimal("60"), lowest_prior_price=70),
    ]


def rendered(data) -> bytes:
    return JSONRenderer().render(data)


def fields_answer(row: dict) -> dict:
    """What DRF itself makes of ShoeOutput's fields for a row: each field object run the usual way, no plan."""
    return serializers.Serializer.to_representation(ShoeOutput(), row)


def serializer_answers(shoes) -> list:
    rows = [selectors.shoe_row_get(shoe_id=shoe.pk) for shoe in shoes]
    stock = selectors.stock_rows(shoe_ids=[row["id"] for row in rows])
    return [
        fields_answer({**row, "stock": [selectors.StockRow(*entry) for entry in stock.get(row["id"], [])]})
        for row in rows
    ]


def all_serializer_answers() -> list:
    return serializer_answers(list(selectors.shoe_list()))


def test_the_answers_are_the_serializers(varied_shoes):
    expected = rendered(all_serializer_answers())
    assert rendered(shoe_answers(selectors.shoe_rows())) == expected


def test_a_shoe_fetched_as_a_model_answers_as_its_row(varied_shoes):
    shoes = list(selectors.shoe_list())
    assert rendered(ShoeOutput(shoes, many=True).data) == rendered(all_serializer_answers())


def test_the_list_call_answers_what_the_serializer_would(api_client, varied_shoes):
    expected = rendered(all_serializer_answers())
    cold, warm = api_client.get("/api/shoes"), api_client.get("/api/shoes")
    assert cold.content == warm.content == expected
    assert cold["Content-Type"] == warm["Content-Type"] == "application/json"


def test_a_page_holds_the_serializers_answers(api_client, varied_shoes):
    page = api_client.get("/api/shoes", {"limit": 4, "offset": 3}).json()
    newest_first = sorted(varied_shoes, key=lambda shoe: (shoe.created_at, shoe.pk), reverse=True)
    assert page["results"] == json.loads(rendered(serializer_answers(newest_first[3:7])))
    assert page["count"] == len(varied_shoes)


def test_the_sale_list_answers_what_the_serializer_would(api_client, varied_shoes):
    on_sale = sorted((shoe for shoe in varied_shoes if shoe.on_sale), key=lambda shoe: (shoe.price, shoe.pk))
    assert api_client.get("/api/shoes/onSale").content == rendered(serializer_answers(on_sale))


def test_each_shoe_answers_what_the_serializer_would(api_client, varied_shoes):
    for shoe in varied_shoes:
        expected = rendered(serializer_answers([shoe])[0])
        assert api_client.get(f"/api/shoes/{shoe.pk}").content == expected, shoe.name


def test_json_types_are_the_specs(api_client, varied_shoes):
    answers = {answer["name"]: answer for answer in api_client.get("/api/shoes").json()}
    assert answers["Whole Price"]["price"] == 120 and isinstance(answers["Whole Price"]["price"], float)
    assert answers["Reviewed"]["rating"] == 3.3
    assert answers["Top"]["rating"] == 5.0
    assert answers["Bare"]["rating"] is None and answers["Bare"]["stock"] == []
    assert [entry["size"] for entry in answers["Half Sizes"]["stock"]] == ["1", "6", "9", "9.5", "11.5", "20"]
    assert answers["Pictured"]["image"] == "/media/shoes/0123456789abcdef.webp"
    assert answers["Bare"]["image"] == "/static/img/shoe-placeholder.svg"


@pytest.mark.parametrize("notice", [False, True])
def test_the_answers_are_the_serializers_with_and_without_the_lowest_price(settings, varied_shoes, notice):
    settings.SHOP_LOWEST_PRICE_NOTICE = notice
    answers = shoe_answers(selectors.shoe_rows())
    assert rendered(answers) == rendered(all_serializer_answers())
    lowest = {answer["name"]: answer.get("lowestPrice30Days", "absent") for answer in answers}
    if notice:
        # Only a reduced shoe (on sale, with a sale price) shows it.
        assert (lowest["Noticed"], lowest["Priced Later"], lowest["Reduced"], lowest["Bare"]) == (70, None, None, None)
    else:
        assert set(lowest.values()) == {"absent"}


def test_a_sale_price_is_answered_as_the_price_is(api_client, varied_shoes):
    answers = {answer["name"]: answer for answer in api_client.get("/api/shoes").json()}
    assert answers["Reduced"]["price"] == 120 and answers["Reduced"]["salePrice"] == 89.5
    assert answers["Priced Later"]["salePrice"] == 60 and not answers["Priced Later"]["onSale"]
    assert answers["Bare"]["salePrice"] is None


def test_an_answer_is_the_wire_format_the_storefront_reads(api_client):
    shoe = ShoeFactory(
        name="On Sale", brand__name="Puma", color="Black", description="Light", on_sale=True, price=Decimal("49.90"),
        review_count=3, rating_total=10, sizes={"10": 1, "9.5": 0},
    )  # fmt: skip
    small, large = sorted(shoe.stock.all(), key=lambda entry: entry.size)
    assert (
        api_client.get(f"/api/shoes/{shoe.pk}").content
        == (
            f'{{"_id":{shoe.pk},"name":"On Sale","brand":"Puma","image":"/static/img/shoe-placeholder.svg",'
            f'"imageSrcset":"","imageWidth":null,"imageHeight":null,'
            f'"description":"Light","color":"Black","price":49.9,"salePrice":null,"onSale":true,'
            f'"stock":[{{"_id":{small.pk},"size":"9.5","quantity":0}},{{"_id":{large.pk},"size":"10","quantity":1}}],'
            f'"rating":3.3,"reviewCount":3}}'
        ).encode()
    )
