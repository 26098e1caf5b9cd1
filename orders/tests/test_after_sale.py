"""After the sale (issue 18): the shipping address, the fulfilment and payment states, refunds and cancels from the
admins, Stripe's webhook events and the stale job's settling of a payment that succeeded."""

import hashlib
import hmac
import json
import logging
import time
from datetime import timedelta

import pytest
import stripe
from django.utils import timezone

from mailing.models import Mail
from orders import services, webhooks
from orders.models import Order, Refund, TestPaymentIntent, WebhookEvent
from orders.payments.base import Charge, ChargeStatus, GatewayUnavailable
from orders.payments.test import TestGateway
from orders.selectors import order_stats
from orders.tasks import webhook_events_handle_pending

from .checkout import ADDRESS, SHIPPING, body, charges, line, stock

pytestmark = pytest.mark.django_db

CHECKOUT = "/api/cart/checkout"
WEBHOOK = "/api/payments/stripe/webhook"
SECRET = "whsec_test_after_sale"


@pytest.fixture(autouse=True)
def _after_commit(django_capture_on_commit_callbacks):
    """Runs what a request leaves for after its commit (the outbox's mails, the events' tasks) as it returns."""
    global COMMITTED
    COMMITTED = django_capture_on_commit_callbacks


COMMITTED = None


def call(send, *args, **kwargs):
    """A request, then what it left for after its commit, in Celery's eager mode of the tests."""
    with COMMITTED(execute=True):
        return send(*args, **kwargs)


def paid(client, shopper, shoe, lines=None, pm="pm_card_visa--as1") -> Order:
    answer = call(client.post, CHECKOUT, body(shopper, lines or [line(shoe, "9", 2), line(shoe, "9.5", 1)], pm=pm))
    assert answer.status_code == 201, answer.json()
    return Order.objects.get(payment_intent_id=answer.json()["order"]["idPayment"])


def mails(kind: str) -> list[Mail]:
    return list(Mail.objects.filter(kind=kind))


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


def refund(client, order, lines=None):
    payload = {} if lines is None else {"lines": lines}
    return call(client.post, f"/api/cart/order/{order.payment_intent_id}/refund", payload, format="json")


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


# ---- Stripe's webhook


