"""The card service failing mid-checkout, and release_stale_reservations settling what was left behind."""

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from orders import payments
from orders.models import Order, TestPaymentIntent
from orders.payments import GatewayUnavailable
from orders.payments.test import TestGateway

from .checkout import body, charges, line, paid_orders, stock

URL = "/api/cart/checkout"


class FlakyGateway(TestGateway):
    """The test gateway behind a network that drops the calls named in `down`."""

    def __init__(self, *down: str, charge_then_drop: bool = False):
        self.down = set(down)
        # The confirm reaches the gateway and charges, but its answer is lost on the way back.
        self.charge_then_drop = charge_then_drop

    def intent_create(self, **kwargs):
        if "create" in self.down:
            raise GatewayUnavailable("connection reset")
        return super().intent_create(**kwargs)

    def intent_confirm(self, **kwargs):
        if "confirm" in self.down:
            if self.charge_then_drop:
                super().intent_confirm(**kwargs)
            raise GatewayUnavailable("read timed out")
        return super().intent_confirm(**kwargs)

    def intent_retrieve(self, **kwargs):
        if "retrieve" in self.down:
            raise GatewayUnavailable("connection refused")
        return super().intent_retrieve(**kwargs)


@pytest.fixture
def network(monkeypatch):
    def use(gateway: TestGateway) -> TestGateway:
        monkeypatch.setattr(payments, "gateway_get", lambda: gateway)
        return gateway

    return use


@pytest.fixture
def client(client_for, shopper):
    return client_for(shopper)


def test_a_gateway_down_before_the_intent_gives_the_stock_back_and_a_retry_pays(network, client, shopper, shoe):
    checkout = body(shopper, [line(shoe, "9", 2)])
    network(FlakyGateway("create"))

    failed = client.post(URL, checkout)

    assert failed.status_code == 503
    assert failed.json()["code"] == "payment_unavailable"
    assert stock(shoe, "9") == 5 and charges() == 0 and paid_orders() == 0

    network(TestGateway())
    retried = client.post(URL, checkout)

    assert retried.status_code == 201
    assert stock(shoe, "9") == 3 and charges() == 1 and paid_orders() == 1


def test_a_lost_confirm_answer_keeps_the_stock_and_the_retry_never_charges_twice(network, client, shopper, shoe):
    checkout = body(shopper, [line(shoe, "9", 2)])
    network(FlakyGateway("confirm", charge_then_drop=True))

    lost = client.post(URL, checkout)

    assert lost.status_code == 503
    assert "not be charged twice" in lost.json()["detail"]
    # The card was charged but the shop did not hear it: the pairs stay held for this order.
    assert stock(shoe, "9") == 3 and charges() == 1 and paid_orders() == 0

    network(TestGateway())
    retried = client.post(URL, checkout)

    assert retried.status_code == 201
    assert stock(shoe, "9") == 3 and charges() == 1 and paid_orders() == 1


def test_a_retry_while_the_first_request_still_charges_is_told_to_wait(client, shopper, shoe):
    checkout = body(shopper, [line(shoe, "9", 1)])
    client.post(URL, checkout)
    Order.objects.update(payment=Order.Payment.RESERVED, charging_until=timezone.now() + timedelta(minutes=1))

    answer = client.post(URL, checkout)

    assert answer.status_code == 409
    assert answer.json()["code"] == "payment_in_progress"


def age(minutes: int) -> None:
    Order.objects.update(created_at=timezone.now() - timedelta(minutes=minutes))


def test_an_abandoned_3d_secure_is_cancelled_and_its_pairs_put_back(client, shopper, shoe):
    client.post(URL, body(shopper, [line(shoe, "9", 2)], pm="pm_card_authenticationRequired--s1"))
    assert stock(shoe, "9") == 3
    age(31)

    call_command("release_stale_reservations")

    assert stock(shoe, "9") == 5
    assert Order.objects.get().payment == Order.Payment.RELEASED
    assert TestPaymentIntent.objects.get().status == TestPaymentIntent.Status.CANCELED
    assert paid_orders() == 0


def test_a_reservation_younger_than_the_limit_is_left_alone(client, shopper, shoe):
    client.post(URL, body(shopper, [line(shoe, "9", 2)], pm="pm_card_authenticationRequired--s2"))
    age(29)

    call_command("release_stale_reservations")

    assert stock(shoe, "9") == 3
    assert Order.objects.get().payment == Order.Payment.REQUIRES_ACTION


def test_a_stale_order_the_gateway_did_charge_becomes_a_paid_order(
    network, client, shopper, shoe, mailoutbox, django_capture_on_commit_callbacks
):
    network(FlakyGateway("confirm", charge_then_drop=True))
    client.post(URL, body(shopper, [line(shoe, "9", 2)]))
    age(60)
    network(TestGateway())

    with django_capture_on_commit_callbacks(execute=True):
        call_command("release_stale_reservations")

    assert Order.objects.get().payment == Order.Payment.PAID
    assert stock(shoe, "9") == 3 and charges() == 1
    assert len(mailoutbox) == 1


def test_a_crash_before_the_intent_leaves_an_order_that_is_released(client, shopper, shoe, network):
    network(FlakyGateway("confirm"))
    client.post(URL, body(shopper, [line(shoe, "9", 1)]))
    Order.objects.update(payment_intent_id="", charging_until=timezone.now() - timedelta(seconds=1))
    age(45)
    network(TestGateway())

    call_command("release_stale_reservations")

    assert stock(shoe, "9") == 5
    assert Order.objects.get().payment == Order.Payment.RELEASED


def test_a_gateway_that_does_not_answer_leaves_the_order_for_the_next_run(network, client, shopper, shoe):
    client.post(URL, body(shopper, [line(shoe, "9", 1)], pm="pm_card_authenticationRequired--s3"))
    age(31)
    network(FlakyGateway("retrieve"))

    with pytest.raises(CommandError, match="1 checkouts could not be settled"):
        call_command("release_stale_reservations")

    assert stock(shoe, "9") == 4
    assert Order.objects.get().payment == Order.Payment.RESERVED
    assert Order.objects.get().charging_until is None


def test_release_twice_puts_the_pairs_back_once(client, shopper, shoe):
    client.post(URL, body(shopper, [line(shoe, "9", 2)], pm="pm_card_authenticationRequired--s4"))
    age(31)

    call_command("release_stale_reservations")
    call_command("release_stale_reservations")

    assert stock(shoe, "9") == 5
