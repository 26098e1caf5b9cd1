"""The Stripe gateway after the payment: an intent read back, cancelled and refunded, and the shop's own HTTP client,
on the real stripe SDK answered at its HTTP boundary (stripe_recorded.py).
"""

import json
import time

import pytest
import requests
import stripe
from requests.structures import CaseInsensitiveDict

from orders.payments import gateway_get
from orders.payments.base import Charge, ChargeStatus, GatewayUnavailable
from orders.payments.stripe import MAX_NETWORK_RETRIES, TIMEOUT_SECONDS, StripeGateway
from orders.tests.stripe_recorded import (  # noqa: F401 (network_attempts: the autouse fixture that refuses the network)
    ANSWERS,
    API_KEY,
    CLIENT_SECRET,
    INTENT_ID,
    INTENT_URL,
    TRIES,
    answer,
    connection_error,
    gateway_answering,
    network_attempts,
)


@pytest.mark.parametrize(
    ("recorded", "expected"),
    [
        ("payment_intent_succeeded", Charge(ChargeStatus.SUCCEEDED, INTENT_ID)),
        (
            "payment_intent_requires_action",
            Charge(ChargeStatus.REQUIRES_ACTION, INTENT_ID, client_secret=CLIENT_SECRET),
        ),
        (
            "payment_intent_declined",
            Charge(ChargeStatus.DECLINED, INTENT_ID, decline_message="Your card was declined."),
        ),
        ("payment_intent_canceled", Charge(ChargeStatus.CANCELED, INTENT_ID)),
        # Created, never confirmed: Stripe says requires_payment_method, with no failed attempt behind it.
        ("payment_intent_created", Charge(ChargeStatus.UNCONFIRMED, INTENT_ID)),
        # Back from 3-D Secure, waiting for the server's confirm.
        ("payment_intent_requires_confirmation", Charge(ChargeStatus.UNCONFIRMED, INTENT_ID)),
        ("payment_intent_processing", Charge(ChargeStatus.PROCESSING, INTENT_ID)),
    ],
)
def test_retrieve_maps_the_intent_status(recorded, expected):
    gateway, http = gateway_answering(answer(recorded))

    assert gateway.intent_retrieve(intent_id=INTENT_ID) == expected
    [sent] = http.sent
    assert (sent.method, sent.url, sent.body) == ("get", INTENT_URL, {})
    assert sent.headers["Authorization"] == f"Bearer {API_KEY}"
    assert "Idempotency-Key" not in sent.headers


def test_retrieve_unavailable():
    gateway, http = gateway_answering(*[connection_error() for _ in range(TRIES)])

    with pytest.raises(GatewayUnavailable):
        gateway.intent_retrieve(intent_id=INTENT_ID)
    assert len(http.sent) == TRIES


def test_cancel():
    gateway, http = gateway_answering(answer("payment_intent_canceled"))

    assert gateway.intent_cancel(intent_id=INTENT_ID) == Charge(ChargeStatus.CANCELED, INTENT_ID)
    [sent] = http.sent
    assert (sent.method, sent.url, sent.body) == ("post", f"{INTENT_URL}/cancel", {})
    # The SDK's own key, so its retries of the cancel are safe too.
    assert sent.headers["Idempotency-Key"]


def test_cancel_of_an_intent_already_canceled_is_not_an_error():
    gateway, http = gateway_answering(answer("cancel_already_canceled"))

    assert gateway.intent_cancel(intent_id=INTENT_ID).status == ChargeStatus.CANCELED

    assert [sent.url for sent in http.sent] == [f"{INTENT_URL}/cancel"]


def test_cancel_of_an_intent_already_paid_answers_it_succeeded_and_is_logged(caplog):
    gateway, http = gateway_answering(answer("cancel_already_succeeded"))

    # The stale job marks its order paid on this answer, never releases it.
    assert gateway.intent_cancel(intent_id=INTENT_ID) == Charge(ChargeStatus.SUCCEEDED, INTENT_ID)

    assert [sent.url for sent in http.sent] == [f"{INTENT_URL}/cancel"]
    assert f"Stripe intent {INTENT_ID} could not be canceled: it is succeeded" in caplog.text


