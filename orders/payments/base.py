"""What the checkout asks of a card payment gateway, whichever one takes the money."""

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum


class ChargeStatus(StrEnum):
    SUCCEEDED = "succeeded"
    # 3-D Secure: the shopper's bank wants the shopper to confirm in the browser first.
    REQUIRES_ACTION = "requires_action"
    DECLINED = "declined"
    # Nothing was charged and nothing more will be (cancelled, or never confirmed).
    CANCELED = "canceled"
    # A manual-capture intent confirmed: the card is authorised for the amount, nothing is charged until a capture.
    AUTHORISED = "authorised"
    # Created, not yet confirmed: no money moved.
    UNCONFIRMED = "unconfirmed"
    # Confirmed and not settled yet: money may still move, so neither cancel it nor give the stock back.
    PROCESSING = "processing"


@dataclass(frozen=True)
class Charge:
    """Where a payment intent stands after a call to the gateway."""

    status: ChargeStatus
    intent_id: str
    # For REQUIRES_ACTION: what the browser hands to Stripe.js to finish the bank's check.
    client_secret: str = ""
    # For DECLINED: the card issuer's reason, fit to show the shopper.
    decline_message: str = ""


class GatewayUnavailable(Exception):
    """The gateway did not answer, or answered with an error of its own; try again later."""


class PaymentGateway(ABC):
    """A card payment provider in Stripe's PaymentIntent model.

    An intent is created first (no money moves, so a lost answer costs nothing), then confirmed with
    the shopper's payment method.
    Every call that can move money takes an idempotency key: the same key sent again gets the first
    answer, never a second charge, so a request whose answer was lost can be repeated safely.
    """

    @abstractmethod
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
        """Create a payment intent for amount (in the currency's smallest unit); return its id.

        capture_manual: its confirm only authorises the card (AUTHORISED); intent_capture charges it later, or
        intent_cancel lets the authorisation go (a release's draw, docs/DESIGN.md §11)."""

    @abstractmethod
    def intent_confirm(self, *, intent_id: str, payment_method_id: str | None, idempotency_key: str) -> Charge:
        """Charge the intent with the payment method, or with the one it has (None, after 3-D Secure).

        A card the bank declines, or a payment method the gateway does not know, is a DECLINED charge,
        not an error.
        """

    @abstractmethod
    def intent_retrieve(self, *, intent_id: str) -> Charge:
        """Where the intent stands now, for an order whose last answer was lost."""

    @abstractmethod
    def intent_cancel(self, *, intent_id: str) -> Charge:
        """Give up an intent that was not paid; where it stands after: CANCELED, or SUCCEEDED when it was paid
        before the cancel reached it (then nothing was cancelled)."""

    @abstractmethod
    def intent_capture(self, *, intent_id: str, idempotency_key: str) -> Charge:
        """Charge an AUTHORISED intent its whole amount: SUCCEEDED, or CANCELED when the authorisation was let go or
        expired (nothing charged)."""

    def card_fingerprint(self, *, payment_method_id: str) -> str:
        """The same string for the same card number whatever payment method carries it; "" when not known."""
        return ""

    @abstractmethod
    def refund_create(self, *, intent_id: str, amount: int, idempotency_key: str) -> str:
        """Give back amount (at most what is left of the payment) to the card; return the refund's id."""
