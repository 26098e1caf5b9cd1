"""The checkout (docs/DESIGN.md §5): a cart priced from the catalogue, its stock held, the card charged.

A checkout reserves stock in one short transaction, charges the card outside it, then marks the order
paid or puts the stock back. Whatever fails on the way, no stock stays held and nothing is charged twice.
"""

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from catalog import services as catalog_services

from .. import hooks, pricing, pricing_selectors, selectors
from ..errors import (
    AmountMismatch,
    CardDeclined,
    CartChanged,
    CodeRefused,
    NothingToPay,
    OrderTooLarge,
    PaymentInProgress,
    PaymentMethodUsed,
    PaymentUnavailable,
    ShippingUnavailable,
)
from ..models import Order, OrderLine, ShippingAddress
from ..payments import Charge, ChargeStatus, GatewayUnavailable, PaymentGateway
from ..selectors import CartLine
from ._held import CHARGE_LEASE, gateway, lease_take, order_paid, stock_return
from .pricing import discount_use_take

# The most one card payment may take: Stripe's limit for a charge in dollars ($999,999.99).
MAX_AMOUNT = 99_999_999


@dataclass(frozen=True)
class Checkout:
    """How a checkout ended: paid, or waiting for the browser's 3-D Secure."""

    order: Order
    # Paid by an earlier request with the same payment method: this one only repeated it.
    repeated: bool = False
    client_secret: str = ""

    @property
    def requires_action(self) -> bool:
        return self.order.payment == Order.Payment.REQUIRES_ACTION


def _order_reserve(
    *,
    user: User,
    payment_method_id: str,
    lines: list[CartLine],
    amount: int,
    address: ShippingAddress,
    attempt: hooks.CheckoutAttempt | None = None,
    payment_intent_id: str = "",
    code: str = "",
    shipping_id: int | None = None,
    tax_amounts: pricing.TaxAmounts | None = None,
) -> Order | None:
    """Price the cart and hold its stock for a new order; None when this payment method already has one.

    The price is the quote's (pricing_selectors.cart_quote): the code, the shipping method and the address's tax; an
    order whose payment was authorised before (payment_intent_id) is priced by its goods alone, as it was authorised.

    The hooks' reservers (a release's clock and limit) check the order inside the same transaction, unless it comes
    with its payment already authorised (payment_intent_id: a draw's winner, whom the draw itself chose)."""
    with transaction.atomic():
        cart = selectors.cart_price(lines=lines, lock=True)
        if cart.problems:
            raise CartChanged(lines=cart.problems)
        destination = _destination(address)
        quote = pricing_selectors.cart_quote(
            cart=cart,
            user=user,
            code=code,
            shipping_id=shipping_id,
            destination=destination,
            extras=not payment_intent_id,
            tax_amounts=tax_amounts,
        )
        if quote.refusal:
            raise CodeRefused(quote.refusal)
        if quote.shipping_offered and quote.method is None:
            raise ShippingUnavailable()
        if shipping_id is not None and (quote.method is None or quote.method.pk != shipping_id):
            raise ShippingUnavailable("This shipping method does not serve your address.")
        price = quote.breakdown
        if price.total != amount:
            raise AmountMismatch(
                f"The total is ${price.total / 100:,.2f}, not ${amount / 100:,.2f}; nothing was charged.",
                extra={"amount": price.total},
            )
        if price.total < 1:
            raise NothingToPay()
        if price.total > MAX_AMOUNT:
            raise OrderTooLarge(f"One card payment can take at most ${MAX_AMOUNT / 100:,.2f}; split the order.")
        try:
            with transaction.atomic():
                order = Order.objects.create(
                    user=user,
                    email=user.email,
                    amount=price.total,
                    currency=settings.SHOP_CURRENCY,
                    payment_method_id=payment_method_id,
                    charging_until=timezone.now() + CHARGE_LEASE,
                    ship_name=address.name,
                    ship_state=address.state,
                    ship_city=address.city,
                    ship_line1=address.line1,
                    ship_postal_code=address.postal_code,
                    ship_country=destination.country,
                    payment_intent_id=payment_intent_id,
                    subtotal=price.subtotal,
                    discount=price.discount,
                    shipping_cost=price.shipping,
                    tax=price.tax,
                    tax_included=price.tax_included,
                    shipping_method=quote.method.name if quote.method else "",
                    shipping_estimate=quote.method.estimate if quote.method else "",
                    discount_code=price.code,
                )
        except IntegrityError:
            # The same payment method raced this request and won; its checkout is the one to follow.
            return None
        if not payment_intent_id:
            hooks.checkout_reserving(order=order, lines=cart.lines, attempt=attempt)
        if quote.code_row is not None:
            discount_use_take(code=quote.code_row, order=order, user=user)
        # The breakdown's shares of each line (every line is sold whole here: the cart has no problems).
        shares = {line.index: part for line, part in zip(quote.priced, price.lines, strict=True)}
        # The rows cart_price locked, in this same transaction.
        catalog_services.stock_take(taken=[(line.entry, line.line.quantity) for line in cart.lines])
        # Kept on the order for the checkout's answer (selectors.order_just_paid), with the shoes cart_price read.
        order.lines_listed = OrderLine.objects.bulk_create(
            OrderLine(
                order=order,
                shoe=line.entry.shoe,
                stock_entry=line.entry,
                name=line.entry.shoe.name,
                brand=line.entry.shoe.brand.name,
                size=line.line.size,
                quantity=line.line.quantity,
                unit_price=line.unit_price,
                discount=shares[line.index].discount,
                tax=shares[line.index].tax,
            )
            for line in cart.lines
        )
    return order


def _destination(address: ShippingAddress) -> pricing_selectors.Destination:
    return pricing_selectors.destination_of(
        country=address.country, state=address.state, postal_code=address.postal_code
    )


