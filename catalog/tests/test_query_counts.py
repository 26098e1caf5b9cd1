"""The list calls run the same few SQL queries however many shoes and sizes there are."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import Brand, Shoe, StockEntry

pytestmark = pytest.mark.django_db

LIST_CALLS = ["/api/shoes", "/api/shoes?limit=28", "/api/shoes?name=runner", "/api/shoes?brand=nike",
              "/api/shoes?brand=nike&color=red&ordering=-price&limit=6", "/api/shoes/colors?brand=nike",
              "/api/shoes/onSale", "/api/shoes/onSale?limit=8", "/api/brands", "/api/brands?limit=4"]  # fmt: skip


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


@pytest.mark.parametrize("path", LIST_CALLS)
def test_list_calls_run_at_most_3_queries_whatever_the_size_of_the_catalogue(api_client, path):
    counts = {}
    for shoes, sizes in [(1, 1), (1, 12), (50, 1), (50, 12)]:
        Shoe.objects.all().delete()
        Brand.objects.all().delete()
        make_catalogue(shoes=shoes, sizes=sizes)
        counts[shoes, sizes] = queries_for(api_client, path)

    assert max(counts.values()) <= 3, counts
    assert len(set(counts.values())) == 1, counts


def test_a_signed_in_list_call_adds_only_the_session_and_the_user(api_client, shopper_client):
    make_catalogue(shoes=20, sizes=12)
    assert queries_for(shopper_client, "/api/shoes") - queries_for(api_client, "/api/shoes") == 2
