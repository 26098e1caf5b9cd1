"""The development gateway: Stripe's test payment methods, answered as Stripe answers them, no network.

Its intents are rows in the database, so every gunicorn worker sees the same ones and tests can count
what was charged. It takes no real money, so settings refuse it in a live shop (docs/DESIGN.md §5).
It emits the events Stripe would send the webhook (succeeded, failed, canceled, refunded), shaped as Stripe's,
through the same handler, so the demo and the tests exercise it without the network.
"""

import hashlib
import re
import secrets
import time

from django.db import IntegrityError, transaction

from ..models import TestPaymentIntent
from ..webhooks import webhook_event_receive
from .base import Charge, ChargeStatus, GatewayUnavailable, PaymentGateway

# Stripe's test payment method ids (https://docs.stripe.com/testing) and what a confirm does with each.
SUCCEEDS = {"pm_card_visa", "pm_card_mastercard", "pm_card_amex"}
DECLINES = {
    "pm_card_visa_chargeDeclined": "Your card was declined.",
    "pm_card_visa_chargeDeclinedInsufficientFunds": "Your card has insufficient funds.",
}
NEEDS_AUTHENTICATION = {"pm_card_authenticationRequired"}
UNKNOWN_CARD = "Your card number is incorrect."

# The built-in card field sends a fresh id per pay press, as Stripe.js makes a fresh payment
# method each time: the test id, then "--" and a nonce.
_NONCE = re.compile(r"--[A-Za-z0-9]+$")
# Stripe has one test card per behaviour; tests and the bench that need many people's cards name a card number of
# their own after "__": pm_card_visa__n17 behaves as pm_card_visa with a fingerprint of its own.
_CARD_NUMBER = re.compile(r"__[A-Za-z0-9]+$")

Status = TestPaymentIntent.Status


def card_of(payment_method_id: str) -> str:
    """pm_card_visa--k3Jd8s -> pm_card_visa."""
    return _NONCE.sub("", payment_method_id)


def behaviour_of(payment_method_id: str) -> str:
    """pm_card_visa__n17--k3Jd8s -> pm_card_visa: the test card whose answers it gets."""
    return _CARD_NUMBER.sub("", card_of(payment_method_id))


def fingerprint_of(payment_method_id: str) -> str:
    """The card's fingerprint: the same for every payment method of one card number (the nonce aside), as Stripe's
    payment_method.card.fingerprint."""
    return "fp_test_" + hashlib.sha256(card_of(payment_method_id).encode()).hexdigest()[:16]


def event_emit(event_type: str, obj: dict) -> None:
    """Hand an event shaped as Stripe's to the webhook's handler, as Stripe would after the call."""
    webhook_event_receive(
        event={
            "id": f"evt_test_{secrets.token_hex(12)}",
            "type": event_type,
            "created": int(time.time()),
            "data": {"object": obj},
        }
    )


def _intent_object(intent: TestPaymentIntent) -> dict:
    obj = {
        "id": intent.intent_id,
        "object": "payment_intent",
        "amount": intent.amount,
        "amount_received": intent.amount if intent.status == Status.SUCCEEDED else 0,
        "currency": intent.currency,
        "status": intent.status,
    }
    if intent.status == Status.DECLINED:
        obj["status"] = "requires_payment_method"
        obj["last_payment_error"] = {"message": intent.decline_message}
    return obj


def _charge(intent: TestPaymentIntent) -> Charge:
    if intent.status == Status.SUCCEEDED:
        return Charge(ChargeStatus.SUCCEEDED, intent.intent_id)
    if intent.status == Status.REQUIRES_CAPTURE:
        return Charge(ChargeStatus.AUTHORISED, intent.intent_id)
    if intent.status == Status.REQUIRES_ACTION:
        return Charge(ChargeStatus.REQUIRES_ACTION, intent.intent_id, client_secret=intent.client_secret)
    if intent.status == Status.DECLINED:
        return Charge(ChargeStatus.DECLINED, intent.intent_id, decline_message=intent.decline_message)
    if intent.status == Status.CANCELED:
        return Charge(ChargeStatus.CANCELED, intent.intent_id)
    return Charge(ChargeStatus.UNCONFIRMED, intent.intent_id)


