"""?size= and ?inStock= on the shoe lists (issue 19): alone, together and with the other filters and the sort."""

import pytest

from catalog.tests.factories import BrandFactory, ShoeFactory

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [shoe["name"] for shoe in response.json()]


@pytest.fixture
def shoes():
    nike, vans = BrandFactory(name="Nike"), BrandFactory(name="Vans")
    return {
        "has": ShoeFactory(name="Has", brand=nike, price=80, color="Red", sizes={"9": 1, "9.5": 2}),
        "soldout": ShoeFactory(name="Soldout", brand=nike, price=70, color="Red", sizes={"9.5": 0, "10": 4}),
        "none": ShoeFactory(name="None", brand=nike, price=60, color="Red", sizes={"9.5": 0}),
        "other": ShoeFactory(name="Other", brand=vans, price=50, color="Blue", on_sale=True, sizes={"9.5": 3}),
        "sale": ShoeFactory(name="Sale", brand=nike, price=40, color="Red", on_sale=True, sizes={"8": 1}),
    }


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("size=9.5", {"Has", "Soldout", "None", "Other"}),
        ("size=9.5&inStock=true", {"Has", "Other"}),
        ("size=%209.5%20&inStock=True", {"Has", "Other"}),
        ("inStock=true", {"Has", "Soldout", "Other", "Sale"}),
        ("inStock=false", {"Has", "Soldout", "None", "Other", "Sale"}),
        ("size=12&inStock=true", set()),
        ("size=9.5&inStock=true&brand=nike", {"Has"}),
        ("size=9.5&inStock=true&color=blue", {"Other"}),
        ("size=9.5&inStock=true&name=ha", {"Has"}),
    ],
)
def test_the_size_and_stock_filters_alone_and_with_the_others(api_client, shoes, query, expected):
    assert set(names(api_client.get(f"/api/shoes?{query}"))) == expected


def test_the_price_sort_applies_to_the_filtered_list(api_client, shoes):
    assert names(api_client.get("/api/shoes?size=9.5&inStock=true&ordering=-price")) == ["Has", "Other"]
    assert names(api_client.get("/api/shoes?size=9.5&ordering=price")) == ["Other", "None", "Soldout", "Has"]


def test_a_shoe_shows_once_however_many_sizes_match(api_client, shoes):
    response = api_client.get("/api/shoes?inStock=true&limit=10")
    assert response.json()["count"] == 4
    assert sorted(names_ := [shoe["name"] for shoe in response.json()["results"]]) == sorted(set(names_))


def test_the_sale_list_takes_the_size_filter(api_client, shoes):
    assert names(api_client.get("/api/shoes/onSale?size=9.5&inStock=true")) == ["Other"]
    assert names(api_client.get("/api/shoes/onSale?inStock=true")) == ["Sale", "Other"]
    assert names(api_client.get("/api/shoes/onSale")) == ["Sale", "Other"]


@pytest.mark.parametrize("query", ["size=abc", "size=-1", "size=9.25", "size=1000"])
def test_a_malformed_size_or_stock_is_a_400(api_client, shoes, query):
    response = api_client.get(f"/api/shoes?{query}")
    assert response.status_code == 400, response.content
