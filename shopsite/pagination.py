"""Paging of list calls: whoever asks, a list call answers one page of at most 100 items."""

from urllib.parse import urlencode

from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response


class OptionalLimitOffsetPagination(LimitOffsetPagination):
    """A page in the {count, next, previous, results} envelope with ?limit=, else the spec's plain list.

    The plain list is a page too (the first 100, or from ?offset=): its total comes in X-Total-Count and the
    next and previous pages in a Link header (RFC 8288), whose addresses keep the plain shape (no limit).
    The links are built from the request's parameters as the view reads them (shopsite/queries.py drops the
    unknown ones), never from the address as typed, so a cached page links the same whoever asked first.
    """

    max_limit = 100
    # DRF reads a malformed limit (0, -1, "abc") as none: whoever asks for a page gets one, of the largest size.
    default_limit = max_limit

    def paginate_queryset(self, queryset, request, view=None) -> list:
        # DRF's own, with the page read by page_of().
        self.enveloped = self.limit_query_param in request.query_params
        self.request = request
        self.limit = self.get_limit(request)
        self.count = self.get_count(queryset)
        self.offset = self.get_offset(request)
        if self.count == 0 or self.offset > self.count:
            return []
        return self.page_of(queryset)

    def page_of(self, queryset) -> list:
        """The rows of the page: the queryset cut in SQL, never read whole."""
        return list(queryset[self.offset : self.offset + self.limit])

    def get_paginated_response(self, data) -> Response:
        if self.enveloped:
            return super().get_paginated_response(data)
        links = [(rel, url) for rel, url in (("next", self.get_next_link()), ("prev", self.get_previous_link())) if url]
        headers = {"X-Total-Count": str(self.count)}
        if links:
            headers["Link"] = ", ".join(f'<{url}>; rel="{rel}"' for rel, url in links)
        return Response(data, headers=headers)

    def get_next_link(self) -> str | None:
        if self.offset + self.limit >= self.count:
            return None
        return self._page_url(self.offset + self.limit)

    def get_previous_link(self) -> str | None:
        if self.offset <= 0:
            return None
        return self._page_url(max(self.offset - self.limit, 0))

    def _page_url(self, offset: int) -> str:
        query = self.request.query_params.copy()
        query.pop(self.offset_query_param, None)
        if offset:
            query[self.offset_query_param] = str(offset)
        if self.enveloped:
            query[self.limit_query_param] = str(self.limit)
        url = self.request.build_absolute_uri(self.request.path)
        return f"{url}?{urlencode(sorted(query.items()))}" if query else url

    def get_paginated_response_schema(self, schema: dict) -> dict:
        return {"oneOf": [schema, super().get_paginated_response_schema(schema)]}
