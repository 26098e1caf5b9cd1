"""After the sale (issue 18): the shipping address, the fulfilment and payment states, refunds and cancels from the
admins (test_payment_events.py: Stripe's webhook events and the stale job)."""

import pytest

from orders.models import Order, Refund, TestPaymentIntent
from orders.payments.base import GatewayUnavailable
from orders.payments.test import TestGateway
from orders.selectors import order_stats

from .after_sale import CHECKOUT, after_commit, call, mails, paid, refund  # noqa: F401 (after_commit: a fixture)
from .checkout import ADDRESS, SHIPPING, body, charges, line, stock

pytestmark = pytest.mark.django_db


# ---- The shipping address


def test_the_order_keeps_the_address_as_given_and_shows_it_to_its_owner(client_for, shopper, shoe):
    client = client_for(shopper)
    order = paid(client, shopper, shoe)

    assert order.address == SHIPPING
    shown = client.get(f"/api/cart/order/{order.payment_intent_id}").json()
    assert shown["address"] == ADDRESS
    assert client.get(f"/api/cart/{shopper.uid}").json()[0]["address"] == ADDRESS


def test_the_admins_list_shows_each_order_s_address(client_for, shopper, shop_admin, shoe):
    paid(client_for(shopper), shopper, shoe)

    assert client_for(shop_admin).get("/api/cart").json()[0]["address"] == ADDRESS


def test_another_shopper_never_sees_the_order_or_its_address(client_for, shopper, other_shopper, shoe):
    order = paid(client_for(shopper), shopper, shoe)

    other = client_for(other_shopper)
    assert other.get(f"/api/cart/order/{order.payment_intent_id}").status_code == 404
    assert other.get(f"/api/cart/{shopper.uid}").status_code in (403, 404)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "Al", "Please enter a valid name."),
        ("name", "R2 D2", "Please enter a valid name."),
        ("name", "   ", "Please enter a valid name."),
        ("state", "Jalisco 5", "The state can only contain letters and spaces"),
        ("state", "x" * 41, "The state can only contain letters and spaces"),
        ("city", "St. Louis", "The city can only contain letters and spaces"),
        ("line1", "12", "enter the line 1 correctly"),
        ("line1", "Main St #4", "enter the line 1 correctly"),
        ("line1", "1" * 17, "enter the line 1 correctly"),
        ("postalCode", "44.1", "enter the postal code correctly"),
        ("postalCode", "", "enter the postal code correctly"),
        ("postalCode", None, "enter the postal code correctly"),
    ],
)
def test_a_bad_address_field_is_refused_with_the_spec_s_message_and_nothing_held_or_charged(
    client_for, shopper, shoe, field, value, message
):
    address = {**ADDRESS, field: value}

    answer = client_for(shopper).post(CHECKOUT, body(shopper, [line(shoe, "9", 2)], address=address))

    assert answer.status_code == 400
    assert answer.json()["address"][field] == [message]
    assert (stock(shoe, "9"), charges(), Order.objects.count()) == (5, 0, 0)


def test_a_checkout_without_an_address_is_refused(client_for, shopper, shoe):
    checkout = body(shopper, [line(shoe, "9", 1)])
    del checkout["address"]

    answer = client_for(shopper).post(CHECKOUT, checkout)

    assert answer.status_code == 400
    assert (stock(shoe, "9"), Order.objects.count()) == (5, 0)


def test_accented_letters_and_the_allowed_marks_pass(client_for, shopper, shoe):
    address = {
        "name": "Zoë Ñúñez",
        "state": "São Paulo",
        "city": "Köln",
        "line1": "Rua_9 - B",
        "postalCode": "01310-100",
    }

    order = paid(client_for(shopper), shopper, shoe, lines=[line(shoe, "9", 1)])
    assert order.ship_name == ADDRESS["name"]
    answer = client_for(shopper).post(
        CHECKOUT, body(shopper, [line(shoe, "9", 1)], pm="pm_card_visa--z2", address=address)
    )

    assert answer.status_code == 201, answer.json()
    assert answer.json()["order"]["address"] == address


def test_the_confirmation_mail_says_where_the_order_ships(client_for, shopper, shoe, mailoutbox):
    paid(client_for(shopper), shopper, shoe)

    [sent] = mailoutbox
    assert "Av Juárez 12" in sent.body
    assert "Guadalajara, Jalisco 44100" in sent.body
    assert "Av Juárez 12" in sent.alternatives[0][0]


# ---- Fulfilment


