"""Warm public catalogue reads, answered by the middleware before sessions, authentication, CSRF and DRF run.

Keys come from the meaning of a request, so requests that mean the same share an entry; the view answers from the
same normal form, so an entry can never hold an answer to another request. Bodies kept are bounded, and so is the
local-memory cache's count of entries.
"""

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import cache as cache_module
from catalog.models import Shoe
from catalog.views import ShoeDetailView

from .factories import ShoeFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def shoes(db) -> list[Shoe]:
    return [
        ShoeFactory(name="Storm Glide", brand__name="Nike", color="Red", price=80, sizes={"9": 2}),
        ShoeFactory(name="Air Swift", brand__name="Nike", color="Black", price=120, on_sale=True, sizes={"10": 1}),
        ShoeFactory(name="Old Skool", brand__name="Vans", color="Black", price=60),
    ]


def queries_for(client, path: str, **extra) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path, **extra).status_code == 200
    return len(queries)


def answered_ahead(response) -> bool:
    """Whether the middleware answered: neither sessions nor authentication ran on the request."""
    request = response.wsgi_request
    return not hasattr(request, "session") and not hasattr(request, "user")


# Public catalogue reads, as the storefront makes them.
READS = [
    "/api/shoes?limit=28",
    "/api/shoes",
    "/api/shoes?limit=28&name=storm",
    "/api/shoes?limit=6&brand=Nike&color=black&ordering=-price",
    "/api/shoes/onSale?limit=8",
    "/api/shoes/colors?brand=nike",
    "/api/brands",
]


class TestSharedEntries:
    @pytest.mark.parametrize(
        ("first", "same"),
        [
            ("/api/shoes", "/api/shoes?z=1"),
            ("/api/shoes", "/api/shoes?offset=0&utm_source=mail"),
            ("/api/shoes?limit=28", "/api/shoes?limit=28&offset=0"),
            ("/api/shoes?limit=28", "/api/shoes?offset=0&limit=028&page=3"),
            ("/api/shoes?limit=100", "/api/shoes?limit=5000"),
            ("/api/shoes?name=storm", "/api/shoes?name=Storm"),
            ("/api/shoes?name=storm", "/api/shoes?name=%20STORM%20"),
            ("/api/shoes?name=storm", "/api/shoes?name=glide&name=storm"),
            ("/api/shoes?brand=nike&color=red", "/api/shoes?color=RED&brand=Nike"),
            ("/api/shoes?brand=nike", "/api/shoes?brand=nike&name="),
            ("/api/shoes/onSale", "/api/shoes/onSale?ordering=price"),
            ("/api/shoes/colors?brand=nike", "/api/shoes/colors?brand=NIKE&limit=1"),
            ("/api/brands", "/api/brands?offset=0"),
        ],
    )
    def test_requests_that_mean_the_same_share_an_entry(self, api_client, shoes, first, same):
        kept = api_client.get(first)
        with CaptureQueriesContext(connection) as queries:
            shared = api_client.get(same)

        assert len(queries) == 0
        assert answered_ahead(shared)
        assert shared.content == kept.content

    def test_a_shoe_by_any_spelling_of_its_id(self, api_client, shoes):
        kept = api_client.get(f"/api/shoes/{shoes[0].pk}")
        assert queries_for(api_client, f"/api/shoes/000{shoes[0].pk}?z=1") == 0
        assert api_client.get(f"/api/shoes/000{shoes[0].pk}").content == kept.content

    def test_an_unknown_parameter_never_reaches_a_kept_page(self, api_client):
        ShoeFactory.create_batch(3)
        first = api_client.get("/api/shoes?limit=1&z=1&offset=1").json()
        assert (first["next"], first["previous"]) == (
            "http://testserver/api/shoes?limit=1&offset=2",
            "http://testserver/api/shoes?limit=1",
        )
        assert api_client.get("/api/shoes?offset=1&limit=1").json() == first

    def test_the_count_of_a_list_is_kept_under_its_filters_alone(self, api_client, shoes, monkeypatch):
        monkeypatch.setattr(cache_module, "VERSION_TRUST_SECONDS", 0)
        api_client.get("/api/shoes?brand=nike&limit=1")
        with CaptureQueriesContext(connection) as queries:
            page = api_client.get("/api/shoes?brand=NIKE&offset=1&ordering=price&z=2")
        assert page["X-Total-Count"] == "2"
        assert not any("COUNT(" in query["sql"] for query in queries)

    def test_different_meanings_do_not_share(self, api_client, shoes):
        assert [s["name"] for s in api_client.get("/api/shoes?brand=nike").json()] == ["Air Swift", "Storm Glide"]
        assert [s["name"] for s in api_client.get("/api/shoes?brand=vans").json()] == ["Old Skool"]
        assert [s["name"] for s in api_client.get("/api/shoes?brand=nike&ordering=price").json()] == [
            "Storm Glide",
            "Air Swift",
        ]