def _stripe_tax_asked(
    *, user: User, lines: list[CartLine], address: ShippingAddress, code: str, shipping_id: int | None
) -> pricing.TaxAmounts | None:
    """Stripe Tax's amounts for the cart, asked before the reservation's transaction (which calls nothing out); the
    reservation checks they were for the amounts it prices. None without Stripe Tax, or for a cart the reservation
    will refuse anyway."""
    if not pricing_selectors.stripe_tax_on():
        return None
    cart = selectors.cart_price(lines=lines)
    if cart.problems:
        return None
    quote = pricing_selectors.cart_quote(
        cart=cart, user=user, code=code, shipping_id=shipping_id, destination=_destination(address)
    )
    return quote.tax_amounts


def _charge_record(*, order: Order, charge: Charge) -> Charge:
    """Move the order on by what the gateway answered, or raise what the shopper is to be told."""
    if charge.status == ChargeStatus.SUCCEEDED:
        order_paid(order=order)
    elif charge.status == ChargeStatus.REQUIRES_ACTION:
        Order.objects.filter(pk=order.pk).update(
            payment=Order.Payment.REQUIRES_ACTION, charging_until=None, updated_at=timezone.now()
        )
        order.payment, order.charging_until = Order.Payment.REQUIRES_ACTION, None
    elif charge.status in (ChargeStatus.DECLINED, ChargeStatus.CANCELED):
        message = charge.decline_message or CardDeclined.message
        stock_return(order=order, payment=Order.Payment.DECLINED, decline_message=message)
        raise CardDeclined(message)
    else:
        # Unconfirmed or still processing at the gateway: keep the stock held and let a later request
        # (or release_stale_reservations) find out how it ended.
        Order.objects.filter(pk=order.pk).update(charging_until=None)
        raise PaymentInProgress()
    return charge


def _order_charge(*, order: Order, gateway: PaymentGateway) -> Charge:
    """Charge a held order this request has the lease on, outside any transaction."""
    prefix = order.idempotency_prefix
    if not order.payment_intent_id:
        try:
            intent_id = gateway.intent_create(
                amount=order.amount,
                currency=order.currency,
                idempotency_key=f"{prefix}-create",
                description=f"{settings.SHOP_NAME} order {order.pk}",
                receipt_email=order.email,
                metadata={"order": str(order.pk), "uid": order.user.uid},
            )
        except GatewayUnavailable as error:
            # No intent, so nothing was charged: the pairs go back and the shopper may simply retry.
            stock_return(order=order, payment=Order.Payment.RELEASED)
            raise PaymentUnavailable() from error
        Order.objects.filter(pk=order.pk).update(payment_intent_id=intent_id)
        order.payment_intent_id = intent_id
    try:
        charge = gateway.intent_confirm(
            intent_id=order.payment_intent_id,
            # After 3-D Secure the intent already has the payment method.
            payment_method_id=order.payment_method_id if order.confirmations == 0 else None,
            idempotency_key=f"{prefix}-confirm-{order.confirmations}",
        )
    except GatewayUnavailable as error:
        # The charge may or may not have happened: the stock stays held, and the same request sent again
        # asks again with the same idempotency key, which can never charge twice.
        Order.objects.filter(pk=order.pk).update(charging_until=None)
        raise PaymentUnavailable(
            "The card service did not answer; please try again in a moment. You will not be charged twice."
        ) from error
    return _charge_record(order=order, charge=charge)


def _checkout_resume(*, order: Order, user: User, gateway: PaymentGateway) -> Checkout:
    """The same payment method again: the first order's outcome, or its charge carried on."""
    if order.user_id != user.pk:
        raise PaymentMethodUsed()
    order.user = user
    if order.payment == Order.Payment.PAID:
        return Checkout(order=order, repeated=True)
    if order.payment == Order.Payment.DECLINED:
        raise CardDeclined(order.decline_message or None)
    if not lease_take(order=order):
        raise PaymentInProgress()
    charge = _order_charge(order=order, gateway=gateway)
    return Checkout(order=order, client_secret=charge.client_secret)


def order_checkout(
    *,
    user: User,
    payment_method_id: str,
    lines: list[CartLine],
    amount: int,
    address: ShippingAddress,
    attempt: hooks.CheckoutAttempt | None = None,
    code: str = "",
    shipping_id: int | None = None,
) -> Checkout:
    """Pay for a cart: price it from the catalogue, hold its stock, charge the card, then keep or give back.

    A total that differs from the catalogue's (amount, in cents) is refused before anything is held.
    The same payment method sent again gives the first checkout's outcome and never a second charge.
    address is where to ship, kept on the order as it is now; attempt is what the hooks' guards saw of the request.
    code and shipping_id are the discount code typed and the shipping method chosen (the cheapest serving when None).
    """
    card_gateway = gateway()
    tax_amounts = _stripe_tax_asked(user=user, lines=lines, address=address, code=code, shipping_id=shipping_id)
    for _attempt in range(3):
        existing = selectors.order_find_live(payment_method_id=payment_method_id)
        if existing is not None:
            return _checkout_resume(order=existing, user=user, gateway=card_gateway)
        order = _order_reserve(
            user=user,
            payment_method_id=payment_method_id,
            lines=lines,
            amount=amount,
            address=address,
            attempt=attempt,
            code=code,
            shipping_id=shipping_id,
            tax_amounts=tax_amounts,
        )
        if order is not None:
            order.user = user
            charge = _order_charge(order=order, gateway=card_gateway)
            return Checkout(order=order, client_secret=charge.client_secret)
        # Lost the race for this payment method to a request now past its insert: follow that one.
    raise PaymentInProgress()