def test_marking_an_order_received_mails_the_shopper_once(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    admin = client_for(shop_admin)
    url = f"/api/cart/order/{order.payment_intent_id}"

    assert admin.put(url, {"status": "Received"}).json()["status"] == "Received"
    admin.put(url, {"status": "Received"})

    [received] = mails("order_received")
    assert received.to == shopper.email


def test_cancelled_is_not_a_status_the_toggle_sets(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)

    answer = client_for(shop_admin).put(f"/api/cart/order/{order.payment_intent_id}", {"status": "Cancelled"})

    assert answer.status_code == 400
    assert Order.objects.get(pk=order.pk).status == "Pending"


# ---- Refunds and cancels


def test_an_admin_refunds_one_pair_it_goes_back_in_stock_and_the_order_is_partly_refunded(
    client_for, shopper, shop_admin, shoe
):
    client = client_for(shopper)
    order = paid(client, shopper, shoe)
    nine = order.lines.get(size="9")

    answer = refund(client_for(shop_admin), order, [{"line": nine.pk, "quantity": 1}])

    assert answer.status_code == 200, answer.json()
    assert (answer.json()["payment"], answer.json()["refunded"]) == ("Partly refunded", 12999)
    assert stock(shoe, "9") == 4
    assert TestPaymentIntent.objects.get().amount_refunded == 12999
    [made] = Refund.objects.all()
    assert (made.amount, made.pairs, made.refund_id.startswith("re_test_")) == (12999, {str(nine.pk): 1}, True)
    assert client.get(f"/api/cart/order/{order.payment_intent_id}").json()["payment"] == "Partly refunded"
    [mail] = mails("order_refunded")
    assert (mail.to, mail.context["refund"]) == (shopper.email, 12999)


def test_a_whole_refund_takes_every_pair_left_and_the_order_is_refunded(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    admin = client_for(shop_admin)
    refund(admin, order, [{"line": order.lines.get(size="9").pk, "quantity": 1}])

    answer = refund(admin, order)

    assert (answer.json()["payment"], answer.json()["refunded"]) == ("Refunded", order.amount)
    assert (stock(shoe, "9"), stock(shoe, "9.5")) == (5, 3)
    assert refund(admin, order).json()["code"] == "nothing_to_refund"
    assert Refund.objects.count() == 2


def test_never_more_pairs_than_are_left_nor_a_line_of_another_order(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    other = paid(client_for(shopper), shopper, shoe, lines=[line(shoe, "9", 1)], pm="pm_card_visa--as2")
    admin = client_for(shop_admin)
    nine = order.lines.get(size="9")

    too_many = refund(admin, order, [{"line": nine.pk, "quantity": 3}])
    foreign = refund(admin, order, [{"line": other.lines.get().pk, "quantity": 1}])

    assert (too_many.status_code, foreign.status_code) == (400, 400)
    assert "Only 2 pairs" in too_many.json()["detail"]
    assert (Refund.objects.count(), stock(shoe, "9"), Order.objects.get(pk=order.pk).refunded) == (0, 2, 0)


def test_never_more_money_than_is_left_after_a_refund_in_stripe_s_dashboard(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    Order.objects.filter(pk=order.pk).update(refunded=order.amount - 500)

    answer = refund(client_for(shop_admin), order)

    assert answer.json()["refunded"] == order.amount
    assert Refund.objects.get().amount == 500


def test_refunds_are_for_admins_only(client_for, shopper, shoe):
    client = client_for(shopper)
    order = paid(client, shopper, shoe)

    assert refund(client, order).status_code == 403
    assert client.post(f"/api/cart/order/{order.payment_intent_id}/cancel").status_code == 403
    assert Refund.objects.count() == 0


def test_a_gateway_that_fails_refunds_nothing_and_changes_nothing(client_for, shopper, shop_admin, shoe, monkeypatch):
    order = paid(client_for(shopper), shopper, shoe)

    def down(self, **kwargs):
        raise GatewayUnavailable("down")

    monkeypatch.setattr(TestGateway, "refund_create", down)
    answer = refund(client_for(shop_admin), order)

    assert answer.status_code == 503
    assert (Refund.objects.count(), stock(shoe, "9"), Order.objects.get(pk=order.pk).refunded) == (0, 3, 0)


def test_a_refund_sent_again_with_its_key_is_given_once_by_the_gateway(client_for, shopper, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    gateway = TestGateway()

    first = gateway.refund_create(intent_id=order.payment_intent_id, amount=100, idempotency_key="k-refund-1")
    again = gateway.refund_create(intent_id=order.payment_intent_id, amount=100, idempotency_key="k-refund-1")

    assert first == again
    assert TestPaymentIntent.objects.get().amount_refunded == 100


def test_cancel_refunds_every_pair_left_restocks_them_and_mails_the_shopper(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    admin = client_for(shop_admin)
    refund(admin, order, [{"line": order.lines.get(size="9").pk, "quantity": 1}])

    answer = call(admin.post, f"/api/cart/order/{order.payment_intent_id}/cancel")

    assert answer.status_code == 200
    assert (answer.json()["status"], answer.json()["payment"]) == ("Cancelled", "Refunded")
    assert (stock(shoe, "9"), stock(shoe, "9.5")) == (5, 3)
    assert len(mails("order_cancelled")) == 1
    assert admin.post(f"/api/cart/order/{order.payment_intent_id}/cancel").json()["code"] == "order_cancelled"
    assert admin.put(f"/api/cart/order/{order.payment_intent_id}", {"status": "Received"}).status_code == 409


def test_the_django_admin_action_cancels_and_refunds(client, shopper, shop_admin, shoe, client_for):
    order = paid(client_for(shopper), shopper, shoe)
    shop_admin.is_staff = shop_admin.is_superuser = True
    shop_admin.save()
    client.force_login(shop_admin)

    client.post(
        "/django-admin/orders/order/", {"action": "refund_and_cancel", "_selected_action": [order.pk]}, follow=True
    )

    order.refresh_from_db()
    assert (order.status, order.refunded, stock(shoe, "9")) == ("Cancelled", order.amount, 5)


def test_the_sales_tile_and_chart_count_money_net_of_refunds(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    refund(client_for(shop_admin), order, [{"line": order.lines.get(size="9").pk, "quantity": 1}])

    stats = order_stats()

    assert stats.amount == order.amount - 12999
    assert stats.days[-1].amount == order.amount - 12999
    assert stats.pairs == 2
