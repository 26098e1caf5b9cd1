"""Reads of orders and of Stripe's stored events, and the pricing of a cart from the catalogue."""

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db.models import Count, F, Prefetch, Q, QuerySet, Sum, prefetch_related_objects
from django.db.models.functions import TruncDate
from django.utils import timezone

from catalog import selectors as catalog_selectors
from catalog.models import StockEntry

from .errors import OrderNotFound, SavedAddressNotFound
from .models import Order, OrderLine, ReturnRequest, SavedAddress, WebhookEvent

# Payment states in which an order holds stock.
HELD = [Order.Payment.RESERVED, Order.Payment.REQUIRES_ACTION]


@dataclass(frozen=True)
class CartLine:
    """A line as the browser's cart holds it; the price is what the shopper saw, never what is charged."""

    shoe_id: int
    size: Decimal
    quantity: int
    price: Decimal | None = None


class Problem:
    SHOE_GONE = "shoe_gone"
    SIZE_GONE = "size_gone"
    PRICE_CHANGED = "price_changed"
    OUT_OF_STOCK = "out_of_stock"


@dataclass(frozen=True)
class PricedLine:
    index: int
    line: CartLine
    # None when the shoe or its size is gone.
    entry: StockEntry | None
    problem: str | None

    @property
    def unit_price(self) -> int:
        """Cents, from the catalogue: what the shoe sells for now (its sale price while on sale with one)."""
        return to_cents(self.entry.shoe.price_now)

    @property
    def regular_price(self) -> int:
        """Cents, the shoe's regular price: a line is reduced when its unit_price is below it."""
        return to_cents(self.entry.shoe.price)

    @property
    def available(self) -> int:
        return self.entry.quantity if self.entry else 0


@dataclass(frozen=True)
class PricedCart:
    lines: list[PricedLine]

    @property
    def problems(self) -> list[PricedLine]:
        return [line for line in self.lines if line.problem]

    @property
    def amount(self) -> int:
        """Cents for what can be sold as the lines stand: each line that is not gone, at most what is in stock."""
        return sum(line.unit_price * min(line.line.quantity, line.available) for line in self.lines if line.entry)


def to_cents(dollars: Decimal) -> int:
    return int(dollars * 100)


def cart_price(*, lines: list[CartLine], lock: bool = False) -> PricedCart:
    """Each line priced and checked against the catalogue, in one query (two when a line is gone).

    With lock, the stock rows are locked in the order of their ids (catalog.selectors.stock_entries_find says why):
    call it inside a transaction then.
    """
    entries = catalog_selectors.stock_entries_find(sizes=[(line.shoe_id, line.size) for line in lines], lock=lock)
    found = {(entry.shoe_id, entry.size): entry for entry in entries}
    missing = {line.shoe_id for line in lines if (line.shoe_id, line.size) not in found}
    shoes_left = catalog_selectors.shoe_ids_in_shop(shoe_ids=missing)

    priced = []
    for index, line in enumerate(lines):
        entry = found.get((line.shoe_id, line.size))
        if entry is None:
            problem = Problem.SIZE_GONE if line.shoe_id in shoes_left else Problem.SHOE_GONE
        elif line.price is not None and line.price != entry.shoe.price_now:
            problem = Problem.PRICE_CHANGED
        elif line.quantity > entry.quantity:
            problem = Problem.OUT_OF_STOCK
        else:
            problem = None
        priced.append(PricedLine(index=index, line=line, entry=entry, problem=problem))
    return PricedCart(lines=priced)


def _lines() -> Prefetch:
    """An order's lines with their shoes, as `lines_listed`."""
    return Prefetch("lines", queryset=OrderLine.objects.select_related("shoe"), to_attr="lines_listed")


def _with_lines(orders: QuerySet[Order], *, after_sale: bool = True) -> QuerySet[Order]:
    """Orders with their lines and shoes as `lines_listed`, and (after_sale) their shipments and returns as
    `shipments_listed` and `returns_listed`, which OrderOutput reads."""
    orders = orders.select_related("user").prefetch_related(_lines())
    if not after_sale:
        return orders
    return orders.prefetch_related(
        Prefetch("shipments", to_attr="shipments_listed"),
        Prefetch("returns", queryset=ReturnRequest.objects.prefetch_related("pairs"), to_attr="returns_listed"),
    )


