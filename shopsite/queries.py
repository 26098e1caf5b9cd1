"""The query parameters of a read call by their meaning: the ones it knows, each in one spelling."""

from django.http import QueryDict

from .pagination import OptionalLimitOffsetPagination

_PAGING = OptionalLimitOffsetPagination
LIMIT, OFFSET = _PAGING.limit_query_param, _PAGING.offset_query_param


class KnownQuery:
    """The normal form of a call's query, so that requests meaning the same read the same (and share a cache entry).

    - A parameter the call does not know is dropped.
    - Of a repeated parameter the last value counts, as QueryDict.get and django-filter read it.
    - Values lose their outer spaces (as the filters' form fields strip them); a blank one counts as none.
    - `folded` parameters are matched whatever their case (the filters name, brand, color): lower-cased.
    - A paged call knows limit and offset. A limit, blank or not, asks for the envelope: it becomes the page size
      the paging gives (1 to 100, 100 for a malformed one). An offset becomes its number, left out at 0 or when
      malformed, as the paging reads it.
    - The parameters come in name order.
    """

    def __init__(self, *, paged: bool = False, folded: tuple[str, ...] = (), kept: tuple[str, ...] = ()):
        self.folded = frozenset(folded)
        self.names = sorted({*folded, *kept, *((LIMIT, OFFSET) if paged else ())})

    def __call__(self, query: QueryDict) -> QueryDict:
        known = QueryDict(mutable=True)
        for name in self.names:
            if name not in query:
                continue
            value = query.get(name, "").strip()
            if name == LIMIT:
                known[name] = str(_count(value, first=1, cutoff=_PAGING.max_limit) or _PAGING.max_limit)
            elif name == OFFSET:
                if offset := _count(value, first=0):
                    known[name] = str(offset)
            elif value:
                known[name] = value.lower() if name in self.folded else value
        known._mutable = False
        return known


def _count(value: str, *, first: int, cutoff: int | None = None) -> int | None:
    """The whole number a parameter gives, as DRF's paging reads it; None below `first` or when it is none."""
    try:
        number = int(value)
    except ValueError:
        return None
    if number < first:
        return None
    return min(number, cutoff) if cutoff else number


class KnownQueryMixin:
    """A view that sees its known parameters only, in their normal form: its answer is built from what the cache
    key of that answer is made of, so the two can never disagree (catalog/cache.py)."""

    known_query = KnownQuery()

    def initialize_request(self, request, *args, **kwargs):
        request.GET = self.known_query(request.GET)
        return super().initialize_request(request, *args, **kwargs)


class PagedListMixin(KnownQueryMixin):
    """A list call: limit and offset are its parameters (more with its own known_query), a page its answer."""

    known_query = KnownQuery(paged=True)
    pagination_class = OptionalLimitOffsetPagination
