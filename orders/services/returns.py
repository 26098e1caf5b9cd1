"""Returns and exchanges asked for by the buyer (docs/DESIGN.md §5): pairs of a shipped or received order within
SHOP_RETURN_DAYS, for a refund (through order_refund) or another size of the same shoe (held when asked)."""

from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from accounts.models import User
from activity import services as activity
from catalog import services as catalog_services
from catalog.models import StockEntry, size_label
from mailing.services import mail_queue

from ..errors import OrderNotFound, ReturnClosed, ReturnInvalid
from ..mails import ORDER_RETURN
from ..models import Order, OrderLine, ReturnPair, ReturnRequest
from .after_sale import order_refund
from .fulfilment import order_ship


def return_window_start(*, order: Order):
    """When the return window opened: the order's received_at, or its first parcel's shipped_at when it was never
    marked received; None before it shipped."""
    if order.received_at:
        return order.received_at
    first = order.shipments.filter(exchange=False).order_by("shipped_at").first()
    return first.shipped_at if first else None


def _mail(request: ReturnRequest) -> None:
    mail_queue(
        kind=ORDER_RETURN,
        to=request.order.email,
        context={"order": request.order_id, "return": request.pk, "status": request.status},
    )


def return_request(
    *, user: User, order: Order, pairs: dict[int, int], reason: str, exchange_size: Decimal | None = None
) -> ReturnRequest:
    """The buyer's request: {line id: pairs}, a reason, and for an exchange the new size (one line's pairs, held
    from stock now). The order's row is locked first, so of two requests for the same last pair one is refused."""
    with transaction.atomic():
        locked = Order.objects.select_for_update().filter(pk=order.pk, payment=Order.Payment.PAID).first()
        if locked is None or locked.user_id != user.pk:
            raise OrderNotFound()
        if locked.status not in (Order.Status.SHIPPED, Order.Status.RECEIVED):
            raise ReturnInvalid("Only the pairs of a shipped or received order can be returned.")
        start = return_window_start(order=locked)
        if start is None or timezone.now() > start + timedelta(days=settings.SHOP_RETURN_DAYS):
            raise ReturnInvalid(f"Pairs can be returned within {settings.SHOP_RETURN_DAYS} days of delivery only.")
        lines = {line.pk: line for line in OrderLine.objects.filter(order=locked)}
        asked = {line_id: count for line_id, count in pairs.items() if count > 0}
        if not asked:
            raise ReturnInvalid("Choose the pairs to return.")
        taken = dict(
            ReturnPair.objects.filter(line__order=locked)
            .values_list("line_id")
            .annotate(n=Count("id"))
            .values_list("line_id", "n")
        )
        refunded_by_returns = dict(
            ReturnPair.objects.filter(line__order=locked, request__status=ReturnRequest.Status.REFUNDED)
            .values_list("line_id")
            .annotate(n=Count("id"))
            .values_list("line_id", "n")
        )
        for line_id, count in asked.items():
            line = lines.get(line_id)
            if line is None:
                raise ReturnInvalid("That line is not part of this order.")
            refunded_otherwise = line.refunded_quantity - refunded_by_returns.get(line_id, 0)
            left = line.quantity - refunded_otherwise - taken.get(line_id, 0)
            if count > left:
                raise ReturnInvalid(f"Only {max(left, 0)} pairs of {line.name} size {line.size_label} can be returned.")
        entry = None
        if exchange_size is not None:
            if len(asked) != 1:
                raise ReturnInvalid("An exchange is for the pairs of one shoe.")
            [(line_id, count)] = asked.items()
            line = lines[line_id]
            if line.shoe_id is None or Decimal(exchange_size) == line.size:
                raise ReturnInvalid("Choose another size of the same shoe.")
            entry = StockEntry.objects.select_for_update().filter(shoe_id=line.shoe_id, size=exchange_size).first()
            if entry is None or entry.quantity < count:
                raise ReturnInvalid(f"Size {size_label(Decimal(exchange_size))} is sold out.")
            catalog_services.stock_take(taken=[(entry, count)])
        request = ReturnRequest.objects.create(
            order=locked,
            reason=reason,
            kind=ReturnRequest.Kind.EXCHANGE if entry else ReturnRequest.Kind.REFUND,
            exchange_size=exchange_size if entry else None,
            exchange_entry=entry,
        )
        # Pairs are never deleted, so a line's numbers run 1..taken: the next ones follow.
        ReturnPair.objects.bulk_create(
            ReturnPair(request=request, line_id=line_id, number=taken.get(line_id, 0) + i)
            for line_id, count in asked.items()
            for i in range(1, count + 1)
        )
        activity.record(
            user, "order.return", locked, before={}, after={"return": request.pk, "kind": request.kind, "pairs": asked}
        )
        _mail(request)
    return request


