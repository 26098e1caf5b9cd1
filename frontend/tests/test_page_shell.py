"""The page shell: the same HTML for every screen, 404 for paths no screen shows, JSON under /api/."""

import json
import re

import pytest

from frontend.routes import ROUTE_TABLE, screen_for
from shopsite.http_cache import PUBLIC_CACHE_CONTROL

pytestmark = pytest.mark.django_db


def shop_config(response) -> dict:
    match = re.search(r'<script id="shop-config" type="application/json">(.*?)</script>', response.content.decode())
    return json.loads(match.group(1))


@pytest.mark.parametrize(
    "path",
    ["/", "/products", "/colletions/Nike", "/collections/New%20Balance", "/sale", "/cart",
     "/order/pi_123", "/aboutUs", "/AboutUs", "/termsOfService", "/TermsOfService", "/admin", "/modifshoe", "/sale/",
     "/unsubscribe/MQ:7Wm1xtq1J3oYH0", "/newsletter/confirm/eyJzaWdudXAiOjF9:1vXyZ:abc"],
)  # fmt: skip
def test_every_screen_of_the_spec_gets_the_shell(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert '<div id="root"></div>' in response.content.decode()


@pytest.mark.parametrize("path", ["/nope", "/products/12/extra", "/colletions", "/admin/users", "/unsubscribe"])
def test_other_paths_get_the_shell_with_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert '<div id="root"></div>' in response.content.decode()


def test_the_shell_carries_the_server_settings_and_no_secret(client, settings):
    settings.SHOP_NAME = "Kicks"
    settings.SHOP_SOCIAL_LINKS = {"Instagram": "https://www.instagram.com/kicks"}
    settings.STRIPE_SECRET_KEY = "sk_test_secret"
    response = client.get("/")
    assert shop_config(response) == {
        "shopName": "Kicks",
        "identityProvider": "local",
        "firebaseConfig": None,
        "googleClientId": "",
        "paymentGateway": "test",
        "stripePublishableKey": "",
        "socialLinks": {"Instagram": "https://www.instagram.com/kicks"},
        "user": None,
    }
    assert "sk_test_secret" not in response.content.decode()
    assert "<title>Kicks</title>" in response.content.decode()


def test_the_shell_tells_the_app_the_google_client_id_when_the_shop_offers_google(client, settings):
    settings.GOOGLE_CLIENT_ID = "1-shop.apps.googleusercontent.com"

    assert shop_config(client.get("/signin"))["googleClientId"] == "1-shop.apps.googleusercontent.com"


def test_the_shell_tells_the_app_who_is_signed_in(client, shopper):
    client.force_login(shopper)
    user = shop_config(client.get("/"))["user"]
    assert (user["idUser"], user["email"], user["status"], user["isAdmin"]) == (
        shopper.uid,
        shopper.email,
        "Enabled",
        False,
    )


def test_a_disabled_user_is_told_so_by_the_shell_too(client, disabled_user):
    client.force_login(disabled_user)
    assert shop_config(client.get("/account"))["user"]["status"] == "Disabled"


def test_the_shell_sets_no_cookie_the_app_asks_for_its_csrf_cookie_when_it_writes(client, db):
    shell = client.get("/")
    assert not shell.cookies and not shell.has_header("Set-Cookie")
    given = client.get("/api/csrf")
    assert given.status_code == 204 and given["Cache-Control"] == "private, no-store"
    assert len(given.cookies["csrftoken"].value) == 32


def test_the_shell_is_only_read(client):
    assert client.post("/").status_code == 405


@pytest.mark.parametrize("path", ["/api/nope", "/api/shoes/12/extra", "/api/", "/api/users/abc/def"])
def test_unknown_api_paths_answer_json_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found.", "code": "not_found"}


def test_missing_static_files_are_a_plain_404_not_the_shell(client):
    response = client.get("/static/dist/missing.js")
    assert response.status_code == 404
    assert b'<div id="root">' not in response.content


def test_the_django_admin_is_not_the_shell(client):
    assert client.get("/django-admin").status_code == 301


def test_the_route_table_is_the_one_react_reads():
    table = json.loads(ROUTE_TABLE.read_text())
    assert {route["path"] for route in table} >= {"/", "/products/:id", "/colletions/:brand", "/orders"}
    assert screen_for("/products/7") == ("ProductDetail", {"id": "7"})
    assert screen_for("/PRODUCTS/7/") == ("ProductDetail", {"id": "7"})
    assert screen_for("/products/") == ("Products", {})
    assert screen_for("/colletions/New%20Balance") == ("Collection", {"brand": "New%20Balance"})
    assert screen_for("/products/7/reviews") is None


@pytest.fixture
def shoe(db):
    from catalog.tests.factories import ShoeFactory

    return ShoeFactory(
        name="Air Swift", brand__name="Nike", color="Red", price="129.99", description="A light <b>running</b> shoe."
    )


def test_a_product_page_carries_the_shoe_for_link_previews(client, settings, shoe):
    settings.SHOP_NAME = "Kicks"
    html = client.get(f"/products/{shoe.pk}").content.decode()

    assert "<title>Nike Air Swift | Kicks</title>" in html
    description = "Nike Air Swift, Red, $129.99. A light &lt;b&gt;running&lt;/b&gt; shoe."
    assert f'<meta name="description" content="{description}">' in html
    assert f'<meta property="og:description" content="{description}">' in html
    assert '<meta property="og:type" content="product">' in html
    assert '<meta property="og:image" content="http://testserver/static/img/shoe-placeholder.svg">' in html


def test_a_long_description_is_cut_for_previews(client, shoe):
    shoe.description = "Very light. " * 40
    shoe.save()
    html = client.get(f"/products/{shoe.pk}").content.decode()
    description = re.search(r'<meta name="description" content="(.*?)">', html).group(1)
    assert len(description) == 160
    assert description.endswith("…")


@pytest.mark.parametrize(
    "path",
    [
        "/products/999999",
        "/products/abc",
        "/products/0",
        "/products/%C2%B2",
        f"/products/{'9' * 19}",
        f"/products/{'9' * 5000}",
    ],
)
def test_a_missing_product_gets_the_shell_with_404(client, db, path):
    response = client.get(path)
    assert response.status_code == 404
    assert '<div id="root"></div>' in response.content.decode()


def test_other_pages_get_the_shop_description(client):
    html = client.get("/sale").content.decode()
    assert '<meta name="description" content="Sneakers from the brands you love, with deals every week.">' in html
    assert '<meta property="og:type" content="website">' in html
    assert "og:image" not in html


def answered_ahead(response) -> bool:
    """Whether the cache's middleware answered: neither sessions nor authentication ran on the request."""
    return not hasattr(response.wsgi_request, "session") and not hasattr(response.wsgi_request, "user")


class TestKeptShells:
    """An anonymous visitor's shell is kept per page and catalogue version, and given back before the middleware."""

    @pytest.mark.parametrize("path", ["/", "/sale", "/colletions/Nike", "/nope"])
    def test_a_warm_shell_is_the_same_page_without_sessions_authentication_a_render_or_a_query(
        self, client, db, monkeypatch, django_assert_num_queries, path
    ):
        cold = client.get(path)
        monkeypatch.setattr("frontend.views.render", lambda *args, **kwargs: pytest.fail("the shell was rendered"))
        with django_assert_num_queries(0):
            warm = client.get(path)

        assert answered_ahead(warm)
        assert (warm.status_code, warm.content) == (cold.status_code, cold.content)

    def test_it_has_the_headers_of_a_rendered_one(self, client, db):
        cold = client.get("/sale")
        client.cookies.clear()
        warm = client.get("/sale")

        assert answered_ahead(warm)
        assert cold["X-Request-ID"] != warm["X-Request-ID"]
        for response in (cold, warm):
            del response["X-Request-ID"]
        assert warm.headers == cold.headers
        # A signed-in visitor's shell names them: the session cookie changes the answer.
        assert warm["Vary"] == "Cookie, Accept-Encoding"
        assert warm["X-Frame-Options"] == "DENY"

    @pytest.mark.parametrize("cookie", [None, "k" * 32])
    def test_no_visitor_is_given_a_cookie_warm_or_cold(self, client, db, cookie):
        if cookie:
            client.cookies["csrftoken"] = cookie
        cold, warm = client.get("/"), client.get("/")
        assert answered_ahead(warm)
        assert not cold.cookies and not warm.cookies
        assert cold["Cache-Control"] == warm["Cache-Control"] == PUBLIC_CACHE_CONTROL

    def test_an_answer_that_sets_a_cookie_is_never_public(self, client, db):
        # Django's CSRF middleware replaces a malformed cookie on the full way: that answer is the visitor's own.
        client.cookies["csrftoken"] = "not a token"
        cold = client.get("/")
        assert "csrftoken" in cold.cookies
        assert cold["Cache-Control"] == "private, no-store"

    def test_a_product_page_carries_its_shoe_and_follows_its_changes(
        self, client, shoe, django_capture_on_commit_callbacks
    ):
        client.get(f"/products/{shoe.pk}")
        warm = client.get(f"/products/0{shoe.pk}")
        assert answered_ahead(warm)
        assert "<title>Nike Air Swift | Sneaker Shop</title>" in warm.content.decode()

        with django_capture_on_commit_callbacks(execute=True):
            shoe.name = "Air Swifter"
            shoe.save()
        assert "<title>Nike Air Swifter | Sneaker Shop</title>" in client.get(f"/products/{shoe.pk}").content.decode()

    def test_a_missing_product_stays_a_404_until_it_exists(self, client, shoe, django_capture_on_commit_callbacks):
        path = f"/products/{shoe.pk + 1}"
        client.get(path)
        warm = client.get(path)
        assert answered_ahead(warm)
        assert warm.status_code == 404

        with django_capture_on_commit_callbacks(execute=True):
            from catalog.tests.factories import ShoeFactory

            ShoeFactory(name="Cloud Glide", brand__name="Nike")
        assert client.get(path).status_code == 200

    def test_a_signed_in_visitor_gets_their_own_shell(self, client, db, shopper):
        client.get("/account")
        client.force_login(shopper)
        response = client.get("/account")

        assert not answered_ahead(response)
        assert shop_config(response)["user"]["email"] == shopper.email

    def test_a_signed_in_visitors_shell_is_never_kept(self, client, db, shopper):
        client.force_login(shopper)
        client.get("/account")
        client.logout()
        response = client.get("/account")

        assert shop_config(response)["user"] is None

    def test_a_host_not_allowed_is_refused(self, client, db):
        client.get("/")
        assert client.get("/", HTTP_HOST="evil.example").status_code == 400

    def test_a_product_page_names_its_picture_on_the_host_that_was_asked(self, client, shoe):
        client.get(f"/products/{shoe.pk}")
        html = client.get(f"/products/{shoe.pk}", HTTP_HOST="localhost").content.decode()
        assert '<meta property="og:image" content="http://localhost/static/img/shoe-placeholder.svg">' in html

    def test_shells_are_kept_per_build_of_the_bundle(self, client, db, settings, tmp_path, monkeypatch, request):
        from frontend import views

        # The build is read once per process (a release restarts it); here, again after each build.
        request.addfinalizer(views._build.cache_clear)
        stats = tmp_path / "webpack-stats.json"
        stats.write_text('{"status": "done", "chunks": {"main": ["main.1111.js"]}}')
        monkeypatch.setitem(settings.WEBPACK_LOADER["DEFAULT"], "STATS_FILE", stats)
        views._build.cache_clear()
        client.get("/")
        assert answered_ahead(client.get("/"))

        stats.write_text('{"status": "done", "chunks": {"main": ["main.2222.js"]}}')
        views._build.cache_clear()
        assert not answered_ahead(client.get("/"))

    def test_nothing_is_kept_without_the_cache(self, client, db, settings):
        settings.SHOP_CATALOG_CACHE_SECONDS = 0
        client.get("/")
        assert not answered_ahead(client.get("/"))


class TestScreenPreloads:
    """The shell names the files of its screen's lazy chunk (frontend/screen-chunks.json, written by the build), so
    the browser fetches them beside the entry; never an admin screen's (the build leaves those out)."""

    @pytest.fixture
    def chunks(self, settings, tmp_path, monkeypatch, request):
        from frontend import views

        request.addfinalizer(views._screen_chunks.cache_clear)
        monkeypatch.setitem(settings.WEBPACK_LOADER["DEFAULT"], "STATS_FILE", tmp_path / "webpack-stats.json")
        screens = {
            "Home": [{"url": "/static/dist/screen-Home.1111.js", "as": "script"}],
            "Cart": [
                {"url": "/static/dist/screen-Cart.2222.js", "as": "script"},
                {"url": "/static/dist/screen-Cart.3333.css", "as": "style"},
            ],
        }
        (tmp_path / "screen-chunks.json").write_text(json.dumps({"screens": screens}))
        views._screen_chunks.cache_clear()

    def test_a_screen_preloads_its_chunks_files(self, client, chunks):
        home = client.get("/").content.decode()
        assert '<link rel="preload" href="/static/dist/screen-Home.1111.js" as="script">' in home
        cart = client.get("/cart").content.decode()
        assert '<link rel="preload" href="/static/dist/screen-Cart.2222.js" as="script">' in cart
        assert '<link rel="preload" href="/static/dist/screen-Cart.3333.css" as="style">' in cart
        assert "screen-Home" not in cart

    @pytest.mark.parametrize("path", ["/admin", "/nope"])
    def test_a_screen_the_build_left_out_and_the_404_preload_nothing(self, client, chunks, path):
        assert 'rel="preload"' not in client.get(path).content.decode()

    def test_a_screen_preloads_its_first_api_calls(self, client, shoe):
        home = client.get("/").content.decode()
        assert '<link rel="preload" href="/api/shoes/onSale?limit=12&amp;offset=0" as="fetch" crossorigin>' in home
        sale = client.get("/sale").content.decode()
        assert '<link rel="preload" href="/api/shoes/onSale?limit=8&amp;offset=0" as="fetch" crossorigin>' in sale
        # The shoe as the app asks for it, whichever way its id was written; one kept shell for both.
        for path in (f"/products/{shoe.pk}", f"/products/00{shoe.pk}"):
            product = client.get(path).content.decode()
            assert f'<link rel="preload" href="/api/shoes/{shoe.pk}" as="fetch" crossorigin>' in product

    @pytest.mark.parametrize("path", ["/products/999999", "/products/x", "/about"])
    def test_a_missing_shoe_or_page_preloads_no_call(self, client, db, path):
        assert 'as="fetch"' not in client.get(path).content.decode()

    def test_the_home_page_and_a_product_page_preload_their_largest_picture(self, client, shoe):
        from catalog.images import shoe_image_url
        from catalog.tests.factories import ShoeFactory

        preload = '<link rel="preload" as="image" href="{}" fetchpriority="high">'
        ShoeFactory(name="Dear", on_sale=True, price="90.00", image="shoes/dear.webp")
        ShoeFactory(name="Cheap", on_sale=True, price="40.00", image="shoes/cheap.webp")
        # The carousel's first shoe, the cheapest on sale, as the API names its picture.
        assert preload.format("/media/shoes/cheap.webp") in client.get("/").content.decode()
        product = client.get(f"/products/{shoe.pk}").content.decode()
        assert preload.format(shoe_image_url(shoe)) in product
        assert 'as="image"' not in client.get("/sale").content.decode()

    def test_with_nothing_on_sale_the_home_page_preloads_no_picture(self, client, shoe):
        # Its carousel is then a banner, built into the bundle.
        assert 'as="image"' not in client.get("/").content.decode()
