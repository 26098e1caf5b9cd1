"""Request body parsers."""

from rest_framework import parsers


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, held to DATA_UPLOAD_MAX_MEMORY_SIZE as Django holds forms.

    DRF reads a JSON body straight from the socket, with no limit; Django's request.body refuses one past
    the limit (RequestDataTooBig, answered 413 by shopsite.errors.bad_request) before a byte is parsed.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        if request is not None:
            request._request.body  # noqa: B018 - reading it is the check; the parse reads it again from memory
        return super().parse(stream, media_type, parser_context)
