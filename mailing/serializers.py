"""The mailing calls on the wire: the footer's newsletter form and the contact form (docs/PRODUCT.md §5)."""

from rest_framework import serializers

# The longest address SMTP can deliver to (RFC 5321's path limit, less the angle brackets).
EMAIL_MAX_LENGTH = 254
NAME_MAX_LENGTH = 80
MESSAGE_MIN_LENGTH = 20
MESSAGE_MAX_LENGTH = 500


class OneMessageMixin:
    """Every failure of the field answers with the one message the form shows, and says it once."""

    def __init__(self, message: str, **kw):
        kw["error_messages"] = dict.fromkeys(
            ("required", "null", "blank", "invalid", "max_length", "min_length"), message
        )
        self.message = message
        super().__init__(**kw)

    def run_validators(self, value) -> None:
        # A long address that is malformed too fails two validators; the form wants its message once.
        try:
            super().run_validators(value)
        except serializers.ValidationError:
            raise serializers.ValidationError(self.message, code="invalid") from None


class OneMessageEmailField(OneMessageMixin, serializers.EmailField):
    """An email address checked as Django checks one, with one message for every failure."""


class OneMessageCharField(OneMessageMixin, serializers.CharField):
    """Trimmed text with one message for every failure."""


class NewsletterSignupInput(serializers.Serializer):
    """POST /mail/newsletter: the footer form."""

    email = OneMessageEmailField("Use a valid email", max_length=EMAIL_MAX_LENGTH)


class ContactMessageInput(serializers.Serializer):
    """POST /mail/contactUs: the contact form; blanks around each field are trimmed before counting."""

    name = OneMessageCharField("Enter your name", max_length=NAME_MAX_LENGTH)
    email = OneMessageEmailField("Enter a valid email", max_length=EMAIL_MAX_LENGTH)
    message = OneMessageCharField(
        f"The message must be {MESSAGE_MIN_LENGTH} to {MESSAGE_MAX_LENGTH} characters",
        min_length=MESSAGE_MIN_LENGTH,
        max_length=MESSAGE_MAX_LENGTH,
    )


class MailOutput(serializers.Serializer):
    """The thanks the forms show."""

    message = serializers.CharField()
