"""Reads of the catalogue, shaped so that list calls run a fixed number of queries."""

from django.db.models import QuerySet

from .errors import BrandNotFound, ShoeNotFound
from .models import Brand, Shoe


def shoe_list() -> QuerySet[Shoe]:
    """Every shoe with its brand (joined) and its stock (one more query for the whole page)."""
    return Shoe.objects.select_related("brand").prefetch_related("stock")


def shoe_on_sale_list() -> QuerySet[Shoe]:
    """Shoes on sale, cheapest first, as the home carousel shows them."""
    return shoe_list().filter(on_sale=True).order_by("price", "id")


def shoe_get(*, shoe_id: int) -> Shoe:
    try:
        return shoe_list().get(pk=shoe_id)
    except Shoe.DoesNotExist:
        raise ShoeNotFound() from None


def brand_list() -> QuerySet[Brand]:
    return Brand.objects.all()


def brand_get(*, brand_id: int) -> Brand:
    try:
        return Brand.objects.get(pk=brand_id)
    except Brand.DoesNotExist:
        raise BrandNotFound() from None


def brand_find(*, name: str) -> Brand | None:
    """The brand of that name, whatever its case."""
    return Brand.objects.filter(name__iexact=name.strip()).first()


def image_in_use(*, name: str) -> bool:
    """Whether any shoe still shows the stored file of that name (demo shoes share pictures)."""
    return Shoe.objects.filter(image=name).exists()
