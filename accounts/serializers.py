"""Users on the wire, with the spec's names (SPEC.md §3 'User'), and what the account calls take in."""

from rest_framework import serializers

from catalog.serializers import ShoeSerializer
from shopsite.images import ImageUploadField

from .models import Favorite, User

AVATAR_MAX_SIDE = 256
DISPLAY_NAME_MAX_LENGTH = 80


class UserSerializer(serializers.ModelSerializer):
    """The server's record of a user; `isAdmin` is the server's decision, the client only shows it."""

    _id = serializers.IntegerField(source="id", read_only=True)
    idUser = serializers.CharField(source="uid", read_only=True)
    createdAt = serializers.DateTimeField(source="created_at", read_only=True)
    isAdmin = serializers.BooleanField(source="is_shop_admin", read_only=True)
    displayName = serializers.CharField(source="display_name", read_only=True)
    avatar = serializers.SerializerMethodField()
    emailVerified = serializers.BooleanField(source="email_verified", read_only=True)

    class Meta:
        model = User
        fields = [
            "_id", "email", "idUser", "createdAt", "status", "manager", "isAdmin", "displayName", "avatar",
            "emailVerified",
        ]  # fmt: skip
        read_only_fields = fields

    def get_avatar(self, user: User) -> str | None:
        """The profile picture's address, or null for the storefront's placeholder."""
        return user.avatar.url if user.avatar else None


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
    """POST /auth/avatar: a picture, re-encoded and made at most 256 pixels a side."""

    image = ImageUploadField(max_side=AVATAR_MAX_SIDE)


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


class MessageAnswer(serializers.Serializer):
    message = serializers.CharField()


class FavoriteSerializer(serializers.ModelSerializer):
    """A favorite (SPEC.md §3): the shoe's id, and the shoe itself for the /favorites grid."""

    _id = serializers.IntegerField(source="id", read_only=True)
    shoeId = serializers.IntegerField(source="shoe_id", read_only=True)
    shoe = ShoeSerializer(read_only=True)

    class Meta:
        model = Favorite
        fields = ["_id", "shoeId", "shoe"]


class FavoriteInput(serializers.Serializer):
    shoeId = serializers.IntegerField(min_value=1, source="shoe_id")


class FavoriteAnswer(MessageAnswer):
    favorite = FavoriteSerializer()
