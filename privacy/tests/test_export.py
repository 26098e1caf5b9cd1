"""'Download my data' and export_user_data: every section of a person's data, theirs only, in constant queries."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from privacy.selectors import SECTIONS, user_data_export

from .conftest import EMAIL, order_of

pytestmark = pytest.mark.django_db


def test_the_file_holds_every_section_of_the_person(shopper_client, person, neighbour):
    response = shopper_client.get("/api/account/data")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="sneaker-shop-data-')
    assert "no-store" in response["Cache-Control"]
    data = json.loads(response.content)
    assert list(data) == ["format", "exportedAt", *(name for name, _ in SECTIONS)]
    assert {"profile", "addresses", "orders", "reviews", "favorites", "subscriptions", "notices"} <= set(data)

    assert data["profile"]["email"] == EMAIL
    assert data["profile"]["idUser"] == person.user.uid
    orders = {order["idPayment"]: order for order in data["orders"]}
    assert set(orders) == {order.payment_intent_id for order in person.orders}
    first = orders[person.orders[0].payment_intent_id]
    assert (first["amount"], first["tax"], first["shipping"], first["status"]) == (21_598, 800, 800, "Received")
    assert first["address"] == {
        "name": "Ada Runner",
        "line1": "12 Main St",
        "city": "Oakland",
        "state": "California",
        "postalCode": "94607",
        "country": "US",
    }
    assert first["lines"][0] | {"shoeId": None} == {
        "shoeId": None,
        "name": "Runner Ada",
        "brand": person.shoe.brand.name,
        "size": "9",
        "quantity": 2,
        "unitPrice": 9_999,
        "discount": 0,
        "tax": 800,
        "refundedQuantity": 0,
    }
    assert [(saved["line1"], saved["default"]) for saved in data["addresses"]] == [("12 Main St", True)]
    assert first["shipments"][0]["trackingNumber"] == "1Z999AA10123456784"
    assert [(review["review"], review["rating"]) for review in data["reviews"]] == [("Fits like a glove", 5)]
    assert [favorite["shoe"] for favorite in data["favorites"]] == ["Runner Ada"]
    assert data["subscriptions"]["newsletter"]["subscribed"] is True
    assert [reminder["release"] for reminder in data["subscriptions"]["releaseReminders"]] == ["Ada Drop"]
    assert [(alert["shoe"], alert["size"]) for alert in data["notices"]["backInStock"]] == [("Runner Ada", "11")]
    assert [mail["kind"] for mail in data["notices"]["mails"]] == ["order_confirmation"]
    assert [(entry["release"], entry["status"]) for entry in data["drawEntries"]] == [("Ada Drop", "lost")]
    # Nothing of the other shopper's.
    assert "other@sneakers.test" not in response.content.decode()


def test_a_new_account_exports_its_profile_and_empty_sections(client_for, other_shopper):
    data = json.loads(client_for(other_shopper).get("/api/account/data").content)

    assert data["profile"]["email"] == "other@sneakers.test"
    assert (data["addresses"], data["orders"], data["reviews"], data["favorites"]) == ([], [], [], [])
    assert data["drawEntries"] == []
    assert data["subscriptions"] == {"newsletter": None, "releaseReminders": []}
    assert data["notices"] == {"backInStock": [], "mails": []}


def test_a_visitor_gets_401(anonymous_client):
    assert anonymous_client.get("/api/account/data").status_code == 401


def test_the_queries_do_not_grow_with_the_orders_and_the_rest(person, django_assert_num_queries):
    with django_assert_num_queries(12) as few:
        user_data_export(user=person.user)
    for _ in range(5):
        order_of(person.user, person.shoe)
    with django_assert_num_queries(len(few.captured_queries)):
        user_data_export(user=person.user)


def test_the_command_writes_the_same_json_to_stdout_or_a_file(person, capsys, tmp_path):
    call_command("export_user_data", "Shopper@Sneakers.test")
    printed = json.loads(capsys.readouterr().out)
    assert printed["profile"]["email"] == EMAIL
    assert len(printed["orders"]) == 2

    target = tmp_path / "data.json"
    call_command("export_user_data", EMAIL, "--output", str(target))
    written = json.loads(target.read_text())
    assert written["orders"] == printed["orders"]
    assert "data written to" in capsys.readouterr().err


def test_the_command_refuses_an_unknown_address(db):
    with pytest.raises(CommandError, match="No user has the address"):
        call_command("export_user_data", "nobody@sneakers.test")
