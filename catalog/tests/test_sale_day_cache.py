"""Issue 27: a sale moves only what it changed, and the answers every visitor gets are fit for HTTP caches.

Kept answers hold no stock (catalog/fresh.py): a sale that leaves a size with pairs keeps every kept answer and
moves no version; a size selling out (or coming back) moves the version, so the in-stock lists change at once. The
stock an anonymous reader sees is at most fresh.STOCK_SECONDS old: the tests drive that clock (stock_clock).
"""

import gzip
from decimal import Decimal
from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import cache as cache_module
from catalog import fresh
from catalog.cache import catalog_version
from catalog.services import stock_release
from orders.tests.checkout import body, line
from shopsite.http_cache import CDN_CACHE_CONTROL, PUBLIC_CACHE_CONTROL

from .factories import ShoeFactory

pytestmark = pytest.mark.django_db

CHECKOUT = "/api/cart/checkout"
IN_STOCK_9_5 = "/api/shoes?size=9.5&inStock=true"


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return partial(django_capture_on_commit_callbacks, execute=True)


@pytest.fixture
def every_read_asks(monkeypatch):
    """Reads ask the database for the version every time, so their queries can be counted."""
    monkeypatch.setattr(cache_module, "VERSION_TRUST_SECONDS", 0)


@pytest.fixture
def sold(db):
    return ShoeFactory(name="Air Swift", price=Decimal("120"), sizes={"9": 5, "9.5": 3})


@pytest.fixture
def other(db):
    return ShoeFactory(name="Storm Glide", price=Decimal("80"), sizes={"9": 4, "9.5": 2})


def stock_of(answer: dict) -> dict[str, int]:
    return {entry["size"]: entry["quantity"] for entry in answer["stock"]}