def test_cancel_of_an_intent_stripe_does_not_know_is_unavailable():
    gateway, http = gateway_answering(answer("payment_intent_missing"))

    with pytest.raises(GatewayUnavailable) as raised:
        gateway.intent_cancel(intent_id=INTENT_ID)

    assert isinstance(raised.value.__cause__, stripe.InvalidRequestError)
    assert len(http.sent) == 1


def test_a_gateway_without_a_key_refuses_to_start():
    with pytest.raises(GatewayUnavailable):
        StripeGateway(api_key="")


def requests_answer(name: str) -> requests.Response:
    recorded = json.loads((ANSWERS / f"{name}.json").read_text())
    response = requests.Response()
    response.status_code = recorded["status"]
    response.headers = CaseInsensitiveDict(recorded["headers"])
    response._content = json.dumps(recorded["body"]).encode()
    return response


def test_gateway_get_builds_the_stripe_gateway_on_the_shop_s_http_client(settings, monkeypatch):
    # The shop's own RequestsClient, stopped at requests' Session, the last step before a socket.
    settings.PAYMENT_GATEWAY = "stripe"
    settings.STRIPE_SECRET_KEY = API_KEY
    calls = []

    def session_request(session, method, url, **kwargs):
        calls.append((method, url, kwargs))
        return requests_answer("payment_intent_succeeded")

    monkeypatch.setattr(requests.Session, "request", session_request)

    gateway = gateway_get()

    assert isinstance(gateway, StripeGateway)
    assert gateway.intent_retrieve(intent_id=INTENT_ID) == Charge(ChargeStatus.SUCCEEDED, INTENT_ID)
    [(method, url, kwargs)] = calls
    assert (method, url) == ("get", INTENT_URL)
    assert kwargs["headers"]["Authorization"] == f"Bearer {API_KEY}"
    assert kwargs["timeout"] == TIMEOUT_SECONDS


def test_the_shop_s_http_client_gives_up_on_a_hung_stripe_after_its_tries(monkeypatch):
    calls = []
    sleeps = []

    def session_request(session, method, url, **kwargs):
        calls.append(kwargs["timeout"])
        raise requests.exceptions.ReadTimeout("HTTPSConnectionPool(host='api.stripe.com', port=443): Read timed out.")

    monkeypatch.setattr(requests.Session, "request", session_request)
    monkeypatch.setattr(time, "sleep", sleeps.append)

    with pytest.raises(GatewayUnavailable) as raised:
        StripeGateway(api_key=API_KEY).intent_retrieve(intent_id=INTENT_ID)

    assert isinstance(raised.value.__cause__, stripe.APIConnectionError)
    # Each try bounded by the timeout, as many as the request's time budget counts (shopsite/tests/test_time_budget.py).
    assert calls == [TIMEOUT_SECONDS] * TRIES
    assert len(sleeps) == MAX_NETWORK_RETRIES


def test_refund_sends_the_intent_the_amount_and_the_shop_s_idempotency_key():
    gateway, http = gateway_answering(answer("refund_created"))

    refund_id = gateway.refund_create(intent_id=INTENT_ID, amount=12999, idempotency_key="shop-order-7-abc-refund-1")

    assert refund_id == "re_3QAb7cLkdIwHu7ix0Rf1Aa2B"
    [sent] = http.sent
    assert (sent.method, sent.url) == ("post", "https://api.stripe.com/v1/refunds")
    assert sent.body == {"payment_intent": INTENT_ID, "amount": "12999"}
    assert sent.headers["Idempotency-Key"] == "shop-order-7-abc-refund-1"


@pytest.mark.parametrize("refused", ["refund_too_large", "api_error"])
def test_a_refund_stripe_refuses_is_unavailable_and_refunds_nothing(refused):
    gateway, http = gateway_answering(answer(refused))

    with pytest.raises(GatewayUnavailable):
        gateway.refund_create(intent_id=INTENT_ID, amount=25998, idempotency_key="shop-order-7-abc-refund-1")

    assert len(http.sent) == TRIES
