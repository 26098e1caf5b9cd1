"""Returns and exchanges asked for by the buyer (issue 31): the window, only the buyer, each pair once, an exchange
holds the new size, a refund goes through the refund path once, mails."""

from datetime import timedelta

import pytest
from django.utils import timezone

from catalog.tests.factories import ShoeFactory
from mailing.models import Mail
from orders.models import Order, ReturnRequest, Shipment
from orders.selectors import returns_in_progress

from .after_sale import after_commit, call, paid  # noqa: F401 (after_commit: a fixture)
from .checkout import stock

pytestmark = pytest.mark.django_db

UPS = "1Z999AA10123456784"


def shipped(client, shopper, shoe, admin, pm="pm_card_visa--as1"):
    order = paid(client, shopper, shoe, pm=pm)
    call(
        admin.post,
        f"/api/cart/order/{order.payment_intent_id}/ship",
        {"carrier": "UPS", "trackingNumber": UPS},
        format="json",
    )
    return Order.objects.get(pk=order.pk)


def mails(kind):
    return list(Mail.objects.filter(kind=kind).order_by("id"))


def ask(client, order, pairs=1, reason="too_small", size=None, line=None):
    line = line or order.lines.get(size="9")
    payload = {"lines": [{"line": line.pk, "quantity": pairs}], "reason": reason}
    if size:
        payload["exchangeSize"] = size
    return call(client.post, f"/api/cart/order/{order.payment_intent_id}/returns", payload, format="json")


def act(admin, request_id, action, payload=None):
    return call(admin.post, f"/api/admin/returns/{request_id}/{action}", payload or {}, format="json")


@pytest.fixture
def setup(client_for, shopper, shop_admin, shoe):
    buyer, admin = client_for(shopper), client_for(shop_admin)
    return buyer, admin, shipped(buyer, shopper, shoe, admin)


def test_a_refund_return_goes_through_the_refund_path_once_and_restocks(setup, shoe):
    buyer, admin, order = setup
    answer = ask(buyer, order)
    assert answer.status_code == 201, answer.json()
    [seen] = answer.json()["returns"]
    assert seen["status"] == "Requested"
    before = stock(shoe, "9")

    assert act(admin, seen["_id"], "approve").status_code == 409  # not received yet
    assert act(admin, seen["_id"], "received").json()["status"] == "Received"
    assert act(admin, seen["_id"], "approve").json()["status"] == "Refunded"
    assert act(admin, seen["_id"], "approve").status_code == 409

    order.refresh_from_db()
    assert order.refunds.count() == 1
    assert order.refunded == 12999
    assert stock(shoe, "9") == before + 1
    assert [m.context["status"] for m in mails("order_return")] == ["Requested", "Received", "Refunded"]
    assert len(mails("order_refunded")) == 1


def test_an_exchange_holds_the_new_size_and_ships_it_at_no_charge(setup, shoe):
    buyer, admin, order = setup
    held_before = stock(shoe, "9.5")

    answer = ask(buyer, order, size="9.5", reason="too_big")

    assert answer.status_code == 201, answer.json()
    assert stock(shoe, "9.5") == held_before - 1
    request_id = answer.json()["returns"][0]["_id"]
    act(admin, request_id, "received")
    assert act(admin, request_id, "approve", {"carrier": "DHL", "trackingNumber": "x"}).status_code == 400
    done = act(admin, request_id, "approve", {"carrier": "DHL", "trackingNumber": "1234567890"})
    assert done.json()["status"] == "Exchange shipped"
    order.refresh_from_db()
    assert order.refunded == 0
    assert Shipment.objects.filter(order=order, exchange=True).count() == 1
    assert stock(shoe, "9.5") == held_before - 1


def test_a_refused_exchange_gives_the_held_pair_back(setup, shoe):
    buyer, admin, order = setup
    before = stock(shoe, "9.5")
    request_id = ask(buyer, order, size="9.5").json()["returns"][0]["_id"]

    assert act(admin, request_id, "refuse").json()["status"] == "Refused"

    assert stock(shoe, "9.5") == before
    assert mails("order_return")[-1].context["status"] == "Refused"


def test_a_sold_out_size_is_not_held(setup, shoe):
    buyer, _, order = setup
    answer = ask(buyer, order, size="12")
    assert answer.status_code == 400
    assert not ReturnRequest.objects.exists()


def test_each_pair_once(setup):
    buyer, _, order = setup  # two pairs of size 9
    assert ask(buyer, order, pairs=2).status_code == 201
    assert ask(buyer, order, pairs=1).status_code == 400
    assert ReturnRequest.objects.count() == 1


def test_only_the_buyer(setup, client_for, other_shopper, shop_admin):
    _, admin, order = setup
    assert ask(client_for(other_shopper), order).status_code == 404
    assert ask(admin, order).status_code == 404
    assert not ReturnRequest.objects.exists()


def test_only_shipped_or_received_orders(client_for, shopper, shoe):
    buyer = client_for(shopper)
    order = paid(buyer, shopper, shoe)
    assert ask(buyer, order).status_code == 400


def test_the_window_counts_from_received_else_shipped(setup, settings):
    buyer, _, order = setup
    settings.SHOP_RETURN_DAYS = 30
    Shipment.objects.filter(order=order).update(shipped_at=timezone.now() - timedelta(days=31))
    assert ask(buyer, order).status_code == 400
    Order.objects.filter(pk=order.pk).update(status="Received", received_at=timezone.now() - timedelta(days=29))
    assert ask(buyer, order).status_code == 201


def test_returns_in_progress_until_decided(setup, shopper, other_shopper):
    buyer, admin, order = setup
    assert not returns_in_progress(user=shopper)
    request_id = ask(buyer, order).json()["returns"][0]["_id"]
    assert returns_in_progress(user=shopper)
    assert not returns_in_progress(user=other_shopper)
    act(admin, request_id, "refuse")
    assert not returns_in_progress(user=shopper)


def test_the_admin_list_runs_the_same_queries_for_one_return_or_five(
    client_for, shopper, shop_admin, django_assert_max_num_queries
):
    buyer, admin = client_for(shopper), client_for(shop_admin)
    shoe = ShoeFactory(sizes={"9": 20, "9.5": 20})

    def add(n):
        assert ask(buyer, shipped(buyer, shopper, shoe, admin, pm=f"pm_card_visa--rl{n}")).status_code == 201

    add(0)
    with django_assert_max_num_queries(6):
        assert len(admin.get("/api/admin/returns").json()) == 1
    for n in range(1, 5):
        add(n)
    with django_assert_max_num_queries(6):
        assert len(admin.get("/api/admin/returns").json()) == 5


def test_the_django_admin_lists_returns(setup, client, shop_admin):
    buyer, _, order = setup
    ask(buyer, order)
    shop_admin.is_staff = shop_admin.is_superuser = True
    shop_admin.save()
    client.force_login(shop_admin)
    answer = client.get("/django-admin/orders/returnrequest/")
    assert answer.status_code == 200
    assert order.payment_intent_id in answer.content.decode()
