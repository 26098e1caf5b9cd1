"""The Stripe gateway on the real stripe SDK, answered at its HTTP boundary from recorded Stripe answers.

Each file in stripe_answers/ is one answer of Stripe's API, {"status", "headers", "body"}, the body in the
shape of Stripe's API reference. The SDK is handed a RecordingHTTPClient, which answers from those files
and keeps every request the SDK sent, so the tests check both what came back and what went out.
"""

import json
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
import requests
import stripe
from requests.structures import CaseInsensitiveDict

from orders.payments import gateway_get
from orders.payments.base import Charge, ChargeStatus, GatewayUnavailable
from orders.payments.stripe import CARD_UNUSABLE, MAX_NETWORK_RETRIES, TIMEOUT_SECONDS, StripeGateway

ANSWERS = Path(__file__).parent / "stripe_answers"
API_KEY = "sk_test_51QAb00LkdIwHu7ixGatewayTests4242"
INTENTS_URL = "https://api.stripe.com/v1/payment_intents"
INTENT_ID = "pi_3QAb7cLkdIwHu7ix0WZp1sXq"
INTENT_URL = f"{INTENTS_URL}/{INTENT_ID}"
CLIENT_SECRET = f"{INTENT_ID}_secret_Vq8JZz1mxKyYp3uTn6RdE4sGh"
PAYMENT_METHOD_ID = "pm_1QAb7bLkdIwHu7ixr0tGqY5e"
CONFIRM_KEY = f"order-7-confirm-{PAYMENT_METHOD_ID}"
# The SDK's tries of one call: the first, then its own retries.
TRIES = 1 + MAX_NETWORK_RETRIES


@dataclass(frozen=True)
class Sent:
    """One request the SDK handed to its HTTP client."""

    method: str
    url: str
    headers: dict[str, str]
    # The form-encoded body as Stripe reads it: {"metadata[order_id]": "7", ...}.
    body: dict[str, str]


@dataclass(frozen=True)
class Answer:
    """One recorded answer of Stripe's API."""

    status: int
    headers: dict[str, str]
    body: str


def answer(name: str, **headers: str) -> Answer:
    recorded = json.loads((ANSWERS / f"{name}.json").read_text())
    return Answer(recorded["status"], {**recorded["headers"], **headers}, json.dumps(recorded["body"]))


def connection_error() -> stripe.APIConnectionError:
    """What stripe.RequestsClient raises for a refused connection or a timeout: an error worth retrying."""
    return stripe.APIConnectionError(
        "Unexpected error communicating with Stripe.  If this problem persists,\nlet us know at "
        "support@stripe.com.\n\n(Network error: ConnectTimeout: HTTPSConnectionPool(host='api.stripe.com', "
        "port=443): Max retries exceeded with url: /v1/payment_intents)",
        should_retry=True,
    )


class RecordingHTTPClient(stripe.HTTPClient):
    """Answers the SDK's requests in order from recorded answers, and keeps every request it was sent.

    Only `request` is answered here: the SDK's own `request_with_retries` calls it, so its retry rules run
    as they do in production.
    """

    name = "recording"

    def __init__(self, *answers: Answer | stripe.APIConnectionError) -> None:
        super().__init__()
        self.answers = list(answers)
        self.sent: list[Sent] = []

    def request(
        self, method: str, url: str, headers: dict[str, str] | None, post_data: str | None = None
    ) -> tuple[str, int, CaseInsensitiveDict]:
        self.sent.append(
            Sent(method, url, dict(headers or {}), dict(parse_qsl(post_data or "", keep_blank_values=True)))
        )
        assert self.answers, f"the SDK sent a request no answer was recorded for: {method} {url}"
        reply = self.answers.pop(0)
        if isinstance(reply, Exception):
            raise reply
        # The SDK reads headers as requests gives them, whatever their case ("request-id", "stripe-should-retry").
        return reply.body, reply.status, CaseInsensitiveDict(reply.headers)

    def _sleep_time_seconds(self, num_retries: int) -> float:
        # The SDK's back-off between retries: the tests count the retries, not the seconds.
        return 0.0

    def close(self) -> None:
        pass


@pytest.fixture(autouse=True)
def network_attempts(monkeypatch):
    """Refuses every real connection; one that was even tried fails the test."""
    attempts = []

    def refuse(*args, **kwargs):
        attempts.append(args)
        raise OSError("The tests never reach the network.")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    yield attempts
    assert attempts == [], "a test tried to open a real network connection"


def gateway_answering(*answers: Answer | stripe.APIConnectionError) -> tuple[StripeGateway, RecordingHTTPClient]:
    http_client = RecordingHTTPClient(*answers)
    return StripeGateway(api_key=API_KEY, http_client=http_client), http_client


def create(gateway: StripeGateway, **order: str) -> str:
    """An intent for order 7, sent with empty description and receipt email unless given."""
    return gateway.intent_create(
        amount=12999,
        currency="usd",
        idempotency_key="order-7-create",
        **{"description": "", "receipt_email": "", "metadata": {}, **order},
    )


def confirm(gateway: StripeGateway, *, payment_method_id: str | None = PAYMENT_METHOD_ID) -> Charge:
    return gateway.intent_confirm(intent_id=INTENT_ID, payment_method_id=payment_method_id, idempotency_key=CONFIRM_KEY)


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