def read(client, path: str) -> tuple[object, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200
    return response, [query["sql"] for query in queries]


def checkout(client_for, shopper, shoe, size: str, pairs: int, committed) -> None:
    with committed():
        assert client_for(shopper).post(CHECKOUT, body(shopper, [line(shoe, size, pairs)])).status_code == 201


class TestASale:
    def test_leaves_the_version_and_other_shoes_kept_answers_kept(
        self, api_client, client_for, shopper, sold, other, committed, stock_clock, every_read_asks
    ):
        for path in (f"/api/shoes/{other.pk}", "/api/shoes?limit=28", IN_STOCK_9_5):
            api_client.get(path)
        before = catalog_version()

        checkout(client_for, shopper, sold, "9", 2, committed)
        stock_clock.past_the_bound()

        assert catalog_version() == before
        for path in (f"/api/shoes/{other.pk}", "/api/shoes?limit=28", IN_STOCK_9_5):
            _, queries = read(api_client, path)
            # The version, then the page's stock: no shoe, no count, no page is read again.
            assert len(queries) == 2, queries
            assert "catalog_catalogversion" in queries[0] and "catalog_stockentry" in queries[1]
            assert "catalog_shoe " not in queries[1] and "COUNT(" not in queries[1]

    def test_shows_its_pairs_in_every_list_once_the_bound_has_passed(
        self, api_client, client_for, shopper, sold, committed, stock_clock
    ):
        page = f"/api/shoes/{sold.pk}"
        kept = {path: api_client.get(path).json() for path in (page, "/api/shoes?limit=28")}
        checkout(client_for, shopper, sold, "9", 2, committed)

        # Within the bound, this worker's copy; never older.
        stock_clock.advance(fresh.STOCK_SECONDS)
        assert stock_of(api_client.get(page).json())["9"] == 5
        stock_clock.past_the_bound()
        assert stock_of(api_client.get(page).json())["9"] == 3
        listed = {shoe["_id"]: shoe for shoe in api_client.get("/api/shoes?limit=28").json()["results"]}
        assert stock_of(listed[sold.pk])["9"] == 3
        # Nothing but the pairs changed: the same answer with the new stock, byte for byte as the view builds it.
        assert {**listed[sold.pk], "stock": None} == {**kept["/api/shoes?limit=28"]["results"][0], "stock": None}

    def test_a_signed_in_caller_sees_the_pairs_at_once_never_the_kept_public_answer(
        self, api_client, client_for, shopper, sold, committed
    ):
        page = f"/api/shoes/{sold.pk}"
        api_client.get(page)
        checkout(client_for, shopper, sold, "9", 2, committed)

        answer = client_for(shopper).get(page)
        assert answer.wsgi_request.user.is_authenticated
        assert stock_of(answer.json())["9"] == 3
        assert answer["Cache-Control"] == "private, no-store"


class TestASizeSellingOut:
    def test_leaves_the_in_stock_lists_at_once_and_comes_back_with_its_pairs(
        self, api_client, client_for, shopper, sold, other, committed
    ):
        assert {shoe["_id"] for shoe in api_client.get(IN_STOCK_9_5).json()} == {sold.pk, other.pk}
        before = catalog_version()

        checkout(client_for, shopper, sold, "9.5", 3, committed)
        assert catalog_version() > before
        # No clock moved: the version did, and the anonymous reader's trusted number was forgotten with it.
        assert {shoe["_id"] for shoe in api_client.get(IN_STOCK_9_5).json()} == {other.pk}
        assert api_client.get(IN_STOCK_9_5)["X-Total-Count"] == "1"

        with committed():
            stock_release(pairs={sold.stock.get(size=Decimal("9.5")).pk: 1})
        assert {shoe["_id"] for shoe in api_client.get(IN_STOCK_9_5).json()} == {sold.pk, other.pk}


class TestHttpCaching:
    PATHS = ["/api/shoes?limit=28", "/api/shoes/colors", "/api/brands", "/", "/sale"]

    @pytest.mark.parametrize("path", PATHS)
    def test_public_answers_are_public_with_a_strong_etag_and_no_cookie(self, api_client, sold, path):
        cold, warm = api_client.get(path), api_client.get(path)
        for answer in (cold, warm):
            assert answer["Cache-Control"] == PUBLIC_CACHE_CONTROL
            # Served stale while a cache asks again: by a CDN only, never by the browser (shopsite/http_cache.py).
            assert "stale-while-revalidate" not in answer["Cache-Control"]
            assert answer["CDN-Cache-Control"] == CDN_CACHE_CONTROL
            assert answer["ETag"].startswith('"') and answer["ETag"] == cold["ETag"]
            assert not answer.cookies and not answer.has_header("Set-Cookie")
        vary = [part.strip().lower() for part in warm["Vary"].split(",")]
        # The API's JSON changes with its encoding only; a shell also names a signed-in visitor. (Origin: CORS's.)
        assert vary == (["accept-encoding", "origin"] if path.startswith("/api") else ["cookie", "accept-encoding"])

    @pytest.mark.parametrize("path", ["/api/shoes?limit=28", "/api/shoes/{id}", "/"])
    def test_if_none_match_answers_304_without_a_body(self, api_client, sold, path):
        path = path.format(id=sold.pk)
        etag = api_client.get(path)["ETag"]
        for _ in range(2):  # cold (the full way) and warm (the middleware)
            answer = api_client.get(path, HTTP_IF_NONE_MATCH=etag)
            assert answer.status_code == 304 and answer.content == b""
            assert answer["ETag"] == etag and answer["Cache-Control"] == PUBLIC_CACHE_CONTROL
            assert answer["CDN-Cache-Control"] == CDN_CACHE_CONTROL
            fresh.served_answers.clear()
        assert api_client.get(path, HTTP_IF_NONE_MATCH='"another"').status_code == 200

    def test_a_new_stock_is_a_new_etag(self, api_client, client_for, shopper, sold, committed, stock_clock):
        etag = api_client.get(f"/api/shoes/{sold.pk}")["ETag"]
        checkout(client_for, shopper, sold, "9", 1, committed)
        stock_clock.past_the_bound()
        assert api_client.get(f"/api/shoes/{sold.pk}", HTTP_IF_NONE_MATCH=etag).status_code == 200

    def test_json_is_gzipped_when_accepted_with_an_etag_of_its_own(self, api_client, sold, other):
        ShoeFactory.create_batch(6, sizes={"9": 1, "10": 2})
        plain = api_client.get("/api/shoes?limit=28")
        zipped = api_client.get("/api/shoes?limit=28", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
        assert zipped["Content-Encoding"] == "gzip"
        assert gzip.decompress(zipped.content) == plain.content
        assert zipped["ETag"] == plain["ETag"][:-1] + '-gzip"'
        assert int(zipped["Content-Length"]) == len(zipped.content) < len(plain.content)
        assert api_client.get("/api/shoes?limit=28", HTTP_IF_NONE_MATCH=zipped["ETag"]).status_code == 304

    @pytest.mark.parametrize("path", ["/api/shoes?limit=28", "/"])
    def test_a_signed_in_callers_answer_is_private_no_store(self, api_client, shopper_client, sold, path):
        api_client.get(path)
        answer = shopper_client.get(path)
        assert answer.wsgi_request.user.is_authenticated
        assert answer["Cache-Control"] == "private, no-store"
        assert not answer.has_header("ETag") and not answer.has_header("CDN-Cache-Control")
