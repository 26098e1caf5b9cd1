"""The query parameters of GET /shoes."""

import django_filters

from .models import Shoe


class ShoeFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains", max_length=100, help_text="Part of the name, any case.")
    brand = django_filters.CharFilter(
        field_name="brand__name", lookup_expr="iexact", max_length=40, help_text="The brand's name, any case."
    )
    color = django_filters.CharFilter(lookup_expr="iexact", max_length=40, help_text="The whole color, any case.")
    # The collection's sort. Ties keep the newest first, so pages do not overlap or skip shoes.
    ordering = django_filters.OrderingFilter(
        fields=(("price", "price"),), help_text="price (cheapest first) or -price (dearest first)."
    )

    class Meta:
        model = Shoe
        fields = ["name", "brand", "color"]

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        if self.form.cleaned_data.get("ordering"):
            queryset = queryset.order_by(*queryset.query.order_by, "-created_at", "-id")
        return queryset
