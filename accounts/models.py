"""The shop's user: signs in with an email, known to the API by a 28-character uid."""

import secrets
import string

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models

UID_ALPHABET = string.ascii_letters + string.digits
UID_LENGTH = 28


def uid_generate() -> str:
    """A random uid shaped like the hosted identity service's (the spec's idUser)."""
    return "".join(secrets.choice(UID_ALPHABET) for _ in range(UID_LENGTH))


def avatar_upload_to(user: "User", filename: str) -> str:
    return f"avatars/{user.uid}/{filename}"


class UserManager(BaseUserManager):
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **fields) -> "User":
        user = self.model(email=self.normalize_email(email), **fields)
        user.set_password(password)  # None gives an unusable password (identity-service users)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields) -> "User":
        fields.update(is_staff=True, is_superuser=True, email_verified=True)
        return self.create_user(email, password, **fields)

    @classmethod
    def normalize_email(cls, email: str | None) -> str:
        # Addresses are one login whatever their case.
        return (email or "").strip().lower()


class User(AbstractBaseUser, PermissionsMixin):
    class Status(models.TextChoices):
        ENABLED = "Enabled"
        DISABLED = "Disabled"
        ELIMINATED = "Eliminated"

    # Stored lower-cased (see save), so unique here means unique whatever the case.
    email = models.EmailField(max_length=254, unique=True)
    uid = models.CharField(max_length=UID_LENGTH, unique=True, default=uid_generate, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENABLED)
    # An admin toggles it from the dashboard; it makes the user a shop admin too (docs/DESIGN.md §2).
    manager = models.BooleanField(default=False)
    display_name = models.CharField(max_length=80, blank=True)
    avatar = models.ImageField(upload_to=avatar_upload_to, blank=True)
    # Admin rights from SHOP_ADMIN_EMAILS wait for this, so nobody can sign up as a future admin.
    email_verified = models.BooleanField(default=False)
    # Google's own id for the person, once they signed in with Google (accounts/identity/google.py): it stays theirs
    # even if their address at Google changes.
    google_sub = models.CharField(max_length=255, unique=True, null=True, blank=True, editable=False)
    # Access to the Django admin, for staff emergencies; it grants nothing in the shop's API.
    is_staff = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # is_active stays AbstractBaseUser's constant True: `status` is the one switch, and a Disabled
    # user must still be recognised so the API can tell them why they are refused.
    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    objects = UserManager()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.email

    def save(self, *args, **kwargs) -> None:
        self.email = UserManager.normalize_email(self.email)
        super().save(*args, **kwargs)

    @property
    def is_enabled(self) -> bool:
        return self.status == self.Status.ENABLED

    @property
    def is_shop_owner(self) -> bool:
        """Holds one of the spec's two fixed administrators' addresses (SHOP_ADMIN_EMAILS), verified or not.

        Only an operator changes such an account: a manager who disabled one, even before its owner
        verified the address, would lock the owner out of their own shop.
        """
        return self.email.lower() in settings.SHOP_ADMIN_EMAILS

    @property
    def is_shop_admin(self) -> bool:
        """Admin rights as docs/DESIGN.md §2 grants them; a Disabled admin has none."""
        if not self.is_enabled:
            return False
        return self.is_superuser or self.manager or (self.email_verified and self.is_shop_owner)
