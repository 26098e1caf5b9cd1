"""Other front ends call the API only when listed (SHOP_CORS_ALLOWED_ORIGINS), and then with the CSRF check's trust."""

import pytest
from django.middleware.csrf import _get_new_csrf_string

pytestmark = pytest.mark.django_db

LISTED = "https://app.example.com"
UNLISTED = "https://evil.example"


@pytest.fixture(autouse=True)
def listed_front_end(settings):
    """What shopsite/settings/security.py makes of SHOP_CORS_ALLOWED_ORIGINS=https://app.example.com."""
    settings.CORS_ALLOWED_ORIGINS = [LISTED]
    settings.CSRF_TRUSTED_ORIGINS = [LISTED]


def preflight(client, origin: str, path: str = "/api/auth/profile"):
    return client.options(
        path,
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="PUT",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="content-type, x-csrftoken",
    )


def test_a_preflight_from_a_listed_origin_is_allowed_with_credentials(client):
    answer = preflight(client, LISTED)

    assert answer.status_code == 200
    assert answer["Access-Control-Allow-Origin"] == LISTED
    assert answer["Access-Control-Allow-Credentials"] == "true"
    assert "PUT" in answer["Access-Control-Allow-Methods"]
    assert {"content-type", "x-csrftoken"} <= set(answer["Access-Control-Allow-Headers"].split(", "))


def test_a_preflight_from_an_unlisted_origin_gets_no_allowance(client):
    answer = preflight(client, UNLISTED)

    assert not [header for header in answer.headers if header.lower().startswith("access-control-")]


def test_the_allowance_covers_the_api_only(client):
    answer = client.get("/", HTTP_ORIGIN=LISTED)

    assert answer.status_code == 200
    assert "Access-Control-Allow-Origin" not in answer


def test_a_listed_origin_reads_the_answer_and_its_paging_headers(client):
    answer = client.get("/api/brands", HTTP_ORIGIN=LISTED)

    assert answer["Access-Control-Allow-Origin"] == LISTED
    assert answer["Access-Control-Allow-Credentials"] == "true"
    assert set(answer["Access-Control-Expose-Headers"].split(", ")) == {"Link", "X-Total-Count", "X-Request-ID"}
    # Caches keep one answer per origin.
    assert "origin" in answer["Vary"].lower()


def test_with_no_origin_listed_no_other_origin_is_allowed(client, settings):
    settings.CORS_ALLOWED_ORIGINS = []

    assert "Access-Control-Allow-Origin" not in preflight(client, LISTED)
    assert "Access-Control-Allow-Origin" not in client.get("/api/brands", HTTP_ORIGIN=LISTED)


def signed_in_put(client_for, user, origin: str):
    """PUT /auth/profile as a page of the origin sends it: the session cookie, the CSRF cookie and its header."""
    client = client_for(user, enforce_csrf=True)
    token = _get_new_csrf_string()
    client.cookies["csrftoken"] = token
    return client.put(
        "/api/auth/profile", {"displayName": "Ana"}, format="json", HTTP_ORIGIN=origin, HTTP_X_CSRFTOKEN=token
    )


def test_a_listed_origin_s_write_passes_the_csrf_origin_check(client_for, shopper):
    answer = signed_in_put(client_for, shopper, LISTED)

    assert answer.status_code == 200, answer.content
    assert answer["Access-Control-Allow-Origin"] == LISTED
    shopper.refresh_from_db()
    assert shopper.display_name == "Ana"


def test_an_unlisted_origin_s_write_is_refused_by_the_csrf_origin_check(client_for, shopper):
    answer = signed_in_put(client_for, shopper, UNLISTED)

    assert answer.status_code == 403
    assert "Origin checking failed" in answer.json()["detail"]
    assert "Access-Control-Allow-Origin" not in answer
    shopper.refresh_from_db()
    assert shopper.display_name != "Ana"
