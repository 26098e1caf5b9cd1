"""The Stripe gateway: PaymentIntents with manual confirmation, through Stripe's own SDK."""

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import stripe
from stripe.params import PaymentIntentConfirmParams, PaymentIntentCreateParams

from .base import Charge, ChargeStatus, GatewayUnavailable, PaymentGateway

logger = logging.getLogger(__name__)

# A checkout makes up to two calls, and both must fit in the request's time budget beside the other services'
# (shopsite/tests/test_time_budget.py): one try of at most 5 s each. The SDK's own retries would double that; the
# shopper's next try is the retry instead, under the same idempotency key, so it can never charge twice, and
# release_stale_reservations settles a checkout nobody tried again.
TIMEOUT_SECONDS = 5
MAX_NETWORK_RETRIES = 0

CARD_DECLINED = "Your card was declined."
CARD_UNUSABLE = "This card could not be used. Please enter your card details again."

# One HTTP client for every gateway: it keeps a connection pool per thread, so checkouts reuse the TLS
# connection to Stripe. The API key is not part of it; each StripeClient sends its own.
_http_client = stripe.RequestsClient(timeout=TIMEOUT_SECONDS)


def _charge(intent: stripe.PaymentIntent) -> Charge:
    """The checkout's view of a PaymentIntent's status."""
    if intent.status == "succeeded":
        return Charge(ChargeStatus.SUCCEEDED, intent.id)
    if intent.status == "requires_action":
        # next_action is use_stripe_sdk: the browser's stripe.handleCardAction(client_secret) runs 3-D Secure.
        return Charge(ChargeStatus.REQUIRES_ACTION, intent.id, client_secret=intent.client_secret or "")
    if intent.status == "requires_capture":
        return Charge(ChargeStatus.AUTHORISED, intent.id)
    if intent.status == "canceled":
        return Charge(ChargeStatus.CANCELED, intent.id)
    if intent.status == "requires_payment_method" and intent.last_payment_error:
        message = intent.last_payment_error.message or CARD_DECLINED
        return Charge(ChargeStatus.DECLINED, intent.id, decline_message=message)
    if intent.status == "processing":
        # Rare for cards; unlike the states below, the money may still move.
        return Charge(ChargeStatus.PROCESSING, intent.id)
    # requires_payment_method before any attempt (a new intent), and requires_confirmation (back from
    # 3-D Secure) are unconfirmed: nothing moved.
    return Charge(ChargeStatus.UNCONFIRMED, intent.id)


@contextmanager
def _stripe_call(action: str) -> Iterator[None]:
    """Stripe's own errors, raised inside, as GatewayUnavailable, logged with the id Stripe's support asks for."""
    try:
        yield
    except stripe.StripeError as error:
        # Stripe masks keys in its messages and the request's headers are not part of the error, so this
        # log never holds the secret key.
        logger.error(
            "Stripe %s failed: %s (HTTP %s, code %s, request %s): %s",
            action,
            type(error).__name__,
            error.http_status,
            error.code,
            error.request_id,
            error.user_message,
        )
        raise GatewayUnavailable("The card payment service is not answering; please try again shortly.") from error


