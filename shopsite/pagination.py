"""Paging of list calls."""

from rest_framework.pagination import LimitOffsetPagination


class OptionalLimitOffsetPagination(LimitOffsetPagination):
    """Pages only when the client sends ?limit=, so the spec's plain-list answers keep working."""

    max_limit = 100

    def get_limit(self, request) -> int | None:
        # DRF reads a malformed limit (0, -1, "abc") as no limit at all, which here would mean the whole
        # catalogue: whoever asks for a page gets one, of the largest size, whatever the number says.
        if self.limit_query_param not in request.query_params:
            return None
        return super().get_limit(request) or self.max_limit

    def get_paginated_response_schema(self, schema: dict) -> dict:
        return {"oneOf": [schema, super().get_paginated_response_schema(schema)]}
