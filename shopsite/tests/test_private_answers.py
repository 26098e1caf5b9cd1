"""`Cache-Control: private, no-store` on every answer to a signed-in caller (shopsite/http_cache.py, rule 1).

The calls come from the permission matrix's walk of the URL conf, so a new personal endpoint is checked as it is added.
"""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.tests.factories import PASSWORD

from .test_permission_matrix import ROUTES, call, google, rows  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db

NO_STORE = "private, no-store"
# Every screen of the app a signed-in shopper or admin opens: the shell carries their record.
SHELLS = ["/", "/account", "/orders", "/favorites", "/cart", "/admin", "/products/1", "/no-such-screen"]


@pytest.mark.parametrize("role", ["shopper", "shop_admin"])
@pytest.mark.parametrize(("name", "method"), ROUTES)
def test_every_api_answer_to_a_signed_in_caller_is_no_store(name, method, role, client_as, shopper, request):
    found = request.getfixturevalue("rows")
    client = client_as(role)
    shopper.refresh_from_db()
    kwargs, body, format = call(name, method, shopper, found)

    answer = getattr(client, method.lower())(reverse(name, kwargs=kwargs), body, format=format)

    assert answer.get("Cache-Control") == NO_STORE, (answer.status_code, answer.content[:200])


@pytest.mark.parametrize(
    ("path", "owner"),
    [("/api/cart/{uid}", "shopper"), ("/api/favorites/{uid}", "shopper"), ("/api/users", "shop_admin")],
)
def test_a_personal_read_answered_in_full_is_no_store(path, owner, client_as, shopper, shop_admin):
    answer = client_as(owner).get(path.format(uid=shopper.uid))

    assert answer.status_code == 200
    assert answer["Cache-Control"] == NO_STORE


@pytest.mark.parametrize("path", SHELLS)
def test_the_page_shell_of_a_signed_in_caller_is_no_store(path, shopper_client):
    answer = shopper_client.get(path)

    assert answer["Cache-Control"] == NO_STORE
    assert b"shopper@sneakers.test" in answer.content


def test_the_sign_in_answer_itself_is_no_store(csrf_free_client, shopper):
    answer = csrf_free_client.post("/api/auth/signin", {"email": shopper.email, "password": PASSWORD}, format="json")

    assert answer.status_code == 200
    assert answer["Cache-Control"] == NO_STORE


def test_a_bearer_token_is_a_signed_in_caller(api_client):
    # Firebase's ID token travels in Authorization: whatever it is worth, the answer is not kept.
    answer = api_client.get("/api/brands", HTTP_AUTHORIZATION="Bearer anything")

    assert answer["Cache-Control"] == NO_STORE


@pytest.mark.parametrize("path", ["/", "/products/1", "/api/brands", "/api/shoes"])
def test_anonymous_catalogue_answers_are_left_to_their_views(path, api_client):
    # Public caching of the catalogue is the catalogue's own business (not this rule's), for callers without a session.
    answer = api_client.get(path)

    assert NO_STORE not in answer.get("Cache-Control", "")


@pytest.fixture
def csrf_free_client() -> APIClient:
    return APIClient()