def _locked(request: ReturnRequest, *, allowed: tuple[str, ...]) -> ReturnRequest:
    locked = ReturnRequest.objects.select_for_update().select_related("order").get(pk=request.pk)
    if locked.status not in allowed:
        raise ReturnClosed()
    return locked


def _set(actor: User, request: ReturnRequest, status: str) -> None:
    before = request.status
    request.status = status
    request.save(update_fields=["status", "shipment", "updated_at"])
    activity.record(
        actor,
        "order.return_" + status.lower().replace(" ", "_"),
        request.order,
        before={"return": request.pk, "status": before},
        after={"return": request.pk, "status": status},
    )
    _mail(request)


def return_receive(*, actor: User, request: ReturnRequest) -> ReturnRequest:
    """The admin has the pairs in hand."""
    with transaction.atomic():
        locked = _locked(request, allowed=(ReturnRequest.Status.REQUESTED,))
        _set(actor, locked, ReturnRequest.Status.RECEIVED)
    return locked


def _pairs(request: ReturnRequest) -> dict[int, int]:
    return dict(request.pairs.values_list("line_id").annotate(n=Count("id")).values_list("line_id", "n"))


def return_approve(
    *, actor: User, request: ReturnRequest, carrier: str = "", tracking_number: str = ""
) -> ReturnRequest:
    """Once, after the pairs were received: a refund goes through order_refund with the pairs (money back, stock
    back); an exchange ships the held size as a new parcel at no charge and puts the returned pairs back."""
    with transaction.atomic():
        locked = _locked(request, allowed=(ReturnRequest.Status.RECEIVED,))
        pairs = _pairs(locked)
        if locked.kind == ReturnRequest.Kind.REFUND:
            order_refund(order=locked.order, by=actor, pairs=pairs)
            _set(actor, locked, ReturnRequest.Status.REFUNDED)
        else:
            locked.shipment = order_ship(
                actor=actor, order=locked.order, carrier=carrier, tracking_number=tracking_number, exchange=True
            )
            back = {}
            for line in OrderLine.objects.filter(pk__in=pairs, stock_entry__isnull=False):
                back[line.stock_entry_id] = back.get(line.stock_entry_id, 0) + pairs[line.pk]
            if back:
                catalog_services.stock_release(pairs=back)
            _set(actor, locked, ReturnRequest.Status.EXCHANGE_SHIPPED)
    return locked


def return_refuse(*, actor: User, request: ReturnRequest) -> ReturnRequest:
    """Refused: an exchange's held size goes back to stock; its pairs are not asked for again."""
    with transaction.atomic():
        locked = _locked(request, allowed=ReturnRequest.OPEN)
        if locked.kind == ReturnRequest.Kind.EXCHANGE and locked.exchange_entry_id:
            catalog_services.stock_release(pairs={locked.exchange_entry_id: sum(_pairs(locked).values())})
        _set(actor, locked, ReturnRequest.Status.REFUSED)
    return locked
