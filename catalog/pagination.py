"""Paging of the catalogue's lists, which counts a list once per catalogue version rather than on every page."""

from shopsite.pagination import OptionalLimitOffsetPagination

from .cache import count_cached


class CountCachedPagination(OptionalLimitOffsetPagination):
    """The shop's paging, with the total taken from the count cache (one COUNT per version and filters)."""

    def get_count(self, queryset) -> int:
        count = super().get_count
        return count_cached(self.request, lambda: count(queryset))