def signed(payload: bytes, *, secret: str = SECRET, at: int | None = None) -> str:
    """The Stripe-Signature header as Stripe documents it: t=<unix time>,v1=<HMAC-SHA256 of "t.payload">."""
    at = int(time.time()) if at is None else at
    digest = hmac.new(secret.encode(), f"{at}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={at},v1={digest}"


def event(event_type: str, obj: dict, event_id: str = "evt_1") -> bytes:
    return json.dumps({"id": event_id, "object": "event", "type": event_type, "data": {"object": obj}}).encode()


@pytest.fixture
def hook(api_client, settings):
    settings.STRIPE_WEBHOOK_SECRET = SECRET

    def send(payload: bytes, signature: str | None = "sign"):
        headers = (
            {}
            if signature is None
            else {"HTTP_STRIPE_SIGNATURE": signed(payload) if signature == "sign" else signature}
        )
        return call(api_client.post, WEBHOOK, payload, content_type="application/json", **headers)

    return send


def held_order(client_for, shopper, shoe, pm="pm_card_authenticationRequired--w1") -> Order:
    answer = call(client_for(shopper).post, CHECKOUT, body(shopper, [line(shoe, "9", 2)], pm=pm))
    assert answer.status_code == 202
    return Order.objects.get(payment_method_id=pm)


def test_the_stripe_library_accepts_the_signature_these_tests_make(hook):
    payload = event("ping", {})
    stripe.Webhook.construct_event(payload, signed(payload), SECRET)


@pytest.mark.parametrize(
    "signature",
    [None, "t=1,v1=00", "wrong secret", "old"],
    ids=["none", "garbage", "wrong secret", "old timestamp"],
)
def test_an_event_not_signed_with_the_secret_or_too_old_is_refused_and_changes_nothing(
    hook, client_for, shopper, shoe, signature
):
    order = held_order(client_for, shopper, shoe)
    payload = event("payment_intent.succeeded", {"id": order.payment_intent_id, "object": "payment_intent"}, "evt_x")
    if signature == "wrong secret":
        signature = signed(payload, secret="whsec_someone_else")
    elif signature == "old":
        signature = signed(payload, at=int(time.time()) - 3600)

    answer = hook(payload, signature)

    assert answer.status_code == 400
    assert not WebhookEvent.objects.filter(event_id="evt_x").exists()
    assert Order.objects.get(pk=order.pk).payment == Order.Payment.REQUIRES_ACTION


def test_without_a_secret_every_event_is_refused(hook, settings):
    settings.STRIPE_WEBHOOK_SECRET = ""

    assert hook(event("ping", {}, "evt_y")).status_code == 400
    assert not WebhookEvent.objects.filter(event_id="evt_y").exists()


def test_payment_intent_succeeded_settles_a_3ds_order_at_once_and_a_replay_is_ignored(hook, client_for, shopper, shoe):
    order = held_order(client_for, shopper, shoe)
    payload = event("payment_intent.succeeded", {"id": order.payment_intent_id, "object": "payment_intent"}, "evt_s")

    first, replay = hook(payload), hook(payload)

    assert (first.status_code, first.json()["replay"]) == (200, False)
    assert (replay.status_code, replay.json()["replay"]) == (200, True)
    order.refresh_from_db()
    assert (order.payment, stock(shoe, "9")) == (Order.Payment.PAID, 3)
    assert WebhookEvent.objects.filter(event_id="evt_s").get().handled_at is not None
    assert len(mails("order_confirmation")) == 1


@pytest.mark.parametrize("event_type", ["payment_intent.payment_failed", "payment_intent.canceled"])
def test_a_failed_or_canceled_payment_releases_the_pairs(hook, client_for, shopper, shoe, event_type):
    order = held_order(client_for, shopper, shoe)
    obj = {"id": order.payment_intent_id, "object": "payment_intent", "last_payment_error": {"message": "No."}}

    assert hook(event(event_type, obj, "evt_f")).status_code == 200

    order.refresh_from_db()
    assert order.payment in (Order.Payment.DECLINED, Order.Payment.RELEASED)
    assert stock(shoe, "9") == 5


def test_a_refund_made_in_stripe_s_dashboard_shows_on_the_order_and_restocks_nothing(hook, client_for, shopper, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    charge = {"id": "ch_1", "object": "charge", "payment_intent": order.payment_intent_id, "amount_refunded": 1000}

    hook(event("charge.refunded", charge, "evt_r1"))
    hook(event("charge.refunded", {**charge, "amount_refunded": 1000}, "evt_r2"))

    order.refresh_from_db()
    assert (order.refunded, order.payment_state, stock(shoe, "9")) == (1000, "Partly refunded", 3)
    assert len(mails("order_refunded")) == 1


def test_the_shop_s_own_refund_echoed_by_stripe_is_not_counted_twice(client_for, shopper, shop_admin, shoe):
    order = paid(client_for(shopper), shopper, shoe)

    refund(client_for(shop_admin), order)

    # The test gateway emitted charge.refunded through the same handler, as Stripe would.
    assert WebhookEvent.objects.filter(type="charge.refunded", handled_at__isnull=False).count() == 1
    order.refresh_from_db()
    assert order.refunded == order.amount
    assert len(mails("order_refunded")) == 1


def test_a_dispute_flags_the_order_and_mails_the_shop_until_it_is_won(hook, client_for, shopper, shoe, settings):
    order = paid(client_for(shopper), shopper, shoe)
    dispute = {"id": "dp_1", "object": "dispute", "payment_intent": order.payment_intent_id, "status": "needs_response"}

    hook(event("charge.dispute.created", dispute, "evt_d1"))
    order.refresh_from_db()
    assert order.payment_state == "Disputed"

    hook(event("charge.dispute.closed", {**dispute, "status": "won"}, "evt_d2"))
    order.refresh_from_db()
    assert order.payment_state == "Paid"
    assert [mail.to for mail in mails("order_disputed")] == [settings.SHOP_CONTACT_EMAIL] * 2


def test_an_unknown_event_or_one_of_another_shop_is_stored_and_changes_nothing(hook, client_for, shopper, shoe):
    order = paid(client_for(shopper), shopper, shoe)

    assert hook(event("customer.created", {"id": "cus_1", "object": "customer"}, "evt_u")).status_code == 200
    assert (
        hook(event("payment_intent.succeeded", {"id": "pi_elsewhere", "object": "payment_intent"}, "evt_o")).status_code
        == 200
    )

    assert WebhookEvent.objects.filter(event_id__in=["evt_u", "evt_o"], handled_at__isnull=False).count() == 2
    assert Order.objects.get(pk=order.pk).payment_state == "Paid"


def test_the_test_gateway_emits_stripe_s_events_through_the_same_handler(client_for, shopper, shoe):
    paid(client_for(shopper), shopper, shoe)
    call(client_for(shopper).post, CHECKOUT, body(shopper, [line(shoe, "9", 1)], pm="pm_card_visa_chargeDeclined--d1"))

    assert set(WebhookEvent.objects.values_list("type", flat=True)) == {
        "payment_intent.succeeded",
        "payment_intent.payment_failed",
    }


# ---- The stale job


def test_a_stale_checkout_whose_cancel_finds_it_paid_is_paid_and_keeps_its_pairs(
    client_for, shopper, shoe, monkeypatch
):
    order = held_order(client_for, shopper, shoe)
    Order.objects.filter(pk=order.pk).update(created_at=timezone.now() - timedelta(hours=1))
    # Unconfirmed when asked, paid by the time the cancel reaches it.
    monkeypatch.setattr(
        TestGateway, "intent_retrieve", lambda self, intent_id: Charge(ChargeStatus.UNCONFIRMED, intent_id)
    )
    monkeypatch.setattr(TestGateway, "intent_cancel", lambda self, intent_id: Charge(ChargeStatus.SUCCEEDED, intent_id))

    report = services.reservations_release_stale(older_than=timedelta(minutes=30))

    assert (report.paid, report.released) == (1, 0)
    order.refresh_from_db()
    assert (order.payment, stock(shoe, "9")) == (Order.Payment.PAID, 3)


def test_a_stale_checkout_the_shop_cannot_settle_is_left_held_for_a_person(
    client_for, shopper, shoe, monkeypatch, caplog
):
    order = held_order(client_for, shopper, shoe)
    Order.objects.filter(pk=order.pk).update(created_at=timezone.now() - timedelta(hours=1))
    monkeypatch.setattr(
        TestGateway, "intent_retrieve", lambda self, intent_id: Charge(ChargeStatus.UNCONFIRMED, intent_id)
    )
    monkeypatch.setattr(
        TestGateway, "intent_cancel", lambda self, intent_id: Charge(ChargeStatus.PROCESSING, intent_id)
    )

    with caplog.at_level(logging.ERROR, logger="orders.services"):
        report = services.reservations_release_stale(older_than=timedelta(minutes=30))

    assert (report.released, report.skipped) == (0, 1)
    assert Order.objects.get(pk=order.pk).payment in (Order.Payment.RESERVED, Order.Payment.REQUIRES_ACTION)
    assert stock(shoe, "9") == 3
    assert "the shop cannot settle it" in caplog.text


def test_beat_handles_an_event_whose_task_the_broker_lost(client_for, shopper, shoe):
    order = held_order(client_for, shopper, shoe)
    # Stored, and its task never ran (the broker was down when the request committed).
    webhooks.webhook_event_receive(
        event={
            "id": "evt_lost",
            "type": "payment_intent.succeeded",
            "data": {"object": {"id": order.payment_intent_id, "object": "payment_intent"}},
        }
    )
    WebhookEvent.objects.filter(event_id="evt_lost").update(received_at=timezone.now() - timedelta(minutes=5))

    assert webhook_events_handle_pending() == 1

    assert Order.objects.get(pk=order.pk).payment == Order.Payment.PAID
    assert webhook_events_handle_pending() == 0
