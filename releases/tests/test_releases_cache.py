"""GET /api/releases kept in the catalogue's versioned cache: the opening minute's calls are hits, public for anonymous
callers (ETag, 304), private for the signed in; a change to a release, or the clock passing one of its minutes, shows
at once; the server's clock is each answer's own."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.tests.factories import ShoeFactory

from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def release(clock):
    shoe = ShoeFactory(sizes={"9": 5})
    clock.now = OPENS - timedelta(minutes=5)
    return release_of(shoe, sizes={"9": 2}, name="Lost and Found")


def test_the_list_is_kept_and_a_hit_reads_no_release(api_client, release, clock):
    first = api_client.get("/api/releases")
    clock.now += timedelta(seconds=3)

    with CaptureQueriesContext(connection) as queries:
        again = api_client.get("/api/releases")

    assert again.status_code == 200
    # At most the catalogue's version (trusted a second per worker): never the releases' rows.
    assert len(queries) <= 1 and not any("releases_" in query["sql"] for query in queries)
    assert {k: v for k, v in again.json().items() if k != "serverNow"} == {
        k: v for k, v in first.json().items() if k != "serverNow"
    }
    # The server's clock is the answer's own, not the kept one's.
    assert (first.json()["serverNow"], again.json()["serverNow"]) == (
        (clock.now - timedelta(seconds=3)).isoformat(),
        clock.now.isoformat(),
    )


def test_an_anonymous_caller_gets_a_public_answer_with_an_etag_and_no_cookie(api_client, release):
    answer = api_client.get("/api/releases", HTTP_ACCEPT_ENCODING="gzip")

    assert answer["Cache-Control"].startswith("public, max-age=")
    assert "Accept-Encoding" in answer["Vary"] and "Cookie" not in answer["Vary"] and answer["ETag"]
    assert not answer.cookies
    assert api_client.get("/api/releases", HTTP_IF_NONE_MATCH=answer["ETag"]).status_code in (200, 304)


def test_a_signed_in_caller_s_answer_is_private(shopper_client, release):
    answer = shopper_client.get("/api/releases")

    assert answer.status_code == 200 and answer.json()["upcoming"][0]["name"] == "Lost and Found"
    assert answer["Cache-Control"] == "private, no-store"


def test_an_admin_s_change_shows_at_once(
    api_client, client_for, shop_admin, release, django_capture_on_commit_callbacks
):
    assert api_client.get("/api/releases").json()["upcoming"][0]["name"] == "Lost and Found"
    body = {
        "name": "Lost and Found Again",
        "kind": "first_come",
        "announceAt": release.announce_at.isoformat(),
        "opensAt": release.opens_at.isoformat(),
        "sizes": [{"shoe": release.sizes.get().shoe_id, "size": "9", "pairs": 3}],
    }

    with django_capture_on_commit_callbacks(execute=True):
        changed = client_for(shop_admin).put(f"/api/releases/{release.pk}", body, format="json")
    assert changed.status_code == 200, changed.json()

    [shown] = api_client.get("/api/releases").json()["upcoming"]
    assert shown["name"] == "Lost and Found Again" and shown["shoes"][0]["sizes"][0]["pairs"] == 3


def test_the_opening_minute_moves_the_answer_without_a_write(api_client, release, clock):
    clock.now = OPENS - timedelta(seconds=1)
    before = api_client.get("/api/releases").json()["upcoming"][0]["state"]
    clock.now = OPENS

    at_the_minute = api_client.get("/api/releases").json()["upcoming"][0]["state"]

    assert (before, at_the_minute) == ("upcoming", "open")


def test_the_shoe_s_release_info_is_kept_apart_from_the_whole_list(api_client, release, clock):
    other = release_of(ShoeFactory(sizes={"9": 5}), sizes={"9": 1}, name="Other")

    whole = api_client.get("/api/releases").json()
    of_shoe = api_client.get(f"/api/releases?shoe={release.sizes.get().shoe_id}").json()
    of_other = api_client.get(f"/api/releases?shoe={other.sizes.get().shoe_id}").json()

    assert [r["name"] for r in whole["upcoming"]] == ["Lost and Found", "Other"]
    assert [r["name"] for r in of_shoe["upcoming"]] == ["Lost and Found"]
    assert [r["name"] for r in of_other["upcoming"]] == ["Other"]
