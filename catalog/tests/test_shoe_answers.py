"""The read path's answers (shoe_answers, from plain rows) are ShoeSerializer's, byte for byte, so they never drift."""

import json
from decimal import Decimal

import pytest
from rest_framework.renderers import JSONRenderer

from catalog import selectors
from catalog.serializers import ShoeSerializer, shoe_answers

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
    ]


def rendered(data) -> bytes:
    return JSONRenderer().render(data)


def serializer_answers(shoes) -> list:
    return ShoeSerializer([selectors.shoe_get(shoe_id=shoe.pk) for shoe in shoes], many=True).data


def test_the_answers_are_the_serializers(varied_shoes):
    expected = rendered(ShoeSerializer(selectors.shoe_list(), many=True).data)
    assert rendered(shoe_answers(selectors.shoe_rows())) == expected


def test_the_list_call_answers_what_the_serializer_would(api_client, varied_shoes):
    expected = rendered(ShoeSerializer(selectors.shoe_list(), many=True).data)
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
        expected = rendered(ShoeSerializer(selectors.shoe_get(shoe_id=shoe.pk)).data)
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
