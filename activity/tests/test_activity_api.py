"""GET /api/activity: the log for administrators, newest first, paged like the other admin lists, with filters."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.tests.factories import UserFactory
from activity import services
from catalog.tests.factories import BrandFactory, ShoeFactory

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "shopper", "disabled_user", "eliminated_user", "shop_admin"]


@pytest.fixture
def lines(shop_admin):
    """Three lines: an administrator's two, and a command's."""
    ada = UserFactory(email="ada@sneakers.test", display_name="Ada Admin", manager=True)
    shoe = ShoeFactory(brand=BrandFactory(name="Acme"), name="Runner")
    services.record(ada, "shoe.sale", shoe, before={"on_sale": False}, after={"on_sale": True})
    services.record(shop_admin, "user.rights", ada, before={"manager": False}, after={"manager": True})
    services.record(services.command("set_user_status"), "user.rights", shop_admin, after={"status": "Enabled"})
    return {"ada": ada, "shoe": shoe}


@pytest.mark.parametrize(("role", "status"), list(zip(ROLES, [401, 403, 403, 403, 200], strict=True)))
def test_only_administrators_read_the_log(client_as, role, status):
    assert client_as(role).get("/api/activity").status_code == status


def test_a_line_says_who_did_what_to_which_record(admin_client, lines):
    [newest, middle, oldest] = admin_client.get("/api/activity").json()
    ada, shoe = lines["ada"], lines["shoe"]
    # (the request id is the one the line was written under: outside a request here)
    assert oldest | {"_id": 0, "at": "", "requestId": ""} == {
        "_id": 0,
        "at": "",
        "actorId": ada.pk,
        "actorEmail": "ada@sneakers.test",
        "actorName": "Ada Admin",
        "via": "dashboard",
        "kind": "shoe.sale",
        "recordType": "shoe",
        "recordId": str(shoe.pk),
        "recordLabel": "Acme Runner",
        "before": {"on_sale": False},
        "after": {"on_sale": True},
        "requestId": "",
    }
    assert (newest["actorName"], newest["via"], newest["actorId"]) == ("command set_user_status", "command", None)
    assert middle["at"] <= newest["at"]


@pytest.mark.parametrize(
    ("query", "kinds"),
    [
        ({"actor": "ada"}, ["shoe.sale"]),  # a part of the address
        ({"actor": "da ad"}, ["shoe.sale"]),  # a part of the name
        ({"actor": "command"}, ["user.rights"]),
        ({"kind": "user"}, ["user.rights", "user.rights"]),  # a kind's start
        ({"kind": "shoe.sale"}, ["shoe.sale"]),
        ({"kind": "sho"}, []),  # a start is a whole word
        ({"record": "shoe"}, ["shoe.sale"]),  # a record type
        ({"record": "runner"}, ["shoe.sale"]),  # a part of its name
        ({"record": "nobody"}, []),
    ],
)
def test_filters(admin_client, lines, query, kinds):
    assert [line["kind"] for line in admin_client.get("/api/activity", query).json()] == kinds


def test_a_record_by_type_and_id(admin_client, lines):
    ada = lines["ada"]
    answer = admin_client.get("/api/activity", {"record": f"user:{ada.pk}"}).json()
    assert [(line["kind"], line["recordId"]) for line in answer] == [("user.rights", str(ada.pk))]


def test_pages_newest_first(admin_client, lines):
    page = admin_client.get("/api/activity", {"limit": 2, "offset": 1}).json()
    assert page["count"] == 3
    assert [line["kind"] for line in page["results"]] == ["user.rights", "shoe.sale"]
    plain = admin_client.get("/api/activity", {"offset": 2})
    assert plain["X-Total-Count"] == "3"


def test_runs_the_same_queries_for_3_or_60_lines(admin_client, lines, shop_admin):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert admin_client.get("/api/activity?limit=50&kind=user").status_code == 200
        return len(captured)

    few = queries()
    for n in range(60):
        services.record(shop_admin, "user.rights", lines["ada"], after={"status": f"{n}"})
    # The session, the user, the admin's second-factor device, the count and the page.
    assert queries() == few <= 5
