"""Helpers of the after-sale tests: a request run with what it leaves for after its commit, paid orders, refunds,
the outbox's mails."""

import pytest

from mailing.models import Mail
from orders.models import Order

from .checkout import body, line

CHECKOUT = "/api/cart/checkout"
_COMMITTED = None


@pytest.fixture(autouse=True)
def after_commit(django_capture_on_commit_callbacks):
    """Runs what a request leaves for after its commit (the outbox's mails, the events' tasks) as it returns; a test
    module takes it by importing it."""
    global _COMMITTED
    _COMMITTED = django_capture_on_commit_callbacks


def call(send, *args, **kwargs):
    """A request, then what it left for after its commit, in Celery's eager mode of the tests."""
    with _COMMITTED(execute=True):
        return send(*args, **kwargs)


def paid(client, shopper, shoe, lines=None, pm="pm_card_visa--as1") -> Order:
    answer = call(client.post, CHECKOUT, body(shopper, lines or [line(shoe, "9", 2), line(shoe, "9.5", 1)], pm=pm))
    assert answer.status_code == 201, answer.json()
    return Order.objects.get(payment_intent_id=answer.json()["order"]["idPayment"])


def refund(client, order, lines=None):
    payload = {} if lines is None else {"lines": lines}
    return call(client.post, f"/api/cart/order/{order.payment_intent_id}/refund", payload, format="json")


def mails(kind: str) -> list[Mail]:
    return list(Mail.objects.filter(kind=kind))