class StripeGateway(PaymentGateway):
    """Takes card payments through Stripe, confirming each PaymentIntent on the server."""

    def __init__(self, *, api_key: str, http_client: stripe.HTTPClient | None = None) -> None:
        if not api_key:
            logger.error("PAYMENT_GATEWAY is stripe but STRIPE_SECRET_KEY is empty.")
            raise GatewayUnavailable("Card payments are not set up in this shop yet.")
        # A client per gateway, never the global stripe.api_key, so nothing else in the process shares the key.
        self._client = stripe.StripeClient(
            api_key, http_client=http_client or _http_client, max_network_retries=MAX_NETWORK_RETRIES
        )

    def intent_create(
        self,
        *,
        amount: int,
        currency: str,
        idempotency_key: str,
        description: str,
        receipt_email: str,
        metadata: dict[str, str],
        capture_manual: bool = False,
    ) -> str:
        params: PaymentIntentCreateParams = {
            "amount": amount,
            "currency": currency.lower(),
            "payment_method_types": ["card"],
            # The browser never confirms: it only runs 3-D Secure, and the server confirms again after it.
            "confirmation_method": "manual",
            "metadata": metadata,
        }
        if capture_manual:
            # Authorised at the confirm, charged by intent_capture within Stripe's 7 days (a release's draw).
            params["capture_method"] = "manual"
        # Stripe takes an empty string as "unset this", which a create refuses with an error.
        if description:
            params["description"] = description
        if receipt_email:
            params["receipt_email"] = receipt_email
        with _stripe_call("create"):
            intent = self._client.v1.payment_intents.create(params, {"idempotency_key": idempotency_key})
        return intent.id

    def intent_confirm(self, *, intent_id: str, payment_method_id: str | None, idempotency_key: str) -> Charge:
        # use_stripe_sdk: a 3-D Secure check comes back as next_action use_stripe_sdk, which
        # stripe.handleCardAction runs in the page, rather than a redirect that would need a return_url.
        params: PaymentIntentConfirmParams = {"use_stripe_sdk": True}
        if payment_method_id is not None:
            params["payment_method"] = payment_method_id
        with _stripe_call("confirm"):
            try:
                intent = self._client.v1.payment_intents.confirm(
                    intent_id, params, {"idempotency_key": idempotency_key}
                )
            except stripe.CardError as error:
                return Charge(ChargeStatus.DECLINED, intent_id, decline_message=error.user_message or CARD_DECLINED)
            except stripe.InvalidRequestError as error:
                if error.param == "payment_method":
                    # No such PaymentMethod, or one Stripe will not charge: for the shopper, a card to re-enter.
                    logger.warning("Stripe refused payment method %s: %s", payment_method_id, error.user_message)
                    return Charge(ChargeStatus.DECLINED, intent_id, decline_message=CARD_UNUSABLE)
                intent = _intent_in(error)
                if intent is None:
                    raise
                # Not confirmable (paid already, or its card dropped after failed 3-D Secure): where it stands.
        return _charge(intent)

    def intent_retrieve(self, *, intent_id: str) -> Charge:
        with _stripe_call("retrieve"):
            intent = self._client.v1.payment_intents.retrieve(intent_id)
        return _charge(intent)

    def intent_cancel(self, *, intent_id: str) -> Charge:
        with _stripe_call("cancel"):
            try:
                intent = self._client.v1.payment_intents.cancel(intent_id)
            except stripe.InvalidRequestError as error:
                intent = _intent_in(error)
                if intent is None:
                    raise
                # Paid (or canceled) before the cancel reached it: the caller settles the order by where it stands.
                logger.warning("Stripe intent %s could not be canceled: it is %s.", intent_id, intent.status)
        return _charge(intent)

    def intent_capture(self, *, intent_id: str, idempotency_key: str) -> Charge:
        with _stripe_call("capture"):
            try:
                intent = self._client.v1.payment_intents.capture(intent_id, {}, {"idempotency_key": idempotency_key})
            except stripe.InvalidRequestError as error:
                intent = _intent_in(error)
                if intent is None:
                    raise
                # Canceled, or its authorisation expired, before the capture: where it stands (nothing charged).
                logger.warning("Stripe intent %s could not be captured: it is %s.", intent_id, intent.status)
        return _charge(intent)

    def card_fingerprint(self, *, payment_method_id: str) -> str:
        with _stripe_call("payment method"):
            method = self._client.v1.payment_methods.retrieve(payment_method_id)
        card = getattr(method, "card", None)
        return (card.fingerprint or "") if card else ""

    def refund_create(self, *, intent_id: str, amount: int, idempotency_key: str) -> str:
        with _stripe_call("refund"):
            refund = self._client.v1.refunds.create(
                {"payment_intent": intent_id, "amount": amount}, {"idempotency_key": idempotency_key}
            )
        return refund.id


def _intent_in(error: stripe.InvalidRequestError) -> stripe.PaymentIntent | None:
    """The intent an unexpected-state error reports (paid, canceled, or without a card), else None."""
    if error.code != "payment_intent_unexpected_state" or error.error is None:
        return None
    return error.error.payment_intent
