"""The error answers of DESIGN.md §3 and the paging headers as the OpenAPI schema describes them, for every app."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers


class ErrorAnswer(serializers.Serializer):
    """A refusal of the whole request; some codes carry more beside these (the lines to fix, the total)."""

    detail = serializers.CharField()
    code = serializers.CharField()


ERRORS = {
    400: OpenApiResponse(
        OpenApiTypes.OBJECT,
        description='Bad input: {"field": ["message", ...]}, or {"detail", "code"} when it is about no one field.',
    ),
    401: OpenApiResponse(ErrorAnswer, description="Not signed in."),
    402: OpenApiResponse(ErrorAnswer, description="The card was declined; nothing is held."),
    403: OpenApiResponse(
        ErrorAnswer,
        description="Not allowed: not an administrator, not the caller's own, a Disabled or Eliminated account, "
        "or a signed-in call without its CSRF token.",
    ),
    404: OpenApiResponse(ErrorAnswer, description="No such thing here, or a call of the other identity provider."),
    409: OpenApiResponse(ErrorAnswer, description="A conflict with what the shop holds now."),
    429: OpenApiResponse(ErrorAnswer, description="Too many calls from this client; Retry-After says when to retry."),
    503: OpenApiResponse(ErrorAnswer, description="A service the call needs (mail, card payments) did not answer."),
}


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    """The error answers a call gives, for `extend_schema(responses={200: ..., **errors(400, 403)})`."""
    return {status: ERRORS[status] for status in statuses}


# The headers of a list call's plain answer (shopsite/pagination.py), for `extend_schema(parameters=PAGE_HEADERS)`.
PAGE_HEADERS = [
    OpenApiParameter(
        "X-Total-Count",
        int,
        OpenApiParameter.HEADER,
        response=[200],
        description="Without ?limit=: how many items the whole list has (the answer is one page of at most 100).",
    ),
    OpenApiParameter(
        "Link",
        str,
        OpenApiParameter.HEADER,
        response=[200],
        description="Without ?limit=, when there are more: the next and previous pages (RFC 8288), as "
        '<https://shop.example/api/shoes?offset=100>; rel="next".',
    ),
]
