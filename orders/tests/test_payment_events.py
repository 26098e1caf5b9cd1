"""After the sale (issue 18): Stripe's webhook events, applied to their orders once by the webhook's task, and the
stale job's settling of a payment that succeeded (orders/services/payment_events.py and stale.py)."""

import hashlib
import hmac
import json
import logging
import time
from datetime import UTC, datetime, timedelta

import pytest
import stripe
from django.utils import timezone

from orders import selectors, services, webhooks
from orders.models import Order, WebhookEvent
from orders.payments.base import Charge, ChargeStatus
from orders.payments.test import TestGateway
from orders.tasks import webhook_events_handle_pending

from .after_sale import CHECKOUT, after_commit, call, mails, paid, refund  # noqa: F401 (after_commit: a fixture)
from .checkout import body, line, stock

pytestmark = pytest.mark.django_db

WEBHOOK = "/api/payments/stripe/webhook"
SECRET = "whsec_test_after_sale"


# ---- Stripe's webhook


def signed(payload: bytes, *, secret: str = SECRET, at: int | None = None) -> str:
    """The Stripe-Signature header as Stripe documents it: t=<unix time>,v1=<HMAC-SHA256 of "t.payload">."""
    at = int(time.time()) if at is None else at
    digest = hmac.new(secret.encode(), f"{at}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={at},v1={digest}"


def event(event_type: str, obj: dict, event_id: str = "evt_1", created: int | None = None) -> bytes:
    """An event as Stripe sends it; `created` (Unix seconds) is when Stripe made it, now by default."""
    created = int(time.time()) if created is None else created
    body = {"id": event_id, "object": "event", "type": event_type, "created": created, "data": {"object": obj}}
    return json.dumps(body).encode()


def intent(order: Order, **changed) -> dict:
    """The PaymentIntent of a payment_intent.succeeded event, as Stripe writes it for the order."""
    return {
        "id": order.payment_intent_id,
        "object": "payment_intent",
        "amount": order.amount,
        "amount_received": order.amount,
        "currency": "usd",
        "status": "succeeded",
        **changed,
    }


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
    payload = event("payment_intent.succeeded", intent(order), "evt_s")

    first, replay = hook(payload), hook(payload)

    assert (first.status_code, first.json()["replay"]) == (200, False)
    assert (replay.status_code, replay.json()["replay"]) == (200, True)
    order.refresh_from_db()
    assert (order.payment, stock(shoe, "9")) == (Order.Payment.PAID, 3)
    assert WebhookEvent.objects.filter(event_id="evt_s").get().handled_at is not None
    assert len(mails("order_confirmation")) == 1


@pytest.mark.parametrize(
    "changed",
    [
        {"amount": 1, "amount_received": 1},
        {"amount_received": 1},
        {"currency": "eur"},
        {"amount": None, "amount_received": None, "currency": None},
    ],
    ids=["a cent", "less received", "another currency", "neither said"],
)
def test_a_succeeded_intent_not_for_the_order_s_amount_and_currency_is_not_applied(
    hook, client_for, shopper, shoe, changed, caplog
):
    order = held_order(client_for, shopper, shoe)
    obj = {key: value for key, value in intent(order, **changed).items() if value is not None}

    answer = hook(event("payment_intent.succeeded", obj, "evt_m"))

    # Answered as received, so Stripe stops sending it; handled (not pending), but not applied.
    assert (answer.status_code, answer.json()["replay"]) == (200, False)
    assert WebhookEvent.objects.get(event_id="evt_m").handled_at is not None
    order.refresh_from_db()
    assert (order.payment, stock(shoe, "9")) == (Order.Payment.REQUIRES_ACTION, 3)
    assert order.payment_problem.startswith("Stripe's payment_intent.succeeded says ")
    assert mails("order_confirmation") == []
    assert any(record.levelname == "CRITICAL" and str(order.pk) in record.getMessage() for record in caplog.records)
    # The stale job leaves it held for a person, whatever the gateway says of the intent.
    assert order not in selectors.orders_stale(before=timezone.now() + timedelta(days=1))


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


def test_dispute_events_are_applied_in_the_order_stripe_created_them(hook, client_for, shopper, shoe):
    order = paid(client_for(shopper), shopper, shoe)
    dispute = {"id": "dp_1", "object": "dispute", "payment_intent": order.payment_intent_id}
    now = int(time.time())

    # Stripe created the dispute, then closed it as won; the closing came first, the creation a retry later.
    assert hook(event("charge.dispute.closed", {**dispute, "status": "won"}, "evt_won", created=now)).status_code == 200
    late = event("charge.dispute.created", {**dispute, "status": "needs_response"}, "evt_new", created=now - 3600)
    assert hook(late).status_code == 200

    order.refresh_from_db()
    assert (order.dispute, order.payment_state) == ("won", "Paid")
    assert order.dispute_event_at == datetime.fromtimestamp(now, tz=UTC)
    assert WebhookEvent.objects.get(event_id="evt_new").handled_at is not None
    assert len(mails("order_disputed")) == 1

    # A newer event still applies: the dispute reopened (Stripe's inquiry turned into a chargeback).
    hook(event("charge.dispute.created", {**dispute, "id": "dp_2", "status": "needs_response"}, "evt_2", now + 60))
    order.refresh_from_db()
    assert (order.dispute, order.payment_state) == ("needs_response", "Disputed")


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
            "data": {"object": intent(order)},
        }
    )
    WebhookEvent.objects.filter(event_id="evt_lost").update(received_at=timezone.now() - timedelta(minutes=5))

    assert webhook_events_handle_pending() == 1

    assert Order.objects.get(pk=order.pk).payment == Order.Payment.PAID
    assert webhook_events_handle_pending() == 0
