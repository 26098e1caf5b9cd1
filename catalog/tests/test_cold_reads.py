"""Cold reads made cheaper (issue 27): a plain list's page from SQL compiled once (selectors.PagePlan), no filter set
built for a list without filters, and the size chip's count read off the stock index."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import cache, selectors
from catalog.models import Shoe, StockEntry
from catalog.tests.factories import BrandFactory, ShoeFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("every_read_asks", "cache_off")]


@pytest.fixture
def every_read_asks(monkeypatch):
    monkeypatch.setattr("catalog.cache.VERSION_TRUST_SECONDS", 0)


@pytest.fixture
def cache_off(settings):
    settings.SHOP_CATALOG_CACHE_SECONDS = 0


@pytest.fixture
def catalogue(db):
    nike, vans = BrandFactory(name="Nike"), BrandFactory(name="Vans")
    shoes = Shoe.objects.bulk_create(
        Shoe(
            brand=vans if n % 3 else nike,
            name="Runner" if n % 2 else "Skate",
            description="Shoe",
            color="Black",
            price=Decimal("40.50") + n % 9,
            on_sale=n % 2 == 0,
            image_sizes={"for": "", "width": 10} if n % 5 == 0 else {},
        )
        for n in range(40)
    )
    StockEntry.objects.bulk_create(
        StockEntry(shoe=shoe, size=Decimal(8) + Decimal("0.5") * step, quantity=(n + step) % 3)
        for n, shoe in enumerate(shoes)
        for step in range(4)
    )
    return shoes


def page(client, path: str) -> tuple[dict | list, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200, response.content
    body = response.json()
    return (body["results"] if isinstance(body, dict) else body), [query["sql"] for query in queries]


@pytest.mark.parametrize("call", ["/api/shoes", "/api/shoes/onSale"])
@pytest.mark.parametrize(
    "paging", ["limit=7", "limit=7&offset=9", "offset=3", "limit=5&offset=18", "limit=7&offset=16"]
)
@pytest.mark.parametrize("deep_from", [10**9, 1])
def test_a_plain_lists_page_from_its_plan_is_the_filtered_ways_page_in_as_many_queries(
    api_client, catalogue, monkeypatch, call, paging, deep_from
):
    monkeypatch.setattr(cache, "DEEP_OFFSET", deep_from)
    api_client.get(f"{call}?{paging}")  # the count is kept from here on
    api_client.get(f"{call}?{paging}&inStock=false")

    planned, planned_queries = page(api_client, f"{call}?{paging}")
    # inStock=false filters nothing, but a filter set ran, and with no filtered list kept the queryset's own way.
    monkeypatch.setattr(selectors, "FILTERED_LISTS_MAX", 0)
    filtered, filtered_queries = page(api_client, f"{call}?{paging}&inStock=false")

    assert planned == filtered
    assert len(filtered_queries) == 3  # the version, the page, its stock
    # On PostgreSQL the plan's page reads its sizes itself (selectors.rows_with_stock).
    assert len(planned_queries) == (2 if connection.vendor == "postgresql" else 3)


@pytest.mark.parametrize("offset", [0, 28, 1000])
def test_the_plan_runs_the_very_sql_django_makes_for_the_page(catalogue, offset):
    rows = selectors.shoe_rows()
    low, high = offset, offset + 28
    for deep in (False, True):
        with CaptureQueriesContext(connection) as queries:
            got = selectors.page_plan(f"test {deep}", rows, deep=deep).rows(offset=offset, limit=28)
        expected_queryset = rows.filter(pk__in=rows.values("pk")[low:high]) if deep else rows[low:high]
        with CaptureQueriesContext(connection) as django_queries:
            expected = list(expected_queryset)

        assert got == expected
        assert [query["sql"] for query in queries] == [query["sql"] for query in django_queries]


def test_a_plain_list_builds_no_filter_set(api_client, catalogue, monkeypatch):
    built = []
    monkeypatch.setattr("catalog.filters.ShoeFilter.__init__", lambda *args, **kw: built.append(1) or None)
    page(api_client, "/api/shoes?limit=28")
    page(api_client, "/api/shoes?offset=3")
    assert built == []


def test_the_size_chips_count_is_the_lists_count(api_client, catalogue):
    archived = Shoe.objects.filter(stock__size=Decimal("8.5"), stock__quantity__gt=0).order_by("pk").first()
    archived.archived_at = archived.created_at
    archived.save(update_fields=["archived_at"])
    sold_out_everywhere = ShoeFactory(name="Empty", sizes={"8.5": 0})

    for size in ("8", "8.5", "9", "9.5", "12"):
        with CaptureQueriesContext(connection) as queries:
            response = api_client.get(f"/api/shoes?limit=3&size={size}&inStock=true")
        [count_sql] = [query["sql"] for query in queries if "COUNT(" in query["sql"]]
        every = api_client.get(f"/api/shoes?limit=100&size={size}&inStock=true&name=e")  # the list's own count
        expected = Shoe.objects.in_shop().filter(stock__size=size, stock__quantity__gt=0).count()

        assert response.json()["count"] == expected
        assert "catalog_stockentry" in count_sql
        assert sold_out_everywhere.pk not in [shoe["_id"] for shoe in every.json()["results"]]
    assert expected == 0  # size 12: no shoe has it


def test_with_another_filter_the_size_count_is_the_lists_own(api_client, catalogue):
    with CaptureQueriesContext(connection) as queries:
        response = api_client.get("/api/shoes?limit=3&size=8&inStock=true&brand=vans")
    [count_sql] = [query["sql"] for query in queries if "COUNT(" in query["sql"]]

    assert (
        response.json()["count"]
        == Shoe.objects.filter(brand__name="Vans", stock__size=8, stock__quantity__gt=0).count()
    )
    assert "EXISTS" in count_sql


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's plan")
def test_the_size_chips_count_is_read_off_the_stock_index_on_postgresql(catalogue):
    shoes = Shoe.objects.bulk_create(
        Shoe(brand=catalogue[0].brand, name="More", description="Shoe", color="Red", price=10) for _ in range(3000)
    )
    StockEntry.objects.bulk_create(
        StockEntry(shoe=shoe, size=Decimal(8) + Decimal("0.5") * step, quantity=n % 2)
        for n, shoe in enumerate(shoes)
        for step in range(8)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_stockentry")
        cursor.execute("ANALYZE catalog_shoe")
    with CaptureQueriesContext(connection) as queries:
        count = selectors.shoe_count_with_pairs_of(size=Decimal("9.5"))
    [count_sql] = [query["sql"] for query in queries]
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {count_sql}")
        plan = "\n".join(row[0] for row in cursor.fetchall())

    # Read off the partial index of the sizes with pairs, never the shoe table. (Index-only where the table's pages are
    # all visible, as VACUUM leaves them: bench/count_probe.py shows it at 100,000 shoes; a test's own rows are not.)
    assert "catalog_stock_size_in_stock" in plan, plan
    assert "Seq Scan" not in plan, plan
    assert count == Shoe.objects.in_shop().filter(stock__size=Decimal("9.5"), stock__quantity__gt=0).count()


@pytest.mark.parametrize("path", ["/api/shoes?offset=3", "/api/shoes?limit=28", "/api/brands"])
def test_a_sent_answer_is_untied_from_its_view(api_client, catalogue, path):
    # DRF's view, request and answer hold one another; untied, the answer (and its page of shoes) is freed by its
    # reference count once sent, not at the cycle collector's seldom full pass (bench/flood.lua grew the workers by
    # 170 MiB). The answer's data stays for whoever reads it.
    response = api_client.get(path)

    assert response.status_code == 200
    assert response.renderer_context is None
    assert response.data


@pytest.mark.parametrize("deep", [False, True])
def test_a_stocked_plans_rows_carry_the_sizes_stock_rows_reads(catalogue, deep):
    rows = selectors.shoe_rows()
    stocked = selectors.page_plan(f"stocked {deep}", rows, deep=deep, stocked=True).rows(offset=3, limit=9)
    plain = selectors.page_plan(f"plain {deep}", rows, deep=deep).rows(offset=3, limit=9)
    stock = selectors.stock_rows(shoe_ids=[row["id"] for row in plain])

    if connection.vendor != "postgresql":
        assert stocked == plain
        return
    for row in stocked:
        read = row.pop(selectors.STOCK_READ)
        # The very values, types and scale (Decimal("8.0")) that stock_rows reads.
        assert [(i, repr(s), q) for i, s, q in read] == [(i, repr(s), q) for i, s, q in stock.get(row["id"], [])]
    assert stocked == plain


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the sizes are read in the page's query on PostgreSQL")
def test_a_stocked_rows_sizes_are_every_size_as_stored(db):
    # A size in tenths back to its Decimal, at both ends of the sizes sold and past them, and a shoe with none.
    bare = ShoeFactory(name="Bare", sizes={})
    sized = ShoeFactory(name="Sized", sizes={"20": 0, "1": 2, "13.5": 5})
    StockEntry.objects.create(shoe=sized, size=Decimal("99.9"), quantity=1)

    rows = selectors.rows_with_stock(selectors.shoe_rows().filter(pk__in=[bare.pk, sized.pk]).order_by("pk"))
    read = {row["id"]: row[selectors.STOCK_READ] for row in rows}

    stock = selectors.stock_rows(shoe_ids=[bare.pk, sized.pk])
    assert read[bare.pk] == [] and bare.pk not in stock
    assert [(i, repr(s), q) for i, s, q in read[sized.pk]] == [(i, repr(s), q) for i, s, q in stock[sized.pk]]
    assert [repr(size) for _, size, _ in read[sized.pk]] == [
        "Decimal('1.0')", "Decimal('13.5')", "Decimal('20.0')", "Decimal('99.9')"
    ]  # fmt: skip


# A shopper's filters, alone and together, odd spellings and texts a LIKE pattern would read as wildcards included.
FILTERS = [
    "name=runner",
    "name=RUN",
    "name=o",
    "name=50%25",
    "name=r_n",
    "name=nothing",
    "brand=nike",
    "brand=VANS",
    "brand=puma",
    "color=black",
    "size=9",
    "size=8.5&inStock=true",
    "inStock=true",
    "inStock=false",
    "ordering=price",
    "ordering=-price",
    "brand=vans&name=skate&size=9&inStock=true&ordering=-price",
    "color=BLACK&size=8&ordering=price",
]
PAGINGS = ["limit=5", "limit=5&offset=5", "limit=5&offset=10", "offset=7", "limit=3&offset=39"]


def answer(client, path: str) -> tuple[tuple, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200, response.content
    shown = (response.content, response.get("X-Total-Count"), response.get("Link"))
    return shown, [query["sql"] for query in queries]


@pytest.mark.parametrize("call", ["/api/shoes", "/api/shoes/onSale"])
@pytest.mark.parametrize("filters", FILTERS)
def test_a_filtered_lists_pages_from_its_kept_plans_are_the_querysets_own(
    api_client, catalogue, monkeypatch, call, filters
):
    # Pages from offset 6 on are deep (ids first): both ways of reading a page are compared.
    monkeypatch.setattr(cache, "DEEP_OFFSET", 6)
    paths = [f"{call}?{filters}&{paging}" for paging in PAGINGS]
    monkeypatch.setattr(selectors, "FILTERED_LISTS_MAX", 0)
    for path in paths:
        answer(api_client, path)  # each list's count is kept from here on
    own = [answer(api_client, path) for path in paths]
    monkeypatch.setattr(selectors, "FILTERED_LISTS_MAX", 256)
    first = [answer(api_client, path) for path in paths]
    kept = [answer(api_client, path) for path in paths]

    assert [shown for shown, _ in first] == [shown for shown, _ in own]
    assert [shown for shown, _ in kept] == [shown for shown, _ in own]
    for (_, own_queries), (_, kept_queries) in zip(own, kept, strict=True):
        # The version, the page and its sizes: on PostgreSQL the page reads them itself (selectors.rows_with_stock).
        stock_apart = [sql for sql in own_queries if sql.startswith(selectors._STOCK_SQL)]
        assert len(kept_queries) == len(own_queries) - (len(stock_apart) if connection.vendor == "postgresql" else 0)


def test_a_kept_filtered_list_still_refuses_bad_input_and_reads_its_own_values(api_client, catalogue):
    assert api_client.get("/api/shoes?size=9&limit=3").status_code == 200

    bad = api_client.get("/api/shoes?size=nine&limit=3")
    other = api_client.get("/api/shoes?size=8&limit=100").json()

    assert bad.status_code == 400
    assert other["count"] == Shoe.objects.filter(stock__size=8).count()
    assert all(any(entry["size"] == "8" for entry in shoe["stock"]) for shoe in other["results"])


def test_the_kept_filtered_lists_are_bounded(api_client, catalogue, monkeypatch):
    monkeypatch.setattr(selectors, "_filtered_lists", {})
    monkeypatch.setattr(selectors, "FILTERED_LISTS_MAX", 2)
    for name in ("run", "ska", "r", "s"):
        assert api_client.get(f"/api/shoes?name={name}&limit=3").status_code == 200

    assert [key[1] for key in selectors._filtered_lists] == [(("name", "r"),), (("name", "s"),)]
