"""What the API layer does with a request's body before a service sees it."""


def validated(serializer_class, data) -> dict:
    """The body checked by an input serializer; bad input raises DRF's ValidationError (400)."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
