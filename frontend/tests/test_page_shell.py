"""The page shell: the same HTML for every screen, 404 for paths no screen shows, JSON under /api/."""

import json
import re

import pytest

from frontend.routes import ROUTE_TABLE, screen_for

pytestmark = pytest.mark.django_db


def shop_config(response) -> dict:
    match = re.search(r'<script id="shop-config" type="application/json">(.*?)</script>', response.content.decode())
    return json.loads(match.group(1))


@pytest.mark.parametrize(
    "path",
    ["/", "/products", "/colletions/Nike", "/collections/New%20Balance", "/sale", "/cart",
     "/order/pi_123", "/aboutUs", "/AboutUs", "/termsOfService", "/TermsOfService", "/admin", "/modifshoe", "/sale/"],
)  # fmt: skip
def test_every_screen_of_the_spec_gets_the_shell(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert '<div id="root"></div>' in response.content.decode()


@pytest.mark.parametrize("path", ["/nope", "/products/12/extra", "/colletions", "/admin/users"])
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
        "paymentGateway": "test",
        "stripePublishableKey": "",
        "socialLinks": {"Instagram": "https://www.instagram.com/kicks"},
        "user": None,
    }
    assert "sk_test_secret" not in response.content.decode()
    assert "<title>Kicks</title>" in response.content.decode()


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


def test_the_shell_sets_the_csrf_cookie(client):
    assert "csrftoken" in client.get("/").cookies


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


@pytest.mark.parametrize("path", ["/products/999999", "/products/abc", "/products/0"])
def test_a_missing_product_gets_the_shell_with_404(client, db, path):
    response = client.get(path)
    assert response.status_code == 404
    assert '<div id="root"></div>' in response.content.decode()


def test_other_pages_get_the_shop_description(client):
    html = client.get("/sale").content.decode()
    assert '<meta name="description" content="Sneakers from the brands you love, with deals every week.">' in html
    assert '<meta property="og:type" content="website">' in html
    assert "og:image" not in html
