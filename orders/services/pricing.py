"""Writes of pricing (docs/DESIGN.md §5, "Pricing"): a discount code's use counted by the checkout's reservation and
given back when its payment fails, and the operator's shipping methods."""

from uuid import uuid4

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.db.models.signals import post_delete, post_save

from accounts.models import User
from activity import services as activity

from ..errors import CodeRefused
from ..models import DiscountCode, DiscountUse, Order, ShippingMethod, TaxRate
from ..pricing import CodeRefusal
from ..pricing_selectors import TABLES_VERSION_KEY


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


def pricing_tables_changed() -> None:
    """Move the pricing tables' version on (orders.pricing_selectors.pricing_tables): now, so that a read later in
    the writer's own transaction sees its write, and again once it commits, so that a read made in between and kept
    under the first new version is not kept any longer. robust: a failed move must not undo a committed write."""
    _tables_version_move()
    transaction.on_commit(_tables_version_move, robust=True)


def _tables_version_move() -> None:
    cache.set(TABLES_VERSION_KEY, uuid4().hex, timeout=None)


def _table_row_changed(sender, **kwargs) -> None:
    pricing_tables_changed()


def signals_connect() -> None:
    """Every save and delete of a shipping method or a tax rate moves the tables' version on: this module's writes,
    the Django admin's and the demo's alike (like the catalogue's version, catalog/services/version.py)."""
    for model in (ShippingMethod, TaxRate):
        name = model._meta.model_name
        post_save.connect(_table_row_changed, sender=model, dispatch_uid=f"pricing_tables_{name}_save")
        post_delete.connect(_table_row_changed, sender=model, dispatch_uid=f"pricing_tables_{name}_delete")