def order_list() -> QuerySet[Order]:
    """Every paid order, newest first: what the admin's Clients / orders table lists."""
    return _with_lines(Order.objects.filter(payment=Order.Payment.PAID))


def order_list_for_user(*, uid: str) -> QuerySet[Order]:
    return order_list().filter(user__uid=uid)


def order_get(*, id_payment: str, user, just_paid: bool = False) -> Order:
    """A paid order by its payment id, for its owner or an admin; anyone else is told it does not exist.

    just_paid: the checkout's answer for the order its request has just paid, which has shipped nothing and has no
    return yet: neither is read (two queries of every checkout).
    """
    orders = _with_lines(Order.objects.filter(payment=Order.Payment.PAID), after_sale=not just_paid)
    orders = orders.filter(payment_intent_id=id_payment)
    if not user.is_shop_admin:
        orders = orders.filter(user=user)
    try:
        order = orders.get()
    except Order.DoesNotExist:
        raise OrderNotFound() from None
    if just_paid:
        order.shipments_listed, order.returns_listed = [], []
    return order


def order_just_paid(*, order: Order, user) -> Order:
    """The order the checkout's request has just paid, for its answer: its row as this request wrote it, with its lines
    as the request wrote them (services.checkout keeps them as `lines_listed`; read in one query otherwise) and no
    shipment or return yet. An order another request settled first (order_paid found it paid: this one never set
    paid_at) is read whole (order_get)."""
    if order.paid_at is None:
        return order_get(id_payment=order.payment_intent_id, user=user, just_paid=True)
    if not hasattr(order, "lines_listed"):
        prefetch_related_objects([order], _lines())
    order.shipments_listed, order.returns_listed = [], []
    return order


def order_find_live(*, payment_method_id: str) -> Order | None:
    """The checkout already made with this payment method, unless it was released."""
    return Order.objects.filter(payment_method_id=payment_method_id).exclude(payment=Order.Payment.RELEASED).first()


def orders_stale(*, before) -> QuerySet[Order]:
    """Checkouts still holding stock that started before the time given; one flagged for a person (payment_problem)
    is theirs to settle, not the job's."""
    return Order.objects.filter(payment__in=HELD, created_at__lt=before, payment_problem="").order_by(
        "created_at", "id"
    )


def order_find_by_intent(*, intent_id: str) -> Order | None:
    """The order a gateway's payment intent belongs to, if it is this shop's."""
    return Order.objects.filter(payment_intent_id=intent_id).first()


def webhook_events_pending(*, older_than: timedelta) -> list[int]:
    """Events stored and not handled after older_than: their task was lost with the broker."""
    before = timezone.now() - older_than
    return list(
        WebhookEvent.objects.filter(handled_at__isnull=True, received_at__lt=before)
        .order_by("received_at", "id")
        .values_list("pk", flat=True)[:500]
    )


def shoe_received_by(*, user, shoe_id: int) -> bool:
    """Whether the user has a paid order of that shoe that reached them (status Received)."""
    return OrderLine.objects.filter(
        order__user=user,
        order__payment=Order.Payment.PAID,
        order__status=Order.Status.RECEIVED,
        shoe_id=shoe_id,
    ).exists()


@dataclass(frozen=True)
class SalesDay:
    """One day's paid orders (docs/DESIGN.md §5, "Sales figures"), cents. amount is the net: what the shop kept, tax
    excluded (amount charged - refunded - (tax - tax refunded)), so gross - discounts + shipping - refunds when prices
    exclude tax; refunds are the money given back less its tax; tax is what was collected less what went back."""

    day: date
    amount: int
    orders: int
    gross: int = 0
    discounts: int = 0
    shipping: int = 0
    tax: int = 0
    refunds: int = 0


