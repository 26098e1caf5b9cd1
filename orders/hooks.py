"""Where other apps join the checkout without orders knowing them (releases registers here, docs/DESIGN.md §11).

Two points: a guard around the whole checkout request (before anything is held: challenges, rate limits, a gate on
how many checkouts run at once, the card's fingerprint) and a check inside the transaction that holds the stock (the
release's clock and its per-person limit, with rows that serialise one person's checkouts). Either refuses by
raising a ShopError (or DRF's Throttled); the transaction then rolls back and nothing is held or charged.
"""

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, field

from .models import Order, ShippingAddress


@dataclass
class CheckoutAttempt:
    """One checkout request as the guards see it; a guard may fill in what it learnt (the card's fingerprint)."""

    user: object
    payment_method_id: str
    # selectors.CartLine of the cart, as sent.
    lines: list
    address: ShippingAddress
    # The gateway's fingerprint of the card (Stripe's payment_method.card.fingerprint), when a guard asked for it.
    card_fingerprint: str = ""
    # The request's headers and body, for a guard that reads its own field (a challenge's token).
    request: object = None
    extra: dict = field(default_factory=dict)


Guard = Callable[[CheckoutAttempt], AbstractContextManager]
Reserver = Callable[..., None]

_guards: list[Guard] = []
_reservers: list[Reserver] = []


def checkout_guard(guard: Guard) -> Guard:
    """Register a guard: called with the attempt, it returns a context manager the checkout runs inside."""
    if guard not in _guards:
        _guards.append(guard)
    return guard


def checkout_reserver(reserver: Reserver) -> Reserver:
    """Register a check run inside the reserving transaction: reserver(order=, lines=, attempt=) with the priced
    lines (selectors.PricedLine, their stock rows locked) and the new order, before its pairs are taken."""
    if reserver not in _reservers:
        _reservers.append(reserver)
    return reserver


@contextmanager
def checkout_guarded(attempt: CheckoutAttempt) -> Iterator[None]:
    with ExitStack() as stack:
        for guard in _guards:
            stack.enter_context(guard(attempt))
        yield


def checkout_reserving(*, order: Order, lines: list, attempt: CheckoutAttempt | None) -> None:
    for reserver in _reservers:
        reserver(order=order, lines=lines, attempt=attempt)
