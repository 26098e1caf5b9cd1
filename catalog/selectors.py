"""Reads of the catalogue, shaped so that list calls run a fixed number of queries."""

from django.db.models import QuerySet
from django.db.models.functions import Lower

from .errors import BrandNotFound, ShoeNotFound
from .models import Brand, Shoe


def shoe_list() -> QuerySet[Shoe]:
    """Every shoe with its brand (joined) and its stock (one more query for the whole page)."""
    return Shoe.objects.select_related("brand").prefetch_related("stock")


def shoe_on_sale_list() -> QuerySet[Shoe]:
    """Shoes on sale, cheapest first, as the home carousel shows them."""
    return shoe_list().filter(on_sale=True).order_by("price", "id")


def shoe_color_list(*, brand: str = "") -> list[str]:
    """The colors shoes come in, of one brand (any case) or all, each once whatever its case, A to Z."""
    shoes = Shoe.objects.filter(brand__name__iexact=brand) if brand else Shoe.objects.all()
    colors = shoes.order_by(Lower("color"), "color").values_list("color", flat=True).distinct()
    # "Black" and "black" are one color to a shopper (the filter ignores case); the first spelling shows.
    once: dict[str, str] = {}
    for color in colors:
        once.setdefault(color.lower(), color)
    return list(once.values())


def shoe_get(*, shoe_id: int, bare: bool = False) -> Shoe:
    """The shoe with its brand and stock, or bare (one query) when only the row itself is needed."""
    try:
        return (Shoe.objects if bare else shoe_list()).get(pk=shoe_id)
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
