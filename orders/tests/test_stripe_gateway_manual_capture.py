"""The Stripe gateway's calls for a release's draw (docs/DESIGN.md §11): an intent made for manual capture, its
authorisation, its capture (once, by its own idempotency key; a cancelled one is not an error), and a card's
fingerprint, on the real stripe SDK answered at its HTTP boundary (stripe_recorded.py)."""

import pytest

from orders.payments.base import Charge, ChargeStatus, GatewayUnavailable
from orders.tests.stripe_recorded import (  # noqa: F401 (network_attempts: the autouse fixture that refuses the network)
    INTENT_ID,
    INTENT_URL,
    INTENTS_URL,
    PAYMENT_METHOD_ID,
    TRIES,
    answer,
    confirm,
    connection_error,
    create,
    gateway_answering,
    network_attempts,
)

CAPTURE_KEY = "shop-entry-7-capture"


def test_an_intent_for_manual_capture_asks_stripe_for_it():
    gateway, http = gateway_answering(answer("payment_intent_created"))

    assert create(gateway, capture_manual=True) == INTENT_ID
    [sent] = http.sent
    assert (sent.method, sent.url) == ("post", INTENTS_URL)
    assert sent.body["capture_method"] == "manual"
    assert sent.headers["Idempotency-Key"] == "order-7-create"


def test_a_checkout_s_intent_is_captured_at_once_as_before():
    gateway, http = gateway_answering(answer("payment_intent_created"))

    create(gateway)

    assert "capture_method" not in http.sent[0].body


def test_a_confirmed_manual_intent_is_authorised_not_charged():
    gateway, _ = gateway_answering(answer("payment_intent_requires_capture"))

    assert confirm(gateway) == Charge(ChargeStatus.AUTHORISED, INTENT_ID)


def test_capture_sends_the_intent_and_its_own_idempotency_key_and_answers_succeeded():
    gateway, http = gateway_answering(answer("payment_intent_captured"))

    assert gateway.intent_capture(intent_id=INTENT_ID, idempotency_key=CAPTURE_KEY) == Charge(
        ChargeStatus.SUCCEEDED, INTENT_ID
    )
    [sent] = http.sent
    assert (sent.method, sent.url, sent.body) == ("post", f"{INTENT_URL}/capture", {})
    # Its retries, by the SDK or by a resumed draw, capture once.
    assert sent.headers["Idempotency-Key"] == CAPTURE_KEY


def test_capture_of_a_cancelled_authorisation_answers_cancelled_and_is_logged(caplog):
    gateway, http = gateway_answering(answer("capture_already_canceled"))

    # The draw passes the pair to the next entrant on this answer; nothing was charged.
    assert gateway.intent_capture(intent_id=INTENT_ID, idempotency_key=CAPTURE_KEY) == Charge(
        ChargeStatus.CANCELED, INTENT_ID
    )
    assert len(http.sent) == 1
    assert f"Stripe intent {INTENT_ID} could not be captured: it is canceled" in caplog.text


def test_capture_when_stripe_does_not_answer_is_unavailable_after_the_sdk_s_tries():
    gateway, http = gateway_answering(*[connection_error() for _ in range(TRIES)])

    with pytest.raises(GatewayUnavailable):
        gateway.intent_capture(intent_id=INTENT_ID, idempotency_key=CAPTURE_KEY)
    assert len(http.sent) == TRIES
    # Every try the same capture: one key.
    assert {sent.headers["Idempotency-Key"] for sent in http.sent} == {CAPTURE_KEY}


def test_a_card_s_fingerprint_is_read_from_its_payment_method():
    gateway, http = gateway_answering(answer("payment_method_card"))

    assert gateway.card_fingerprint(payment_method_id=PAYMENT_METHOD_ID) == "Xt5EWLLDS7FJjR1c"
    [sent] = http.sent
    assert (sent.method, sent.url) == ("get", f"https://api.stripe.com/v1/payment_methods/{PAYMENT_METHOD_ID}")


def test_a_payment_method_stripe_does_not_know_is_unavailable():
    gateway, _ = gateway_answering(answer("payment_method_missing"))

    with pytest.raises(GatewayUnavailable):
        gateway.card_fingerprint(payment_method_id=PAYMENT_METHOD_ID)
