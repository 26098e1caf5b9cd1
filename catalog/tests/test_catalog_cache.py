"""The catalogue's response cache: hits, keys, the trusted version, and every write path making a cached read change.

Tests run inside a transaction that never commits, so writes run their after-commit work (the version's bump)
only inside the `committed` fixture, as a real commit would run it. Reads are anonymous, so they trust the version
as the shop does (VERSION_TRUST_SECONDS): each write path also shows that a bump makes the trusted number forgotten.
"""

from datetime import timedelta
from decimal import Decimal
from functools import partial
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from catalog import cache as cache_module
from catalog.cache import catalog_version
from catalog.demo import BRANDS
from catalog.importing import shoes_import
from catalog.models import Brand, CatalogVersion, Shoe
from catalog.services import catalog_version_bump
from orders.models import Order
from orders.tests.checkout import body, line
from orders.tests.factories import OrderFactory, OrderLineFactory
from reviews.models import Review

from .factories import BrandFactory, ShoeFactory, StockEntryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Writes inside it run their after-commit work when it ends, as a commit would."""
    return partial(django_capture_on_commit_callbacks, execute=True)


@pytest.fixture
def every_read_asks(monkeypatch):
    """Reads ask the database for the version every time, so their queries can be counted."""
    monkeypatch.setattr(cache_module, "VERSION_TRUST_SECONDS", 0)


@pytest.fixture
def shoe(db) -> Shoe:
    return ShoeFactory(name="Air Swift", brand__name="Nike", price=Decimal("120"), sizes={"9": 5, "9.5": 3})


@pytest.fixture
def staff_client(client):
    client.force_login(User.objects.create_superuser("staff@sneakers.test", "secret-pw"))
    return client


def queries_for(client, path: str, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path, **headers).status_code == 200
    return len(queries)


def warm(client, path: str) -> dict | list:
    """Read path until its answer is cached; the answer."""
    client.get(path)
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(path).json()
    # From the cache: at most the version's query.
    assert all("catalog_catalogversion" in query["sql"] for query in queries), [q["sql"] for q in queries]
    return answer


def stock_of(answer: dict) -> dict[str, int]:
    return {entry["size"]: entry["quantity"] for entry in answer["stock"]}


@pytest.mark.usefixtures("every_read_asks")
class TestCache:
    def test_a_write_the_cache_is_not_told_of_stays_unseen_until_a_bump(self, api_client, shoe, committed):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        Shoe.objects.filter(pk=shoe.pk).update(name="Renamed")  # no signal, no bump

        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["name"] == "Air Swift"
        with committed():
            catalog_version_bump()
        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["name"] == "Renamed"

    def test_the_version_moves_only_once_the_write_is_committed(self, django_capture_on_commit_callbacks):
        before = catalog_version()
        with django_capture_on_commit_callbacks() as after_commit:
            ShoeFactory(sizes={"9": 1})
            assert catalog_version() == before

        for callback in after_commit:
            callback()
        assert catalog_version() > before

    def test_with_no_seconds_there_is_no_response_cache(self, api_client, shoe, settings):
        settings.SHOP_CATALOG_CACHE_SECONDS = 0
        api_client.get(f"/api/shoes/{shoe.pk}")
        Shoe.objects.filter(pk=shoe.pk).update(name="Renamed")
        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["name"] == "Renamed"

    def test_the_order_of_the_parameters_does_not_matter(self, api_client, shoe):
        api_client.get("/api/shoes?limit=2&name=air&offset=0")
        assert queries_for(api_client, "/api/shoes?offset=0&name=air&limit=2") == 1

    def test_of_a_repeated_parameter_the_last_still_counts(self, api_client):
        ShoeFactory(name="Alpha")
        ShoeFactory(name="Beta")
        assert [s["name"] for s in api_client.get("/api/shoes?name=alp&name=bet").json()] == ["Beta"]
        assert [s["name"] for s in api_client.get("/api/shoes?name=bet&name=alp").json()] == ["Alpha"]

    def test_a_very_long_query_string_makes_no_entry_of_its_own(self, api_client, shoe):
        api_client.get("/api/shoes?name=air")
        assert queries_for(api_client, f"/api/shoes?name=air&x={'a' * 4000}") == 1

    def test_an_indented_answer_is_neither_kept_nor_served_to_others(self, api_client, shoe):
        warm(api_client, "/api/shoes")
        indented = api_client.get("/api/shoes", HTTP_ACCEPT="application/json; indent=4").content
        assert b"\n" in indented
        assert b"\n" not in api_client.get("/api/shoes").content

    def test_page_links_name_the_host_that_was_asked(self, api_client):
        ShoeFactory.create_batch(3)
        api_client.get("/api/shoes?limit=1")
        page = api_client.get("/api/shoes?limit=1", HTTP_HOST="localhost").json()
        assert page["next"].startswith("http://localhost/")

    def test_permissions_are_checked_before_the_cache(self, api_client, client_for, disabled_user, shoe):
        warm(api_client, "/api/shoes")
        assert client_for(disabled_user).get("/api/shoes").status_code == 403

    def test_a_missing_version_row_reads_as_0_and_the_next_bump_makes_it(self, committed):
        CatalogVersion.objects.all().delete()
        assert catalog_version() == 0
        with committed():
            catalog_version_bump()
        assert catalog_version() == 1


class TestTrustedVersion:
    def test_a_warm_anonymous_read_runs_no_query(self, api_client, shoe):
        api_client.get("/api/shoes?limit=28")
        assert queries_for(api_client, "/api/shoes?limit=28") == 0

    def test_a_warm_signed_in_read_asks_the_database(self, api_client, shopper_client, shoe):
        api_client.get("/api/shoes?limit=28")
        with CaptureQueriesContext(connection) as queries:
            shopper_client.get("/api/shoes?limit=28")
        assert len(queries) == 4  # the session, the user, the version, and the page's stock as it is now
        assert "catalog_catalogversion" in queries[2]["sql"]
        assert "catalog_stockentry" in queries[3]["sql"]

    def test_another_workers_write_is_seen_signed_in_at_once_and_anonymously_within_a_second(
        self, api_client, shopper_client, shoe
    ):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        # Another worker's write: its bump moves the database's number but not this worker's trusted one.
        Shoe.objects.filter(pk=shoe.pk).update(name="Renamed")
        CatalogVersion.objects.update(n=F("n") + 1)

        assert shopper_client.get(f"/api/shoes/{shoe.pk}").json()["name"] == "Renamed"
        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["name"] == "Air Swift"
        cache.delete("catalog:version")  # what the cache does VERSION_TRUST_SECONDS later
        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["name"] == "Renamed"


class TestApiWrites:
    def test_creating_a_shoe(self, api_client, admin_client, shoe, committed):
        warm(api_client, "/api/shoes")
        with committed():
            form = {"brand": "Nike", "name": "Cloud Glide", "description": "Soft", "color": "Red", "price": "80"}
            assert admin_client.post("/api/shoes", {**form, "size": "9", "q": "1"}).status_code == 201
        assert [s["name"] for s in api_client.get("/api/shoes").json()] == ["Cloud Glide", "Air Swift"]

    def test_changing_a_shoe(self, api_client, admin_client, shoe, committed):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        form = {"brand": "Nike", "name": "Air Swifter", "description": "Soft", "color": "Red", "price": "80"}
        with committed():
            assert admin_client.put(f"/api/shoes/{shoe.pk}", form).status_code == 200
        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["name"] == "Air Swifter"

    def test_deleting_a_shoe(self, api_client, admin_client, shoe, committed):
        warm(api_client, "/api/shoes")
        warm(api_client, f"/api/shoes/{shoe.pk}")
        with committed():
            assert admin_client.delete(f"/api/shoes/{shoe.pk}").status_code == 204
        assert api_client.get("/api/shoes").json() == []
        assert api_client.get(f"/api/shoes/{shoe.pk}").status_code == 404

    def test_putting_a_shoe_on_sale(self, api_client, admin_client, shoe, committed):
        assert warm(api_client, "/api/shoes/onSale") == []
        with committed():
            assert admin_client.put(f"/api/admin/onsale/{shoe.pk}", {"onSale": True}).status_code == 200
        assert [s["_id"] for s in api_client.get("/api/shoes/onSale").json()] == [shoe.pk]

    @pytest.mark.parametrize(("size", "expected"), [("9", {"9": 7, "9.5": 3}), ("10", {"9": 5, "9.5": 3, "10": 2})])
    def test_adding_pairs_to_a_size_or_a_new_size(self, api_client, admin_client, shoe, committed, size, expected):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        with committed():
            assert admin_client.put(f"/api/shoes/addSize/{shoe.pk}", {"size": size, "q": 2}).status_code == 200
        assert stock_of(api_client.get(f"/api/shoes/{shoe.pk}").json()) == expected

    def test_creating_and_deleting_a_brand(self, api_client, admin_client, shoe, committed):
        warm(api_client, "/api/brands")
        with committed():
            brand_id = admin_client.post("/api/brands", {"name": "Puma"}).json()["brand"]["_id"]
        assert [brand["name"] for brand in warm(api_client, "/api/brands")] == ["Nike", "Puma"]

        with committed():
            assert admin_client.delete(f"/api/brands/{brand_id}").status_code == 204
        assert [brand["name"] for brand in api_client.get("/api/brands").json()] == ["Nike"]

    def test_the_colors_follow_the_shoes(self, api_client, admin_client, shoe, committed):
        assert warm(api_client, "/api/shoes/colors?brand=nike") == ["Black"]
        form = {"brand": "Nike", "name": "Air Swift", "description": "Soft", "color": "Red", "price": "80"}
        with committed():
            admin_client.put(f"/api/shoes/{shoe.pk}", form)
        assert api_client.get("/api/shoes/colors?brand=nike").json() == ["Red"]

    def test_a_page_count_follows_the_shoes(self, api_client, shoe, committed):
        assert warm(api_client, "/api/shoes?limit=1")["count"] == 1
        with committed():
            ShoeFactory()
        assert api_client.get("/api/shoes?limit=1&offset=1").json()["count"] == 2


class TestOperatorWrites:
    def test_an_import(self, api_client, shoe, committed, tmp_path):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        csv = tmp_path / "shoes.csv"
        header = "brand,name,color,price,description,image,size,quantity"
        csv.write_text(f"{header}\nNike,Air Swift,Black,150,Light running shoe,,9,1\n")
        with committed():
            shoes_import(csv_path=csv)
        answer = api_client.get(f"/api/shoes/{shoe.pk}").json()
        assert (answer["price"], stock_of(answer)["9"]) == (150, 1)

    def test_seeding_the_demo(self, api_client, committed):
        # The brands are there already (bulk_create sends no signal): the shoes' bulk insert alone must bump.
        Brand.objects.bulk_create(Brand(name=name) for name in BRANDS)
        assert warm(api_client, "/api/shoes") == []
        with committed():
            call_command("seed_demo", "--shoes", "2", stdout=StringIO())
        assert len(api_client.get("/api/shoes").json()) == 2


class TestDjangoAdmin:
    def test_changing_a_shoe_and_its_stock_inline(self, api_client, staff_client, shoe, committed):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        entry = shoe.stock.get(size=Decimal("9"))
        form = {
            "name": "Air Swifter", "brand": shoe.brand_id, "description": shoe.description, "color": shoe.color,
            "price": "80", "stock-TOTAL_FORMS": "1", "stock-INITIAL_FORMS": "1", "stock-0-id": entry.pk,
            "stock-0-shoe": shoe.pk, "stock-0-size": "9", "stock-0-quantity": "1",
        }  # fmt: skip
        with committed():
            response = staff_client.post(reverse("admin:catalog_shoe_change", args=[shoe.pk]), form)
        assert response.status_code == 302
        answer = api_client.get(f"/api/shoes/{shoe.pk}").json()
        assert (answer["name"], answer["price"], stock_of(answer)["9"]) == ("Air Swifter", 80, 1)

    def test_changing_a_stock_entry(self, api_client, staff_client, shoe, committed):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        entry = shoe.stock.get(size=Decimal("9.5"))
        with committed():
            response = staff_client.post(
                reverse("admin:catalog_stockentry_change", args=[entry.pk]),
                {"shoe": shoe.pk, "size": "9.5", "quantity": "0"},
            )
        assert response.status_code == 302
        assert stock_of(api_client.get(f"/api/shoes/{shoe.pk}").json())["9.5"] == 0

    def test_renaming_a_brand(self, api_client, staff_client, shoe, committed):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        with committed():
            staff_client.post(reverse("admin:catalog_brand_change", args=[shoe.brand_id]), {"name": "Nike Inc"})
        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["brand"] == "Nike Inc"

    @pytest.mark.parametrize(("action", "on_sale"), [("put_on_sale", [True]), ("end_sale", [])])
    def test_the_sale_actions(self, api_client, staff_client, shoe, committed, action, on_sale):
        Shoe.objects.filter(pk=shoe.pk).update(on_sale=action == "end_sale")
        warm(api_client, "/api/shoes/onSale")
        with committed():
            staff_client.post(
                reverse("admin:catalog_shoe_changelist"), {"action": action, "_selected_action": [shoe.pk]}
            )
        assert [True for _ in api_client.get("/api/shoes/onSale").json()] == on_sale

    def test_deleting_a_shoe(self, api_client, staff_client, shoe, committed):
        warm(api_client, "/api/shoes")
        with committed():
            staff_client.post(reverse("admin:catalog_shoe_delete", args=[shoe.pk]), {"post": "yes"})
        assert not Shoe.objects.exists()
        assert api_client.get("/api/shoes").json() == []


class TestOrdersAndReviews:
    URL = "/api/cart/checkout"

    def test_a_checkout_takes_the_pairs_it_sold(self, api_client, client_for, shopper, shoe, committed, stock_clock):
        warm(api_client, f"/api/shoes/{shoe.pk}")
        with committed():
            assert client_for(shopper).post(self.URL, body(shopper, [line(shoe, "9", 2)])).status_code == 201
        # Anonymous readers see the pairs at most STOCK_SECONDS old (catalog/fresh.py).
        stock_clock.past_the_bound()
        assert stock_of(api_client.get(f"/api/shoes/{shoe.pk}").json())["9"] == 3

    def test_a_checkout_selling_a_size_out_moves_the_version_outside_its_transaction(
        self, client_for, shopper, shoe, django_capture_on_commit_callbacks
    ):
        before = catalog_version()
        with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks() as after_commit:
            assert client_for(shopper).post(self.URL, body(shopper, [line(shoe, "9.5", 3)])).status_code == 201

        assert not any("catalog_catalogversion" in query["sql"] for query in queries)
        for callback in after_commit:
            callback()
        assert catalog_version() > before

    def test_releasing_a_stale_reservation_puts_the_pairs_back(
        self, api_client, client_for, shopper, shoe, committed, stock_clock
    ):
        with committed():
            client_for(shopper).post(
                self.URL, body(shopper, [line(shoe, "9", 2)], pm="pm_card_authenticationRequired--c1")
            )
        assert stock_of(warm(api_client, f"/api/shoes/{shoe.pk}"))["9"] == 3
        Order.objects.update(created_at=Order.objects.get().created_at - timedelta(hours=1))

        with committed():
            call_command("release_stale_reservations", stdout=StringIO())
        assert Order.objects.get().payment == Order.Payment.RELEASED
        stock_clock.past_the_bound()
        assert stock_of(api_client.get(f"/api/shoes/{shoe.pk}").json())["9"] == 5

    def test_a_review_and_its_removal_move_the_rating(self, api_client, client_for, shopper, shoe, committed):
        OrderLineFactory(order=OrderFactory(user=shopper, status=Order.Status.RECEIVED), shoe=shoe)
        warm(api_client, f"/api/shoes/{shoe.pk}")
        with committed():
            client_for(shopper).post(f"/api/reviews/{shoe.pk}", {"review": "Fits like a glove", "rating": 4})
        assert warm(api_client, f"/api/shoes/{shoe.pk}")["rating"] == 4.0

        with committed():
            client_for(shopper).delete(f"/api/reviews/exact/{Review.objects.get().pk}")
        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["rating"] is None


@pytest.mark.parametrize("factory", [BrandFactory, ShoeFactory, StockEntryFactory])
def test_a_save_or_a_delete_of_any_catalogue_row_moves_the_version(committed, factory):
    row = factory()
    for write in (row.save, row.delete):
        before = catalog_version()
        with committed():
            write()
        assert catalog_version() > before


# Nothing listens on port 1: Django's Redis cache, through the real redis client, is refused at once.
REDIS_DOWN = {
    "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
}


def test_the_catalogue_answers_while_its_cache_is_down(client, shoe, settings, caplog):
    expected = client.get("/api/shoes?limit=28").json()
    settings.CACHES = REDIS_DOWN
    for path in ("/api/shoes?limit=28", "/api/shoes?limit=28", f"/api/shoes/{shoe.pk}", "/api/brands"):
        assert client.get(path).status_code == 200
    assert client.get("/api/shoes?limit=28").json() == expected
    assert "The catalogue cache did not answer (ConnectionError" in caplog.text
