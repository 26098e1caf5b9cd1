"""How the OpenAPI schema describes every app's calls: its names, the error answers of docs/DESIGN.md §3, the
message answer and the paging headers.

Output serializers are named <Thing>Output beside the <Thing>Input they answer; the schema names their components
by the thing alone (Shoe, PaginatedShoeList), as it names the others without "Serializer".
"""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers


class ShopAutoSchema(AutoSchema):
    """drf-spectacular's schema, naming an output serializer's component without its "Output"."""

    def _get_serializer_name(self, serializer, direction, bypass_extensions=False) -> str:
        name = super()._get_serializer_name(serializer, direction, bypass_extensions)
        return name.removesuffix("Output") if name != "Output" else name


class MessageOutput(serializers.Serializer):
    """A call that answers with what the screen tells the user."""

    message = serializers.CharField()


class ErrorOutput(serializers.Serializer):
    """A refusal of the whole request; some codes carry more beside these (the lines to fix, the total)."""

    detail = serializers.CharField()
    code = serializers.CharField()


ERRORS = {
    400: OpenApiResponse(
        OpenApiTypes.OBJECT,
        description='Bad input: {"field": ["message", ...]}, or {"detail", "code"} when it is about no one field.',
    ),
    401: OpenApiResponse(ErrorOutput, description="Not signed in."),
    402: OpenApiResponse(ErrorOutput, description="The card was declined; nothing is held."),
    403: OpenApiResponse(
        ErrorOutput,
        description="Not allowed: not an administrator, not the caller's own, a Disabled or Eliminated account, "
        "or a signed-in call without its CSRF token.",
    ),
    404: OpenApiResponse(ErrorOutput, description="No such thing here, or a call of the other identity provider."),
    409: OpenApiResponse(ErrorOutput, description="A conflict with what the shop holds now."),
    429: OpenApiResponse(ErrorOutput, description="Too many calls from this client; Retry-After says when to retry."),
    503: OpenApiResponse(ErrorOutput, description="A service the call needs (mail, card payments) did not answer."),
}


def unsupported_media_type_documented(result: dict, generator, request, public) -> dict:
    """A postprocessing hook: every call that reads a body may answer 415 to a body in a media type it does not read
    (DRF's parser negotiation, before the view), with the error shape of the others."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                operation["responses"].setdefault(
                    "415",
                    {
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                        "description": "The body is in a media type this call does not read.",
                    },
                )
    return result


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
