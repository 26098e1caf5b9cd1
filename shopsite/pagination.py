"""Paging of list calls."""

from rest_framework.pagination import LimitOffsetPagination


class OptionalLimitOffsetPagination(LimitOffsetPagination):
    """Pages only when the client sends ?limit=, so the spec's plain-list answers keep working."""

    max_limit = 100

    def get_paginated_response_schema(self, schema: dict) -> dict:
        return {"oneOf": [schema, super().get_paginated_response_schema(schema)]}
