"""The release calls: the public list and one release, and the dashboard's create, change, watch and draw."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.tests.factories import ShoeFactory
from releases.models import Release

from .draws import enter
from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db


def form(shoe, **fields) -> dict:
    return {
        "name": "Yeezy Boost 350",
        "kind": "first_come",
        "announceAt": (OPENS - timedelta(days=2)).isoformat(),
        "opensAt": OPENS.isoformat(),
        "sizes": [{"shoe": shoe.pk, "size": "9", "pairs": 20}],
        **fields,
    }


def test_the_list_shows_announced_releases_upcoming_and_past_in_a_fixed_number_of_queries(api_client, clock):
    shoe = ShoeFactory(sizes={"9": 5, "10": 5})
    clock.now = OPENS - timedelta(hours=1)
    release_of(shoe, sizes={"9": 2, "10": 3}, name="Next")
    release_of(shoe, sizes={"9": 2}, name="Past", opens_at=OPENS - timedelta(days=3))
    release_of(shoe, sizes={"9": 2}, name="Secret", opens_at=OPENS + timedelta(days=10))  # announced in 9 days

    with CaptureQueriesContext(connection) as queries:
        answer = api_client.get("/api/releases").json()

    assert [r["name"] for r in answer["upcoming"]] == ["Next"]
    assert [r["name"] for r in answer["past"]] == ["Past"]
    assert answer["upcoming"][0]["state"] == "upcoming"
    assert answer["upcoming"][0]["shoes"][0]["sizes"] == [
        {"id": answer["upcoming"][0]["shoes"][0]["sizes"][0]["id"], "size": "9", "pairs": 2},
        {"id": answer["upcoming"][0]["shoes"][0]["sizes"][1]["id"], "size": "10", "pairs": 3},
    ]
    assert answer["serverNow"] == clock.now.isoformat()
    # A miss: the catalogue's version, the releases' instants, the releases and their sizes.
    assert len(queries) <= 4
    # One shoe's releases, for its page.
    assert api_client.get(f"/api/releases?shoe={shoe.pk}").json()["upcoming"][0]["name"] == "Next"
    assert api_client.get("/api/releases?shoe=999999").json()["upcoming"] == []


def test_a_release_not_announced_yet_is_not_found_except_for_admins(api_client, admin_client, clock):
    clock.now = OPENS - timedelta(days=5)
    release = release_of(ShoeFactory(sizes={"9": 5}), sizes={"9": 2})

    assert api_client.get(f"/api/releases/{release.pk}").status_code == 404
    assert admin_client.get(f"/api/releases/{release.pk}").status_code == 200


def test_an_admin_creates_a_release_and_a_shopper_cannot(admin_client, shopper_client, clock):
    clock.now = OPENS - timedelta(days=3)
    shoe = ShoeFactory(sizes={"9": 5})

    refused = shopper_client.post("/api/releases", form(shoe), format="json")
    created = admin_client.post("/api/releases", form(shoe), format="json")

    assert refused.status_code == 403
    assert created.status_code == 201, created.json()
    assert created.json()["perPersonLimit"] == 1 and created.json()["shoes"][0]["sizes"][0]["pairs"] == 20


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"name": ""}, {"name": ["Enter a valid name"]}),
        ({"name": "Yeezy <script>"}, {"name": ["The name can only contain letters, numbers and spaces"]}),
        ({"announceAt": (OPENS + timedelta(hours=1)).isoformat()}, {"announceAt": ["Announce it before it opens"]}),
        ({"kind": "draw"}, {"closesAt": ["A draw needs the time its entries close"]}),
        ({"closesAt": OPENS.isoformat()}, {"closesAt": ["It must close after it opens"]}),
        ({"perPersonLimit": 0}, {"perPersonLimit": ["At least 1 pair"]}),
        ({"sizes": []}, {"sizes": ["Add at least one size"]}),
    ],
)
def test_the_form_s_rules_answer_the_form_s_messages(admin_client, clock, fields, errors):
    clock.now = OPENS - timedelta(days=3)
    answer = admin_client.post("/api/releases", form(ShoeFactory(sizes={"9": 5}), **fields), format="json")

    assert answer.status_code == 400 and answer.json() == errors
    assert not Release.objects.exists()


def test_a_size_the_shoe_lacks_is_refused(admin_client, clock):
    shoe = ShoeFactory(sizes={"9": 5})
    answer = admin_client.post(
        "/api/releases", form(shoe, sizes=[{"shoe": shoe.pk, "size": "12", "pairs": 2}]), format="json"
    )
    assert answer.status_code == 400 and "has no size 12" in answer.json()["sizes"][0]


def test_an_opened_release_no_longer_changes(client_for, shop_admin, clock):
    shoe = ShoeFactory(sizes={"9": 5})
    release = release_of(shoe, sizes={"9": 2})
    clock.now = OPENS - timedelta(hours=1)
    changed = client_for(shop_admin).put(f"/api/releases/{release.pk}", form(shoe, name="Renamed"), format="json")
    clock.now = OPENS
    # Signed in again: an admin an hour idle was signed out (accounts/middleware.py's idle timeout).
    locked = client_for(shop_admin).put(f"/api/releases/{release.pk}", form(shoe, name="Again"), format="json")

    assert changed.status_code == 200 and changed.json()["name"] == "Renamed"
    assert locked.status_code == 409 and locked.json()["code"] == "release_locked"


def test_the_dashboard_watches_a_draw_and_runs_it_once_closed(client_for, shop_admin, clock):
    shoe = ShoeFactory(sizes={"9": 5})
    release = release_of(shoe, sizes={"9": 1}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=1)
    enter(release, release.sizes.get())
    enter(release, release.sizes.get())
    early = client_for(shop_admin).post(f"/api/releases/{release.pk}/draw")
    clock.now = release.closes_at
    # Signed in again at the close: an admin idle that long was signed out (accounts/middleware.py's idle timeout).
    admin_client = client_for(shop_admin)

    ran = admin_client.post(f"/api/releases/{release.pk}/draw")
    watch = admin_client.get(f"/api/releases/{release.pk}/watch").json()

    assert early.status_code == 409 and ran.status_code == 202
    assert watch["sizes"][0] | {"id": 0} == {"id": 0, "shoe": shoe.name, "size": "9", "pairs": 1, "sold": 0,
                                             "entries": 2, "won": 1}  # fmt: skip
    assert watch["release"]["state"] == "drawn" and len(watch["release"]["drawSeed"]) == 64


def test_the_dashboard_lists_every_release_announced_or_not_for_admins_only(
    client_for, shop_admin, shopper_client, clock
):
    shoe = ShoeFactory(sizes={"9": 5})
    clock.now = OPENS - timedelta(hours=1)
    release_of(shoe, sizes={"9": 2}, name="Next")
    release_of(shoe, sizes={"9": 2}, name="Past", opens_at=OPENS - timedelta(days=3))
    release_of(shoe, sizes={"9": 2}, name="Secret", opens_at=OPENS + timedelta(days=10))
    admin = client_for(shop_admin)

    with CaptureQueriesContext(connection) as queries:
        answer = admin.get("/api/releases/all")

    assert answer.status_code == 200
    # The releases and their sizes (with their shoes), whatever their number; the rest is the admin's session.
    assert len([q for q in queries if '"releases_' in q["sql"]]) == 2
    assert [(r["name"], r["state"]) for r in answer.json()["releases"]] == [
        ("Secret", "upcoming"),
        ("Next", "upcoming"),
        ("Past", "open"),
    ]
    assert shopper_client.get("/api/releases/all").status_code == 403
