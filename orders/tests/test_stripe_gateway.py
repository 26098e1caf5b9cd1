"""The Stripe gateway paying: an intent created and confirmed, on the real stripe SDK answered at its HTTP boundary
(stripe_recorded.py).
"""

import pytest
import stripe

from orders.payments.base import Charge, ChargeStatus, GatewayUnavailable
from orders.payments.stripe import CARD_UNUSABLE
from orders.tests.stripe_recorded import (  # noqa: F401 (network_attempts: the autouse fixture that refuses the network)
    API_KEY,
    CLIENT_SECRET,
    CONFIRM_KEY,
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


def test_create_sends_the_order_with_its_idempotency_key_and_returns_the_intent_id():
    gateway, http = gateway_answering(answer("payment_intent_created"))

    intent_id = gateway.intent_create(
        amount=12999,
        currency="USD",
        idempotency_key="order-7-create",
        description="Sneaker Shop order 7",
        receipt_email="shopper@sneakers.test",
        metadata={"order_id": "7"},
    )

    assert intent_id == INTENT_ID
    [sent] = http.sent
    assert (sent.method, sent.url) == ("post", INTENTS_URL)
    assert sent.body == {
        "amount": "12999",
        "currency": "usd",
        "payment_method_types[0]": "card",
        "confirmation_method": "manual",
        "description": "Sneaker Shop order 7",
        "receipt_email": "shopper@sneakers.test",
        "metadata[order_id]": "7",
    }
    assert sent.headers["Idempotency-Key"] == "order-7-create"
    assert sent.headers["Authorization"] == f"Bearer {API_KEY}"
    assert sent.headers["Content-Type"] == "application/x-www-form-urlencoded"


def test_create_leaves_out_an_empty_description_and_receipt_email():
    # Stripe reads an empty string as "unset", which a create refuses.
    gateway, http = gateway_answering(answer("payment_intent_created"))

    create(gateway)

    [sent] = http.sent
    assert sent.body == {
        "amount": "12999",
        "currency": "usd",
        "payment_method_types[0]": "card",
        "confirmation_method": "manual",
    }


def test_create_unavailable_is_tried_again_with_the_same_idempotency_key():
    gateway, http = gateway_answering(*[answer("api_error")] * TRIES, answer("payment_intent_created"))

    with pytest.raises(GatewayUnavailable) as raised:
        create(gateway)
    # The shopper's next try, as the checkout sends it again.
    assert create(gateway) == INTENT_ID

    assert isinstance(raised.value.__cause__, stripe.APIError)
    assert [sent.headers["Idempotency-Key"] for sent in http.sent] == ["order-7-create"] * (TRIES + 1)


def test_confirm_succeeded():
    gateway, http = gateway_answering(answer("payment_intent_succeeded"))

    assert confirm(gateway) == Charge(ChargeStatus.SUCCEEDED, INTENT_ID)
    [sent] = http.sent
    assert (sent.method, sent.url) == ("post", f"{INTENT_URL}/confirm")
    assert sent.body == {"payment_method": PAYMENT_METHOD_ID, "use_stripe_sdk": "true"}
    assert sent.headers["Idempotency-Key"] == CONFIRM_KEY
    assert sent.headers["Authorization"] == f"Bearer {API_KEY}"


def test_confirm_needing_3d_secure_hands_back_the_client_secret_then_confirms_again_without_the_card():
    gateway, http = gateway_answering(answer("payment_intent_requires_action"), answer("payment_intent_succeeded"))

    # Given the bank wants 3-D Secure on the first confirm
    first = confirm(gateway)
    # When the browser has run stripe.handleCardAction and the server confirms again, with a key of its own
    second = gateway.intent_confirm(intent_id=INTENT_ID, payment_method_id=None, idempotency_key="order-7-after-3ds")

    # Then
    assert first == Charge(ChargeStatus.REQUIRES_ACTION, INTENT_ID, client_secret=CLIENT_SECRET)
    assert second == Charge(ChargeStatus.SUCCEEDED, INTENT_ID)
    assert [(sent.method, sent.url) for sent in http.sent] == [("post", f"{INTENT_URL}/confirm")] * 2
    assert http.sent[0].body == {"payment_method": PAYMENT_METHOD_ID, "use_stripe_sdk": "true"}
    assert http.sent[1].body == {"use_stripe_sdk": "true"}
    assert [sent.headers["Idempotency-Key"] for sent in http.sent] == [CONFIRM_KEY, "order-7-after-3ds"]


@pytest.mark.parametrize(
    ("recorded", "message"),
    [
        ("card_declined", "Your card was declined."),
        ("card_declined_insufficient_funds", "Your card has insufficient funds."),
        ("card_expired", "Your card has expired."),
    ],
)
def test_confirm_with_a_card_the_bank_declines_is_declined_with_its_message(recorded, message):
    gateway, http = gateway_answering(answer(recorded))

    assert confirm(gateway) == Charge(ChargeStatus.DECLINED, INTENT_ID, decline_message=message)
    [sent] = http.sent
    assert sent.url == f"{INTENT_URL}/confirm"
    assert sent.body["payment_method"] == PAYMENT_METHOD_ID
    assert sent.headers["Idempotency-Key"] == CONFIRM_KEY


def test_confirm_with_a_payment_method_stripe_does_not_know_is_declined():
    gateway, http = gateway_answering(answer("payment_method_missing"))

    charge = confirm(gateway, payment_method_id="pm_1QAb0zLkdIwHu7ixGoneGone")

    assert charge == Charge(ChargeStatus.DECLINED, INTENT_ID, decline_message=CARD_UNUSABLE)
    [sent] = http.sent
    assert sent.body == {"payment_method": "pm_1QAb0zLkdIwHu7ixGoneGone", "use_stripe_sdk": "true"}


def test_confirm_of_an_intent_already_paid_is_succeeded():
    # A confirm repeated with a new key after the first one's answer was lost.
    gateway, http = gateway_answering(answer("confirm_already_succeeded"))

    assert confirm(gateway) == Charge(ChargeStatus.SUCCEEDED, INTENT_ID)
    assert [sent.url for sent in http.sent] == [f"{INTENT_URL}/confirm"]


def test_confirm_after_the_shopper_failed_3d_secure_is_declined():
    # The bank's check failed in the browser, so Stripe took the card off the intent before the server's confirm.
    gateway, http = gateway_answering(answer("confirm_after_failed_3d_secure"))

    charge = gateway.intent_confirm(intent_id=INTENT_ID, payment_method_id=None, idempotency_key="order-7-after-3ds")

    assert charge == Charge(
        ChargeStatus.DECLINED,
        INTENT_ID,
        decline_message="We are unable to authenticate your payment method. "
        "Please choose a different payment method and try again.",
    )
    [sent] = http.sent
    assert (sent.url, sent.body) == (f"{INTENT_URL}/confirm", {"use_stripe_sdk": "true"})


@pytest.mark.parametrize(
    ("answers", "error_class", "request_id"),
    [
        # 5xx: the SDK tries again, MAX_NETWORK_RETRIES times.
        ([answer("api_error")] * TRIES, stripe.APIError, "req_4p1Err0r5000"),
        # ... unless Stripe says a retry would not help.
        ([answer("api_error", **{"Stripe-Should-Retry": "false"})], stripe.APIError, "req_4p1Err0r5000"),
        # 429: retried only when Stripe asks for it (a lock timeout), not for the rate limit itself.
        ([answer("lock_timeout")] * TRIES, stripe.RateLimitError, "req_L0ckT1m30ut4"),
        ([answer("rate_limit")], stripe.RateLimitError, "req_R4t3L1m1t429"),
        ([connection_error() for _ in range(TRIES)], stripe.APIConnectionError, None),
        ([answer("authentication_error")], stripe.AuthenticationError, "req_Au7hEnt1c4t1"),
        ([answer("permission_error")], stripe.PermissionError, "req_P3rm1ss10n403"),
        ([answer("idempotency_error")], stripe.IdempotencyError, "req_1d3mp0t3ncyE"),
    ],
    ids=["500", "500-no-retry", "429-lock", "429-rate", "connection", "401", "403", "idempotency"],
)
def test_confirm_stripe_cannot_answer_is_unavailable_logged_without_the_key(answers, error_class, request_id, caplog):
    gateway, http = gateway_answering(*answers)

    with pytest.raises(GatewayUnavailable) as raised:
        confirm(gateway)

    assert type(raised.value.__cause__) is error_class
    # Every try went out, each one the same request under the same key, so Stripe charges at most once.
    assert len(http.sent) == len(answers)
    assert {sent.url for sent in http.sent} == {f"{INTENT_URL}/confirm"}
    assert {sent.headers["Idempotency-Key"] for sent in http.sent} == {CONFIRM_KEY}
    assert all(sent.body == http.sent[0].body for sent in http.sent)
    assert f"Stripe confirm failed: {error_class.__name__}" in caplog.text
    assert f"request {request_id}" in caplog.text
    assert API_KEY not in caplog.text


def test_confirm_answered_on_the_next_try_after_a_5xx():
    gateway, http = gateway_answering(*[answer("api_error")] * TRIES, answer("payment_intent_succeeded"))

    with pytest.raises(GatewayUnavailable):
        confirm(gateway)
    assert confirm(gateway) == Charge(ChargeStatus.SUCCEEDED, INTENT_ID)
    # Every try under one key: Stripe charges once, whichever try reached it.
    assert [sent.headers["Idempotency-Key"] for sent in http.sent] == [CONFIRM_KEY] * (TRIES + 1)