class TestFastPath:
    @pytest.mark.parametrize("path", READS)
    def test_a_warm_public_read_runs_no_session_no_authentication_no_view_and_no_query(
        self, api_client, shoes, monkeypatch, django_assert_num_queries, path
    ):
        cold = api_client.get(path)
        assert not answered_ahead(cold)

        for view in ("ShoeListView", "ShoeOnSaleListView", "ShoeColorListView", "BrandListView"):
            monkeypatch.setattr(f"catalog.views.{view}.get", lambda *args, **kwargs: pytest.fail("the view ran"))
        with django_assert_num_queries(0):
            warm = api_client.get(path)

        assert answered_ahead(warm)
        assert warm.content == cold.content

    def test_a_shoe_too(self, api_client, shoes, monkeypatch, django_assert_num_queries):
        cold = api_client.get(f"/api/shoes/{shoes[0].pk}")
        monkeypatch.setattr(ShoeDetailView, "get", lambda *args, **kwargs: pytest.fail("the view ran"))
        with django_assert_num_queries(0):
            warm = api_client.get(f"/api/shoes/{shoes[0].pk}")
        assert answered_ahead(warm)
        assert warm.content == cold.content

    @pytest.mark.parametrize("path", [*READS, "/api/shoes/{id}"])
    def test_a_warm_answer_has_the_headers_of_a_cold_one(self, api_client, shoes, path):
        path = path.format(id=shoes[0].pk)
        cold, warm = api_client.get(path), api_client.get(path)

        assert answered_ahead(warm)
        assert cold["X-Request-ID"] != warm["X-Request-ID"]
        del cold["X-Request-ID"], warm["X-Request-ID"]
        assert warm.headers == cold.headers
        for header in ("X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy"):
            assert warm.has_header(header), header
        # Accept-Encoding: gzip. Origin (django-cors-headers): a listed front end's may differ. Not Cookie: a catalogue
        # answer is the same for everyone (a signed-in caller's is private, no-store); not Accept: the API speaks JSON.
        assert [part.strip().lower() for part in warm["Vary"].split(",")] == ["accept-encoding", "origin"]

    def test_a_plain_page_keeps_its_total_and_links(self, api_client, shoes):
        Shoe.objects.bulk_create(
            Shoe(brand=shoes[0].brand, name="Runner", description="Shoe", color="Red", price=50) for _ in range(197)
        )
        cold, warm = api_client.get("/api/shoes?offset=50"), api_client.get("/api/shoes?offset=50&z=1")
        assert answered_ahead(warm)
        assert (
            (warm["X-Total-Count"], warm["Link"])
            == (cold["X-Total-Count"], cold["Link"])
            == (
                "200",
                '<http://testserver/api/shoes?offset=150>; rel="next", <http://testserver/api/shoes>; rel="prev"',
            )
        )

    def test_over_https_it_sends_hsts_as_the_full_way_does(self, api_client, shoes, settings):
        settings.SECURE_HSTS_SECONDS = 3600
        cold = api_client.get("/api/shoes?limit=28", secure=True)
        warm = api_client.get("/api/shoes?limit=28", secure=True)
        assert answered_ahead(warm)
        assert warm["Strict-Transport-Security"] == cold["Strict-Transport-Security"] == "max-age=3600"

    def test_a_signed_in_caller_goes_the_full_way(self, api_client, shopper_client, shoes):
        api_client.get("/api/shoes?limit=28")
        answer = shopper_client.get("/api/shoes?limit=28")
        assert answer.wsgi_request.user.is_authenticated
        assert answer.content == api_client.get("/api/shoes?limit=28").content

    def test_a_caller_with_a_token_goes_the_full_way(self, api_client, shoes):
        api_client.get("/api/shoes?limit=28")
        # Not a credential this shop's provider reads: the view answers it, anonymously.
        answer = api_client.get("/api/shoes?limit=28", HTTP_AUTHORIZATION="Bearer some-token")
        assert answer.status_code == 200
        assert not answered_ahead(answer)

    def test_a_disabled_users_session_is_refused_even_when_warm(self, api_client, client_for, disabled_user, shoes):
        api_client.get("/api/shoes?limit=28")
        assert client_for(disabled_user).get("/api/shoes?limit=28").status_code == 403

    def test_a_host_not_allowed_is_refused_warm_or_cold(self, api_client, shoes):
        api_client.get("/api/shoes?limit=28")
        assert api_client.get("/api/shoes?limit=28", HTTP_HOST="evil.example").status_code == 400
        assert api_client.get("/api/shoes?limit=28", HTTP_HOST="evil.example").status_code == 400

    def test_the_links_of_a_page_name_the_host_that_was_asked(self, api_client, shoes):
        api_client.get("/api/shoes?limit=1")
        page = api_client.get("/api/shoes?limit=1", HTTP_HOST="localhost")
        assert not answered_ahead(page)
        assert page.json()["next"] == "http://localhost/api/shoes?limit=1&offset=1"
        assert api_client.get("/api/shoes?limit=1", HTTP_HOST="localhost").json() == page.json()

    def test_a_write_is_seen_by_the_next_read(
        self, api_client, admin_client, shoes, django_capture_on_commit_callbacks
    ):
        path = f"/api/shoes/{shoes[0].pk}"
        api_client.get(path)
        assert answered_ahead(api_client.get(path))
        form = {"brand": "Nike", "name": "Storm Glider", "description": "Soft", "color": "Red", "price": "80"}
        with django_capture_on_commit_callbacks(execute=True):
            assert admin_client.put(path, form).status_code == 200
        assert api_client.get(path).json()["name"] == "Storm Glider"
        assert api_client.get("/api/shoes?limit=28").json()["results"][-1]["name"] == "Storm Glider"

    @pytest.mark.parametrize(
        "accept", ["application/json; indent=4", "text/html,application/xhtml+xml,*/*;q=0.8", "application/xml"]
    )
    def test_an_accept_header_with_parameters_or_without_json_goes_the_full_way(self, api_client, shoes, accept):
        api_client.get("/api/brands")
        answer = api_client.get("/api/brands", HTTP_ACCEPT=accept)
        assert not answered_ahead(answer)

    @pytest.mark.parametrize("accept", ["application/json", "*/*", "application/json, text/plain, */*"])
    def test_plain_json_accept_headers_are_answered_ahead(self, api_client, shoes, accept):
        api_client.get("/api/brands")
        assert answered_ahead(api_client.get("/api/brands", HTTP_ACCEPT=accept))

    def test_a_format_parameter_is_no_parameter_of_these_calls(self, api_client, shoes):
        kept = api_client.get("/api/brands")
        for format in ("json", "xml", "api"):
            answer = api_client.get(f"/api/brands?format={format}")
            assert answered_ahead(answer)
            assert answer.content == kept.content

    def test_only_a_get_is_answered_ahead(self, api_client, shoes):
        api_client.get("/api/brands")
        assert not answered_ahead(api_client.head("/api/brands"))
        assert api_client.post("/api/brands", {"name": "Puma"}).status_code == 401

    def test_nothing_is_answered_ahead_without_the_cache(self, api_client, shoes, settings):
        settings.SHOP_CATALOG_CACHE_SECONDS = 0
        api_client.get("/api/brands")
        assert not answered_ahead(api_client.get("/api/brands"))

    def test_calls_outside_the_catalogue_go_the_full_way(self, api_client, shoes):
        api_client.get(f"/api/reviews/{shoes[0].pk}")
        assert not answered_ahead(api_client.get(f"/api/reviews/{shoes[0].pk}"))
        assert not answered_ahead(api_client.get("/api/health"))

    def test_the_middleware_stands_after_the_header_middleware_and_before_the_session(self):
        stack = django_settings.MIDDLEWARE
        ours = stack.index("catalog.middleware.PublicAnswerMiddleware")
        for above in ("RequestIdMiddleware", "SecurityMiddleware", "XFrameOptionsMiddleware"):
            assert any(name.endswith(above) for name in stack[:ours]), above
        for below in ("SessionMiddleware", "CsrfViewMiddleware", "AuthenticationMiddleware"):
            assert any(name.endswith(below) for name in stack[ours:]), below


