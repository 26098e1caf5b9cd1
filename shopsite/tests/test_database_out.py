"""A database out of reach (down, restarting, unreachable) is answered 503 with Retry-After, never 500; on SQLite and
PostgreSQL, the connection pointed at nothing (database_unreachable)."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("path", ["/api/shoes", "/api/auth/profile", "/api/brands"])
def test_an_api_call_is_answered_503_with_retry_after(database_unreachable, client, path):
    client.raise_request_exception = False
    # A signed-in caller: the session is read from the database too.
    client.cookies["sessionid"] = "x" * 32

    answer = client.get(path)

    assert answer.status_code == 503
    assert answer["Retry-After"] == "5"
    assert answer.json() == {
        "detail": "The shop cannot reach its database right now; please try again in a moment.",
        "code": "unavailable",
    }


def test_a_page_is_answered_503_with_retry_after(database_unreachable, client, settings):
    # The Django admin's sign-in page reads the session and the user before its view.
    client.raise_request_exception = False
    client.cookies["sessionid"] = "x" * 32

    answer = client.get("/django-admin/")

    assert answer.status_code == 503
    assert answer["Retry-After"] == "5"
