"""A user as the API answers it (docs/PRODUCT.md §3 'User'): the account calls' answer, and the page shell's."""

from rest_framework import serializers

from .models import User


class UserOutput(serializers.ModelSerializer):
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


class SignInOutput(UserOutput):
    """A sign-in's answer: the user, and whether its second step (a code from the authenticator app) is still to come
    before the session carries admin rights (accounts/second_factor.py)."""

    otpRequired = serializers.SerializerMethodField()

    class Meta(UserOutput.Meta):
        fields = [*UserOutput.Meta.fields, "otpRequired"]
        read_only_fields = fields

    def get_otpRequired(self, user: User) -> bool:
        return bool(self.context.get("otp_required"))
