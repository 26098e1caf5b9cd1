"""The query parameters of GET /shoes."""

from functools import partial

import django_filters
from django.db.models import Exists, OuterRef, QuerySet, Subquery

from . import selectors
from .models import Brand, Shoe, StockEntry


class ShoeStockFilter(django_filters.FilterSet):
    """?size= and ?inStock=, which every list of shoes a shopper browses takes (docs/PRODUCT.md §2).

    The filtered queryset is kept per process for the same values (selectors.filtered_list): a filter's SQL depends on
    its values alone, never on something read when it runs (timezone.now(): use the database's Now()).
    """

    size = django_filters.NumberFilter(
        method="filter_stock", max_digits=3, decimal_places=1, min_value=0, help_text="A US size (9.5): shoes with it."
    )
    inStock = django_filters.BooleanFilter(  # the API spells its parameters in camelCase
        method="filter_stock", help_text="true: at least one pair of ?size=, or of any size without it."
    )

    class Meta:
        model = Shoe
        fields = ["size", "inStock"]

    def get_form_class(self):
        # django-filter builds a new form class on every request; these fields never change, so build it once.
        cls = type(self)
        if "_form_class" not in cls.__dict__:
            cls._form_class = super().get_form_class()
        return cls._form_class

    def filter_stock(self, queryset: QuerySet, name: str, value) -> QuerySet:
        # Both parameters make one condition, applied in filter_queryset once the two are known.
        return queryset

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        size, in_stock = self.form.cleaned_data.get("size"), self.form.cleaned_data.get("inStock")
        if size is None and not in_stock:
            return queryset
        # EXISTS rather than a join: a shoe shows once however many of its sizes match, and the page and its COUNT
        # stay one query each. catalog_stock_size_in_stock (a partial index of the sizes with pairs) answers it.
        stock = StockEntry.objects.filter(shoe_id=OuterRef("pk"))
        if size is not None:
            stock = stock.filter(size=size)
        if in_stock:
            stock = stock.filter(quantity__gt=0)
        return queryset.filter(Exists(stock))


class ShoeFilter(ShoeStockFilter):
    name = django_filters.CharFilter(lookup_expr="icontains", max_length=100, help_text="Part of the name, any case.")
    brand = django_filters.CharFilter(
        field_name="brand__name", method="filter_brand", max_length=40, help_text="The brand's name, any case."
    )
    color = django_filters.CharFilter(lookup_expr="iexact", max_length=40, help_text="The whole color, any case.")
    # The collection's sort. Ties keep the newest first, so pages do not overlap or skip shoes.
    ordering = django_filters.OrderingFilter(
        fields=(("price", "price"),), help_text="price (cheapest first) or -price (dearest first)."
    )

    class Meta:
        model = Shoe
        fields = ["name", "brand", "color", "size", "inStock"]

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        data = self.form.cleaned_data
        if (
            data.get("size") is not None
            and data.get("inStock")
            and not any(data.get(name) for name in ("name", "brand", "color"))
        ):
            # A shopper's size chip alone: its count is read off the stock index (catalog/pagination.py asks).
            self.request.list_count = partial(selectors.shoe_count_with_pairs_of, size=data["size"])
        if data.get("ordering"):
            queryset = queryset.order_by(*queryset.query.order_by, "-created_at", "-id")
        return queryset

    def filter_brand(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        # By the brand's id from a subquery (names are unique whatever their case) rather than through a join, so
        # PostgreSQL can read a brand's page in order off the (brand, newest) and (brand, price) indexes. Through
        # the join it walked the whole catalogue newest first: 80 ms for a small brand's page at 100,000 shoes.
        brand_id = Brand.objects.filter(name__iexact=value).order_by().values("id")[:1]
        return queryset.filter(brand_id=Subquery(brand_id))
