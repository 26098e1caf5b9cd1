"""Writes on orders (docs/DESIGN.md §5), the one door to them for other apps and for this app's views, tasks, admin
and commands: the checkout, after the sale (status, refunds, cancels), Stripe's events as the webhook's task applies
them, the stale reservations and the shoppers' address books. Helpers the modules share are in _held.py, which
nothing outside reaches."""

from ._held import CHARGE_LEASE, order_confirmation_queue
from .addresses import (
    saved_address_create,
    saved_address_default_set,
    saved_address_delete,
    saved_address_keep,
    saved_address_update,
)
from .after_sale import order_cancel, order_refund, order_status_set
from .authorised import order_place_authorised
from .checkout import MAX_AMOUNT, Checkout, order_checkout
from .forget import orders_personal_details_forget
from .fulfilment import order_ship
from .payment_events import webhook_event_handle, webhook_event_verify
from .pricing import (
    discount_use_give_back,
    discount_use_take,
    shipping_method_delete,
    shipping_method_save,
    signals_connect,
)
from .returns import return_approve, return_receive, return_refuse, return_request, return_window_start
from .stale import StaleReport, reservations_release_stale

__all__ = [
    "CHARGE_LEASE",
    "MAX_AMOUNT",
    "Checkout",
    "StaleReport",
    "discount_use_give_back",
    "discount_use_take",
    "order_cancel",
    "order_checkout",
    "order_confirmation_queue",
    "order_place_authorised",
    "order_refund",
    "order_ship",
    "order_status_set",
    "orders_personal_details_forget",
    "reservations_release_stale",
    "return_approve",
    "return_receive",
    "return_refuse",
    "return_request",
    "return_window_start",
    "saved_address_create",
    "saved_address_default_set",
    "saved_address_delete",
    "saved_address_keep",
    "saved_address_update",
    "shipping_method_delete",
    "shipping_method_save",
    "signals_connect",
    "webhook_event_handle",
    "webhook_event_verify",
]  # fmt: skip
