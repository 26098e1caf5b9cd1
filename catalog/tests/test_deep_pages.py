"""Pages far into a list are read ids first (catalog/pagination.py), the same shoes in the same order in as many
queries, and are never kept in the cache."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import cache
from catalog.models import Shoe

from .factories import BrandFactory

pytestmark = pytest.mark.django_db

LISTS = [
    "/api/shoes?limit=7&offset={offset}",
    "/api/shoes?offset={offset}",
    "/api/shoes?limit=7&offset={offset}&ordering=-price",
    "/api/shoes?limit=7&offset={offset}&ordering=price&color=black",
    "/api/shoes?limit=7&offset={offset}&brand=vans",
    "/api/shoes?limit=7&offset={offset}&name=run",
    "/api/shoes/onSale?limit=7&offset={offset}",
]


@pytest.fixture
def catalogue(db):
    nike, vans = BrandFactory(name="Nike"), BrandFactory(name="Vans")
    # Prices repeat, so the price sorts have ties for their newest-first rule to break.
    Shoe.objects.bulk_create(
        Shoe(
            brand=vans if n % 3 else nike,
            name="Runner" if n % 2 else "Skate",
            description="Shoe",
            color="Black" if n % 4 else "White",
            price=40 + n % 9,
            on_sale=n % 2 == 0,
        )
        for n in range(60)
    )


def read(client, path: str) -> tuple[object, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, HTTP_ACCEPT="application/json; indent=0")  # never from the cache
    assert response.status_code == 200
    return response.json(), len(queries)


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("offset", [5, 21, 56])
def test_a_deep_page_is_the_page_the_plain_way_reads(api_client, catalogue, monkeypatch, path, offset):
    path = path.format(offset=offset)
    monkeypatch.setattr(cache, "DEEP_OFFSET", 10**9)
    read(api_client, path)  # the list's count is kept from here on
    plain, plain_queries = read(api_client, path)
    monkeypatch.setattr(cache, "DEEP_OFFSET", 1)

    deep, deep_queries = read(api_client, path)

    assert deep == plain
    assert deep_queries == plain_queries


def test_a_deep_page_reads_its_rows_through_their_ids(api_client, catalogue, monkeypatch):
    monkeypatch.setattr(cache, "DEEP_OFFSET", 1)
    with CaptureQueriesContext(connection) as queries:
        api_client.get("/api/shoes?limit=7&offset=30")

    page_query = next(query["sql"] for query in queries if "brand_name" in query["sql"] or "LIMIT 7" in query["sql"])
    assert " IN (SELECT " in page_query


def test_a_deep_page_is_answered_but_never_kept(api_client, catalogue, monkeypatch):
    monkeypatch.setattr(cache, "DEEP_OFFSET", 50)
    for path in ("/api/shoes?limit=7&offset=49", "/api/shoes?limit=7&offset=50", "/api/shoes?offset=56"):
        api_client.get(path)

    with CaptureQueriesContext(connection) as shallow:
        assert api_client.get("/api/shoes?limit=7&offset=49").status_code == 200
    with CaptureQueriesContext(connection) as deep:
        assert api_client.get("/api/shoes?limit=7&offset=50").status_code == 200
        assert api_client.get("/api/shoes?offset=56").status_code == 200

    assert len(shallow) == 0  # kept: the middleware answered it
    # Each: its page and its stock (the version and the count are kept); on PostgreSQL the page reads its stock.
    assert len(deep) == 2 * (1 if connection.vendor == "postgresql" else 2)