class TestBounds:
    def test_a_body_over_the_cap_is_answered_but_not_kept(self, api_client, shoes, monkeypatch):
        monkeypatch.setattr(cache_module, "VERSION_TRUST_SECONDS", 0)
        small = len(api_client.get("/api/brands").content)
        monkeypatch.setattr(cache_module, "MAX_KEPT_BYTES", small)
        cache.clear()

        api_client.get("/api/brands")
        assert queries_for(api_client, "/api/brands") == 1
        api_client.get("/api/shoes")
        assert queries_for(api_client, "/api/shoes") > 1

    def test_every_entry_has_a_timeout(self, api_client, shoes, settings):
        settings.SHOP_CATALOG_CACHE_SECONDS = 60
        for path in READS:
            api_client.get(path)
        assert cache._expire_info
        assert all(expires < float("inf") for expires in cache._expire_info.values())

    def test_the_local_memory_cache_holds_a_bounded_number_of_entries(self, api_client, shoes, monkeypatch):
        assert django_settings.CACHES["default"]["OPTIONS"]["MAX_ENTRIES"] == 500
        small = LocMemCache("bounded", {"OPTIONS": {"MAX_ENTRIES": 20}})
        monkeypatch.setattr(cache_module, "cache", small)

        for offset in range(100):
            assert api_client.get(f"/api/shoes?offset={offset}").status_code == 200
        assert len(small._cache) <= 20
        # The newest are kept.
        assert queries_for(api_client, "/api/shoes?offset=99") == 0


@pytest.mark.parametrize("kept", [b"an older release's bytes", (200, b"body"), 42])
def test_an_entry_of_another_shape_is_a_miss(kept):
    cache.set("catalog:answer:1:other", kept)
    assert cache_module.answer_found("catalog:answer:1:other") is None