class TestGateway(PaymentGateway):
    """Answers as Stripe does for its test cards; 3-D Secure passes on the confirm after the browser's."""

    __test__ = False  # a gateway, not a pytest test class

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
        intent_id = f"pi_test_{secrets.token_hex(12)}"
        try:
            with transaction.atomic():
                TestPaymentIntent.objects.create(
                    intent_id=intent_id,
                    client_secret=f"{intent_id}_secret_{secrets.token_hex(12)}",
                    idempotency_key=idempotency_key,
                    amount=amount,
                    currency=currency,
                    capture_manual=capture_manual,
                )
        except IntegrityError:
            # The same key again: the first intent, as Stripe's idempotency gives.
            return TestPaymentIntent.objects.get(idempotency_key=idempotency_key).intent_id
        return intent_id

    @transaction.atomic
    def intent_confirm(self, *, intent_id: str, payment_method_id: str | None, idempotency_key: str) -> Charge:
        intent = TestPaymentIntent.objects.select_for_update().get(intent_id=intent_id)
        if intent.status in (Status.SUCCEEDED, Status.DECLINED, Status.CANCELED, Status.REQUIRES_CAPTURE):
            return _charge(intent)
        if payment_method_id:
            intent.payment_method_id = payment_method_id
        card = behaviour_of(intent.payment_method_id)
        if card in SUCCEEDS or (card in NEEDS_AUTHENTICATION and intent.status == Status.REQUIRES_ACTION):
            # A manual-capture intent is only authorised: the money moves at its capture.
            intent.status = Status.REQUIRES_CAPTURE if intent.capture_manual else Status.SUCCEEDED
        elif card in NEEDS_AUTHENTICATION:
            intent.status = Status.REQUIRES_ACTION
        else:
            intent.status = Status.DECLINED
            intent.decline_message = DECLINES.get(card, UNKNOWN_CARD)
        intent.save(update_fields=["payment_method_id", "status", "decline_message", "updated_at"])
        if intent.status == Status.SUCCEEDED:
            event_emit("payment_intent.succeeded", _intent_object(intent))
        elif intent.status == Status.DECLINED:
            event_emit("payment_intent.payment_failed", _intent_object(intent))
        return _charge(intent)

    def intent_retrieve(self, *, intent_id: str) -> Charge:
        return _charge(TestPaymentIntent.objects.get(intent_id=intent_id))

    @transaction.atomic
    def intent_capture(self, *, intent_id: str, idempotency_key: str) -> Charge:
        intent = TestPaymentIntent.objects.select_for_update().get(intent_id=intent_id)
        if intent.status == Status.REQUIRES_CAPTURE:
            intent.status = Status.SUCCEEDED
            intent.save(update_fields=["status", "updated_at"])
            event_emit("payment_intent.succeeded", _intent_object(intent))
        # Captured already (the same key again), or let go: where it stands, as Stripe answers.
        return _charge(intent)

    def card_fingerprint(self, *, payment_method_id: str) -> str:
        return fingerprint_of(payment_method_id)

    @transaction.atomic
    def intent_cancel(self, *, intent_id: str) -> Charge:
        intent = TestPaymentIntent.objects.select_for_update().get(intent_id=intent_id)
        if intent.status not in (Status.SUCCEEDED, Status.CANCELED):
            intent.status = Status.CANCELED
            intent.save(update_fields=["status", "updated_at"])
            event_emit("payment_intent.canceled", _intent_object(intent))
        return _charge(intent)

    @transaction.atomic
    def refund_create(self, *, intent_id: str, amount: int, idempotency_key: str) -> str:
        intent = TestPaymentIntent.objects.select_for_update().filter(intent_id=intent_id).first()
        if intent is None:
            # Stripe answers "No such payment_intent" (an order made by hand, or by another gateway).
            raise GatewayUnavailable(f"No such payment intent: {intent_id}.")
        refund_id = f"re_test_{idempotency_key[-24:]}"
        if idempotency_key in intent.refund_keys:
            return refund_id
        if intent.status != Status.SUCCEEDED or amount > intent.amount - intent.amount_refunded:
            # Stripe refuses a refund of an unpaid intent or of more than is left; the shop's checks come first.
            raise GatewayUnavailable(f"Intent {intent_id} cannot refund {amount}.")
        intent.amount_refunded += amount
        intent.refund_keys = [*intent.refund_keys, idempotency_key]
        intent.save(update_fields=["amount_refunded", "refund_keys", "updated_at"])
        charge = {
            "id": f"ch_{intent.intent_id}",
            "object": "charge",
            "payment_intent": intent.intent_id,
            "amount": intent.amount,
            "amount_refunded": intent.amount_refunded,
            "refunded": intent.amount_refunded == intent.amount,
        }
        event_emit("charge.refunded", charge)
        return refund_id
