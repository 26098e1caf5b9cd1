"""Writes of pricing (docs/DESIGN.md §5, "Pricing"): a discount code's use counted by the checkout's reservation and
given back when its payment fails, and the operator's shipping methods."""

from django.db import IntegrityError, transaction
from django.db.models import F, Q

from accounts.models import User
from activity import services as activity

from ..errors import CodeRefused
from ..models import DiscountCode, DiscountUse, Order, ShippingMethod, TaxRate
from ..pricing import CodeRefusal
from ..pricing_selectors import PRICING_TABLES


def discount_use_take(*, code: DiscountCode, order: Order, user: User) -> None:
    """Count a use of the code for the order, inside the reservation's transaction: exactly once, even when two
    shoppers race for its last use (a conditional UPDATE: the second waits on the row's lock, then finds the cap
    reached and updates nothing) or one customer pays twice at once (the once-per-customer unique index)."""
    counted = (
        DiscountCode.objects.filter(pk=code.pk)
        .filter(Q(max_uses__isnull=True) | Q(uses__lt=F("max_uses")))
        .update(uses=F("uses") + 1)
    )
    if not counted:
        raise CodeRefused(CodeRefusal.USED_UP)
    try:
        # No savepoint: a refusal ends the whole reservation, whose transaction rolls back.
        DiscountUse.objects.create(code=code, order=order, user=user, once_per_customer=code.once_per_customer)
    except IntegrityError:
        raise CodeRefused(CodeRefusal.ALREADY_USED) from None


def discount_use_give_back(*, order: Order) -> None:
    """The use of an order whose payment failed or was given up, given back: its code may be used again."""
    if not order.discount_code:
        return
    use = DiscountUse.objects.filter(order=order).first()
    if use is None:
        return
    use.delete()
    DiscountCode.objects.filter(pk=use.code_id, uses__gt=0).update(uses=F("uses") - 1)


SHIPPING_FIELDS = ["name", "price", "estimate", "free_above", "regions", "active", "position"]


def shipping_method_save(*, actor: User, method: ShippingMethod | None = None, **fields) -> ShippingMethod:
    """Create a shipping method, or change the one given, with the fields given."""
    with transaction.atomic():
        before = {name: getattr(method, name) for name in fields} if method else {}
        method = method or ShippingMethod()
        for name, value in fields.items():
            setattr(method, name, value)
        method.save()
        activity.record(
            actor, "shipping_method.change" if before else "shipping_method.create", method, before=before, after=fields
        )
    return method


def shipping_method_delete(*, actor: User, method: ShippingMethod) -> None:
    """Orders keep the name and estimate they were shipped with: deleting a method changes none of them."""
    with transaction.atomic():
        activity.record(actor, "shipping_method.delete", method, before={"name": method.name}, after={})
        method.delete()


def signals_connect() -> None:
    """Every save and delete of a shipping method or a tax rate moves the pricing tables' version on
    (shopsite/kept.py)."""
    PRICING_TABLES.moved_by(ShippingMethod, TaxRate)