@dataclass(frozen=True)
class OrderStats:
    """The dashboard's tiles and chart, from paid orders, net of refunds and without tax."""

    pairs: int
    orders: int
    amount: int
    days: list[SalesDay]


# What the shop kept of an order: charged, less refunds, less the tax it collects for the state (net of tax refunded).
NET = Sum(F("amount") - F("refunded") - F("tax") + F("refunded_tax"))
DAY_FIGURES = {
    "amount": NET,
    "orders": Count("id"),
    "gross": Sum("subtotal"),
    "discounts": Sum("discount"),
    "shipping": Sum("shipping_cost"),
    "tax": Sum(F("tax") - F("refunded_tax")),
    "refunds": Sum(F("refunded") - F("refunded_tax")),
}


def order_stats(*, days: int = 30, today: date | None = None) -> OrderStats:
    """Totals and sales by day (UTC) for the last `days` days, today included; three queries whatever the size."""
    paid = Order.objects.filter(payment=Order.Payment.PAID)
    # Net of refunds: a refund counts on the day of its sale, so the chart's past days move too.
    totals = paid.aggregate(orders=Count("id"), amount=NET)
    pairs = OrderLine.objects.filter(order__payment=Order.Payment.PAID).aggregate(
        pairs=Sum(F("quantity") - F("refunded_quantity"))
    )["pairs"]
    today = today or timezone.now().date()
    first = today - timedelta(days=days - 1)
    by_day = {
        row["day"]: row
        for row in paid.filter(paid_at__date__gte=first)
        .annotate(day=TruncDate("paid_at"))
        .values("day")
        .annotate(**DAY_FIGURES)
        .order_by()
    }
    return OrderStats(
        pairs=pairs or 0,
        orders=totals["orders"],
        amount=totals["amount"] or 0,
        days=[
            SalesDay(day=day, **{name: by_day.get(day, {}).get(name) or 0 for name in DAY_FIGURES})
            for day in (first + timedelta(days=offset) for offset in range(days))
        ],
    )


def returns_in_progress(*, user) -> bool:
    """Whether any order of this user has a return not decided yet (Requested or Received): an account with one
    is not deleted until it is."""
    return ReturnRequest.objects.filter(order__user=user, status__in=ReturnRequest.OPEN).exists()


def returns_open() -> QuerySet:
    """The returns an admin has to act on, oldest first, with their order and pairs in constant queries."""
    return (
        ReturnRequest.objects.filter(status__in=ReturnRequest.OPEN)
        .select_related("order", "order__user")
        .prefetch_related("pairs__line")
        .order_by("created_at", "id")
    )


def return_get(*, pk: int) -> ReturnRequest:
    try:
        return ReturnRequest.objects.select_related("order", "order__user").get(pk=pk)
    except ReturnRequest.DoesNotExist:
        raise OrderNotFound("There is no such return.") from None


# Stripe's dispute statuses that are over (won, lost, or a warning closed): any other is still being decided.
DISPUTES_OVER = {"won", "lost", "warning_closed"}


def payment_in_progress(*, user) -> bool:
    """Whether money of this user's is still moving: a checkout holding stock or being charged now, or a dispute
    being decided. An account with one is not deleted until it is settled."""
    return (
        Order.objects.filter(user=user)
        .filter(
            Q(payment__in=HELD)
            | Q(charging_until__gt=timezone.now())
            | (~Q(dispute="") & ~Q(dispute__in=DISPUTES_OVER))
        )
        .exists()
    )


def saved_address_list(*, user) -> QuerySet[SavedAddress]:
    """The shopper's address book, the default first, then the newest (at most MAX_SAVED_ADDRESSES: one read)."""
    return SavedAddress.objects.filter(user=user).order_by("-is_default", "-created_at", "-id")


def saved_address_get(*, user, pk: int) -> SavedAddress:
    """One of the shopper's own addresses; anyone else's is not found, as one that never was."""
    try:
        return SavedAddress.objects.get(user=user, pk=pk)
    except SavedAddress.DoesNotExist as missing:
        raise SavedAddressNotFound() from missing
