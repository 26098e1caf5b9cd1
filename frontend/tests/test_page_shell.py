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
    ["/", "/products", "/products/12", "/colletions/Nike", "/collections/New%20Balance", "/sale", "/cart",
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
    settings.STRIPE_SECRET_KEY = "sk_test_secret"
    response = client.get("/")
    assert shop_config(response) == {
        "shopName": "Kicks",
        "identityProvider": "local",
        "firebaseConfig": None,
        "paymentGateway": "test",
        "stripePublishableKey": "",
    }
    assert "sk_test_secret" not in response.content.decode()
    assert "<title>Kicks</title>" in response.content.decode()


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
    assert screen_for("/products/7") == "ProductDetail"
    assert screen_for("/PRODUCTS/7/") == "ProductDetail"
    assert screen_for("/products/") == "Products"
    assert screen_for("/products/7/reviews") is None
