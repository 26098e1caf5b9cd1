"""Brands: made once whatever their case, deleted only once no shoe (archived ones included) names them; each may have
a size guide of its own (issue 31)."""

from django.db import IntegrityError, transaction
from django.db.models import Count, ProtectedError

from activity import services as activity

from ..errors import BrandInUse, DuplicateBrand
from ..models import IN_SHOP, Brand
from ..size_guides import SizeGuideRow


def brand_create(*, actor: activity.Actor, name: str) -> Brand:
    try:
        with transaction.atomic():
            brand = Brand.objects.create(name=name)
            activity.record(actor, "brand.create", brand, after={"name": name})
            return brand
    except IntegrityError:
        # Two admins created the same brand at once; the unique index caught the second.
        raise DuplicateBrand(f"The brand {name} already exists", field="name") from None


def brand_size_guide_set(*, actor: activity.Actor, brand: Brand, rows: list[SizeGuideRow]) -> Brand:
    """Give the brand its own size guide, rows checked by catalog.size_guides.size_guide_clean; none: the shop's chart.

    The save moves the catalogue version (services/version.py's signal), so the kept brand answers follow.
    """
    with transaction.atomic():
        # Locked: of two admins saving at once, each records the guide the other left as its "before".
        before = Brand.objects.select_for_update().values_list("size_guide", flat=True).get(pk=brand.pk)
        brand.size_guide = rows
        brand.save(update_fields=["size_guide", "updated_at"])
        activity.record(actor, "brand.size_guide", brand, before={"size_guide": before}, after={"size_guide": rows})
    return brand


def brand_delete(*, actor: activity.Actor, brand: Brand) -> None:
    """Delete a brand that has no shoes, archived ones included: their orders and reviews still name it."""
    try:
        with transaction.atomic():
            activity.record(actor, "brand.delete", brand, before={"name": brand.name})
            brand.delete()
    except ProtectedError:
        counts = brand.shoes.aggregate(shop=Count("pk", filter=IN_SHOP), archived=Count("pk", filter=~IN_SHOP))
        raise BrandInUse(_brand_in_use(brand.name, **counts)) from None


def _brand_in_use(name: str, *, shop: int, archived: int) -> str:
    def shoes(count: int, kind: str = "") -> str:
        return f"{count} {kind}shoe{'s' if count != 1 else ''}"

    if not archived:
        return f"The brand {name} still has {shoes(shop)}; delete them or move them to another brand first."
    kept = "kept for customers' orders, reviews and favorites"
    if not shop:
        return (
            f"The brand {name} still has {shoes(archived, 'archived ')}, {kept}; "
            "restore them and move them to another brand first."
        )
    return (
        f"The brand {name} still has {shoes(shop)} and {shoes(archived, 'archived ')}, {kept}; delete or move the "
        "shoes, and restore and move the archived ones, to another brand first."
    )
