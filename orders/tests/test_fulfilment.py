"""Fulfilment (issue 31): an admin ships an order with a carrier and a tracking number; the shopper sees it and is
mailed the tracking link."""

import pytest

from activity.models import Entry
from orders.carriers import tracking_number_clean
from orders.models import Order

from .after_sale import after_commit, call, mails, paid  # noqa: F401 (after_commit: a fixture)

pytestmark = pytest.mark.django_db

UPS = "1Z999AA10123456784"


@pytest.mark.parametrize(
    ("carrier", "number", "cleaned"),
    [
        ("UPS", "1z999aa1 0123456784", UPS),
        ("UPS", "1Z999", None),
        ("USPS", "9400 1000 0000 0000 0000 00", "9400100000000000000000"),
        ("USPS", "EA123456789US", "EA123456789US"),
        ("FedEx", "1234-5678-9012", "123456789012"),
        ("FedEx", "12345", None),
        ("DHL", "1234567890", "1234567890"),
        ("DHL", "<script>", None),
        ("Pigeon", "1234567890", None),
    ],
)
def test_tracking_numbers_are_checked_against_the_carrier_s_shapes(carrier, number, cleaned):
    assert tracking_number_clean(carrier=carrier, number=number) == cleaned


def ship(client, order, carrier="UPS", number=UPS):
    return call(
        client.post,
        f"/api/cart/order/{order.payment_intent_id}/ship",
        {"carrier": carrier, "trackingNumber": number},
        format="json",
    )


def test_an_admin_ships_the_shopper_sees_the_tracking_link_and_is_mailed_once(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)

    answer = ship(client_for(shop_admin), order)

    assert answer.status_code == 200, answer.json()
    seen = client_for(shopper).get(f"/api/cart/order/{order.payment_intent_id}").json()
    assert seen["status"] == "Shipped"
    [shipment] = seen["shipments"]
    assert shipment["carrier"] == "UPS"
    assert shipment["trackingNumber"] == UPS
    assert shipment["trackingUrl"] == f"https://www.ups.com/track?tracknum={UPS}"
    assert shipment["exchange"] is False
    [mail] = mails("order_shipped")
    assert mail.to == shopper.email
    assert Entry.objects.filter(kind="order.ship").count() == 1


def test_a_bad_tracking_number_or_carrier_is_refused_and_nothing_changes(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    admin = client_for(shop_admin)

    assert ship(admin, order, number="1Z999").status_code == 400
    assert ship(admin, order, carrier="Pigeon").status_code == 400
    assert Order.objects.get(pk=order.pk).status == "Pending"
    assert not order.shipments.exists()
    assert mails("order_shipped") == []


def test_only_admins_ship(client_for, shopper, shoe):
    order = paid(client_for(shopper), shopper, shoe)

    assert ship(client_for(shopper), order).status_code == 403
    assert not order.shipments.exists()


def test_a_cancelled_order_is_not_shipped(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    Order.objects.filter(pk=order.pk).update(status="Cancelled")

    assert ship(client_for(shop_admin), order).status_code == 409


def test_received_after_shipped_records_when(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    admin = client_for(shop_admin)
    ship(admin, order)

    answer = admin.put(f"/api/cart/order/{order.payment_intent_id}", {"status": "Received"})

    assert answer.json()["status"] == "Received"
    assert answer.json()["receivedAt"]
    assert Order.objects.get(pk=order.pk).received_at is not None
