"""The catalogue's reads run the same few SQL queries however many shoes and sizes there are.

Every read asks the catalogue's version (one primary-key query, catalog.cache). Warm, that is all it runs; an
anonymous read may even trust a version another read asked for a moment ago (test_catalog_cache), which these
tests turn off to count the queries of the read itself. Cold, the list runs the version, its page and that page's
stock, plus a COUNT for the first page asked of each version and filters: one query more than before the cache,
and the COUNT is no longer run on every page. Every list is paged, with ?limit= or without (its plain answer tells
the total in X-Total-Count), so every list but the colors counts.
"""

from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import fresh
from catalog.models import Brand, Shoe, StockEntry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("every_read_asks")]

# A list of shoes, filtered or not, reads its page's sizes in the page's own query on PostgreSQL
# (catalog.selectors.rows_with_stock): one query fewer.
PLAIN = 3 if connection.vendor == "postgresql" else 4
# Each read with the queries it runs cold: version, COUNT (but the colors), page, stock (of shoes).
LIST_CALLS = [
    ("/api/shoes", PLAIN),
    ("/api/shoes?limit=28", PLAIN),
    ("/api/shoes?name=runner", PLAIN),
    ("/api/shoes?brand=nike", PLAIN),
    ("/api/shoes?brand=nike&color=red&ordering=-price&limit=6", PLAIN),
    ("/api/shoes?size=6&inStock=true", PLAIN),
    ("/api/shoes?brand=nike&color=red&size=6&inStock=true&ordering=price&limit=6", PLAIN),
    ("/api/shoes/colors?brand=nike", 2),
    ("/api/shoes/onSale", PLAIN),
    ("/api/shoes/onSale?limit=8", PLAIN),
    ("/api/shoes/onSale?size=6&inStock=true&limit=8", PLAIN),
    ("/api/brands", 3),
    ("/api/brands?limit=4", 3),
]
PAGED_CALLS = [(path, cold) for path, cold in LIST_CALLS if "/colors" not in path]


@pytest.fixture
def every_read_asks(monkeypatch):
    monkeypatch.setattr("catalog.cache.VERSION_TRUST_SECONDS", 0)


def make_catalogue(*, shoes: int, sizes: int) -> None:
    brands = [Brand.objects.create(name=name) for name in ("Nike", "Vans")]
    made = Shoe.objects.bulk_create(
        Shoe(brand=brands[n % 2], name="Runner", description="Shoe", color="Red", price=50, on_sale=True)
        for n in range(shoes)
    )
    StockEntry.objects.bulk_create(
        StockEntry(shoe=shoe, size=Decimal(6) + Decimal("0.5") * step, quantity=1)
        for shoe in made
        for step in range(sizes)
    )


def queries_for(client, path: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


@pytest.mark.parametrize(("path", "cold"), LIST_CALLS)
def test_cold_reads_run_the_same_few_queries_whatever_the_size_of_the_catalogue(
    api_client, django_capture_on_commit_callbacks, path, cold
):
    counts = {}
    for shoes, sizes in [(1, 1), (1, 12), (50, 1), (50, 12)]:
        # Committed, as far as the version's bump is concerned: each catalogue is a new version, read cold.
        with django_capture_on_commit_callbacks(execute=True):
            Shoe.objects.all().delete()
            Brand.objects.all().delete()
            make_catalogue(shoes=shoes, sizes=sizes)
        counts[shoes, sizes] = queries_for(api_client, path)

    assert set(counts.values()) == {cold}, counts


@pytest.mark.parametrize(("path", "cold"), LIST_CALLS)
def test_a_warm_read_runs_only_the_version_query(api_client, path, cold):
    make_catalogue(shoes=20, sizes=12)
    assert queries_for(api_client, path) == cold

    with CaptureQueriesContext(connection) as queries:
        assert api_client.get(path).status_code == 200

    [version] = queries
    assert "catalog_catalogversion" in version["sql"]


@pytest.mark.parametrize("cache_seconds", [300, 0])
@pytest.mark.parametrize(("path", "cold"), PAGED_CALLS)
def test_the_next_pages_of_a_list_are_not_counted_again(api_client, settings, cache_seconds, path, cold):
    settings.SHOP_CATALOG_CACHE_SECONDS = cache_seconds
    make_catalogue(shoes=30, sizes=12)
    assert queries_for(api_client, path) == cold

    for offset in (1, 2):
        with CaptureQueriesContext(connection) as queries:
            assert api_client.get(f"{path}{'&' if '?' in path else '?'}offset={offset}").status_code == 200
        assert len(queries) == cold - 1
        assert not any("COUNT(" in query["sql"] for query in queries)


def test_with_the_response_cache_off_every_read_runs_its_page_queries(api_client, settings):
    settings.SHOP_CATALOG_CACHE_SECONDS = 0
    make_catalogue(shoes=20, sizes=12)
    assert queries_for(api_client, "/api/shoes?limit=28") == PLAIN
    # The count is still kept (it is keyed by the version too); the page and its stock are read again.
    assert queries_for(api_client, "/api/shoes?limit=28") == PLAIN - 1
    assert queries_for(api_client, "/api/shoes") == PLAIN - 1
    assert queries_for(api_client, "/api/shoes") == PLAIN - 1


def test_a_shoe_read_runs_three_queries_cold_and_one_warm(api_client):
    make_catalogue(shoes=1, sizes=12)
    path = f"/api/shoes/{Shoe.objects.get().pk}"
    assert queries_for(api_client, path) == 3
    assert queries_for(api_client, path) == 1


def test_a_signed_in_read_adds_only_the_session_and_the_user(api_client, shopper_client, stock_clock):
    make_catalogue(shoes=20, sizes=12)
    cold, warm = queries_for(shopper_client, "/api/shoes"), queries_for(shopper_client, "/api/shoes")
    cache.clear()
    fresh.served_answers.clear()

    assert cold - queries_for(api_client, "/api/shoes") == 2
    # A signed-in caller's stock is read as it is now; an anonymous one's once its copy is past the bound.
    stock_clock.past_the_bound()
    assert warm - queries_for(api_client, "/api/shoes") == 2
    assert warm == 4  # the session, the user, the version, the page's stock
