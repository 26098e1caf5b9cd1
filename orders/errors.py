"""Errors of the checkout and of orders; none of them leaves anything charged or any stock held."""

from rest_framework import status

from shopsite.errors import Conflict, NotFound, ShopError


class CartChanged(Conflict):
    """Lines of the cart no longer match the shop: gone, repriced or short of stock."""

    code = "cart_changed"
    message = "Some shoes in your cart changed since you added them; check them and pay again."

    def __init__(self, *, lines: list):
        super().__init__()
        # The selectors' PricedLine of each line to fix; the API answers them beside the message.
        self.lines = lines


class AmountMismatch(Conflict):
    """The shopper saw a different total from the one the shop charges."""

    code = "amount_mismatch"


class PaymentInProgress(Conflict):
    code = "payment_in_progress"
    message = "This payment is already being processed; wait a moment before trying again."


class PaymentMethodUsed(Conflict):
    code = "payment_method_used"
    message = "This card payment belongs to another checkout; enter your card again."


class OrderTooLarge(ShopError):
    code = "amount_too_large"


class CardDeclined(ShopError):
    status_code = status.HTTP_402_PAYMENT_REQUIRED
    code = "card_declined"
    message = "Your card was declined."


class PaymentUnavailable(ShopError):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    code = "payment_unavailable"
    message = "The card service did not answer and nothing was charged; please try again in a moment."


class OrderNotFound(NotFound):
    message = "There is no such order."


class OrderCancelled(Conflict):
    code = "order_cancelled"
    message = "This order was cancelled."


class NothingToRefund(Conflict):
    code = "nothing_to_refund"
    message = "Every pair of this order was refunded already."


class RefundInvalid(ShopError):
    code = "refund_invalid"


class WebhookRefused(Exception):
    """An event not signed with the endpoint's secret, signed too long ago, or not an event at all."""


class CodeRefused(Conflict):
    """The discount code sent cannot apply now: its one sentence (orders.pricing.CodeRefusal) is the detail."""

    code = "code_refused"


class ShippingUnavailable(ShopError):
    code = "shipping_unavailable"
    message = "We do not ship to this address."


class NothingToPay(ShopError):
    code = "nothing_to_pay"
    message = "There is nothing to pay."


class ShippingMethodNotFound(NotFound):
    message = "There is no such shipping method."


class TaxUnavailable(ShopError):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    code = "tax_unavailable"
    message = "The tax could not be computed right now and nothing was charged; please try again in a moment."


class PriceMoved(Conflict):
    code = "price_moved"
    message = "The price changed while you were paying and nothing was charged; check the total and pay again."


class ShipmentInvalid(ShopError):
    code = "shipment_invalid"
    message = "That is not a tracking number of this carrier."


class ReturnInvalid(ShopError):
    code = "return_invalid"


class ReturnClosed(Conflict):
    code = "return_closed"
    message = "This return was already decided."


class SavedAddressNotFound(NotFound):
    message = "There is no such address in your address book."


class AddressBookFull(Conflict):
    code = "address_book_full"


class AddressDuplicate(Conflict):
    code = "address_duplicate"
    message = "This address is already in your address book."


class DefaultAddressNeeded(ShopError):
    code = "default_address_needed"
    message = "Make another address the default instead."
