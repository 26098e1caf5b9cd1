"""Stripe answered at its HTTP boundary from recorded answers, for the gateway's tests (test_stripe_gateway*.py).

Each file in stripe_answers/ is one answer of Stripe's API, {"status", "headers", "body"}, the body in the
shape of Stripe's API reference. The SDK is handed a RecordingHTTPClient, which answers from those files
and keeps every request the SDK sent, so the tests check both what came back and what went out.
"""

import json
import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
import stripe
from requests.structures import CaseInsensitiveDict

from orders.payments.base import Charge
from orders.payments.stripe import MAX_NETWORK_RETRIES, StripeGateway

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
