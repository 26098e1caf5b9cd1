"""Writes on users."""

import secrets

from django.db import transaction

from .models import User


@transaction.atomic
def shop_admin_create(*, email: str, password: str | None = None) -> tuple[User, str | None]:
    """Create or promote a verified admin; return it and the password made for it, if any."""
    made_password = None
    if password is None:
        made_password = password = secrets.token_urlsafe(12)
    user, _ = User.objects.get_or_create(email=User.objects.normalize_email(email))
    user.email_verified = True
    user.manager = True
    user.status = User.Status.ENABLED
    user.set_password(password)
    user.save()
    return user, made_password
