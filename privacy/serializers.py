"""What the privacy calls take in."""

from rest_framework import serializers


class AccountDeleteInput(serializers.Serializer):
    password = serializers.CharField(
        max_length=128, required=False, allow_blank=True, help_text="The account's password, when it has one here"
    )
    code = serializers.CharField(
        max_length=32, required=False, allow_blank=True, help_text="A code of the authenticator app, when it has one"
    )
    credential = serializers.CharField(
        max_length=4096,
        required=False,
        allow_blank=True,
        help_text="A fresh Google ID token, for an account that only signs in with Google",
    )
