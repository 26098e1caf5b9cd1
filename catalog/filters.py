"""The query parameters of GET /shoes."""

import django_filters

from .models import Shoe


class ShoeFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains", max_length=100, help_text="Part of the name, any case.")
    brand = django_filters.CharFilter(
        field_name="brand__name", lookup_expr="iexact", max_length=40, help_text="The brand's name, any case."
    )

    class Meta:
        model = Shoe
        fields = ["name", "brand"]
