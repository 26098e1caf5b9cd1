"""What the account calls take in; a user's answer is accounts/answers.py's (docs/PRODUCT.md §3 'User')."""

from rest_framework import serializers

from shopsite.images import ImageUploadField

from .models import User

AVATAR_MAX_SIDE = 256
# Read from the header before any pixel is decoded (shopsite/images.py): a phone's photo fits, a crafted one does not.
AVATAR_MAX_PIXELS = 16_000_000
DISPLAY_NAME_MAX_LENGTH = 80


class CredentialsInput(serializers.Serializer):
    """POST /auth/signup and /auth/signin (checked by the identity provider, with its error codes)."""

    email = serializers.CharField()
    password = serializers.CharField()


class GoogleCredentialInput(serializers.Serializer):
    """POST /auth/google: the ID token Google Identity Services gave the browser (its callback's `credential`)."""

    credential = serializers.CharField()


class PasswordChangeInput(serializers.Serializer):
    currentPassword = serializers.CharField()
    password = serializers.CharField()


class PasswordResetInput(serializers.Serializer):
    email = serializers.CharField()


class PasswordResetConfirmInput(serializers.Serializer):
    uid = serializers.CharField()
    token = serializers.CharField()
    password = serializers.CharField()


class ProfileInput(serializers.Serializer):
    """PUT /auth/profile: the name the account page shows."""

    displayName = serializers.CharField(
        source="display_name",
        max_length=DISPLAY_NAME_MAX_LENGTH,
        error_messages={
            "blank": "Enter a name",
            "required": "Enter a name",
            "max_length": f"The name can have at most {DISPLAY_NAME_MAX_LENGTH} characters",
        },
    )


class AvatarInput(serializers.Serializer):
    """POST /auth/avatar: a picture of at most 16 megapixels, re-encoded and made at most 256 pixels a side."""

    image = ImageUploadField(max_side=AVATAR_MAX_SIDE, max_pixels=AVATAR_MAX_PIXELS)


class UserSyncInput(serializers.Serializer):
    """POST /users: the client says whom it thinks it signed in; the credential decides."""

    email = serializers.CharField(required=False, allow_blank=True)
    idUser = serializers.CharField(required=False, allow_blank=True)


class UserAdminUpdateInput(serializers.Serializer):
    """PUT /users/{id}: a status (Enabled or Disabled), the manager flag, or both."""

    status = serializers.ChoiceField(
        choices=[User.Status.ENABLED, User.Status.DISABLED],
        required=False,
        error_messages={"invalid_choice": "The status must be Enabled or Disabled"},
    )
    manager = serializers.BooleanField(required=False)

    def validate(self, data: dict) -> dict:
        if not data:
            raise serializers.ValidationError("Send a status or a manager flag.")
        return data
