"""Writes on users: their profile, what administrators change, the accounts an identity provider vouches for."""

import secrets

from django.core.files.base import File
from django.db import IntegrityError, transaction

from activity import services as activity
from shopsite.images import upload_stored

from . import second_factor
from .errors import AccountEliminated, EmailInUse, OwnAccount, ShopOwner, StaffAccount
from .models import User, UserManager, uid_generate

_avatar_field = User._meta.get_field("avatar")


@transaction.atomic
def user_sync_from_identity(*, uid: str, email: str, email_verified: bool) -> User:
    """The user an identity provider's verified credential names, created on first sight.

    The provider's word on the email and its verification wins over what was stored. An address
    already held by another account is taken over only when the provider has verified it.
    """
    email = UserManager.normalize_email(email)
    user = User.objects.select_for_update().filter(uid=uid).first()
    if user is None:
        holder = User.objects.select_for_update().filter(email=email).first()
        if holder is not None and email_verified:
            # The same person, first known to the shop under another provider's uid.
            holder.uid = uid
            user = holder
        else:
            try:
                with transaction.atomic():
                    return User.objects.create_user(email, uid=uid, email_verified=email_verified)
            except IntegrityError:
                # An unverified address another account holds: not proof enough to take it over.
                raise EmailInUse() from None
    if (user.email, user.email_verified) != (email, email_verified) or user.uid != uid:
        user.email, user.email_verified = email, email_verified
        user.save()
    return user


def user_profile_update(*, user: User, display_name: str) -> User:
    user.display_name = display_name
    user.save(update_fields=["display_name", "updated_at"])
    return user


def user_avatar_set(*, user: User, image: File) -> User:
    """A new profile picture, stored under the user's uid; the old one goes once the change is committed."""
    old = user.avatar.name
    with upload_stored(_avatar_field, image, instance=user) as name, transaction.atomic():
        user.avatar = name
        user.save(update_fields=["avatar", "updated_at"])
    if old:
        transaction.on_commit(lambda: _avatar_field.storage.delete(old))
    return user


def _changeable_by(*, actor: User, user: User) -> None:
    if user.is_shop_owner:
        # Whoever asks, the other owner included: only the operator's command changes an owner.
        raise ShopOwner()
    if user.pk == actor.pk:
        # An administrator who disables or demotes themselves locks themselves out of the dashboard.
        raise OwnAccount()
    if user.is_superuser or user.is_staff:
        raise StaffAccount()
    if user.status == User.Status.ELIMINATED:
        # Final: neither brought back nor made a manager, by anyone but the operator (user_operator_update).
        raise AccountEliminated()


RIGHTS = ("status", "manager")


def _rights_set(*, user: User, status: str | None, manager: bool | None) -> tuple[dict, dict]:
    """Set the status and the manager flag given; return the values before and after that changed."""
    before = activity.values(user, RIGHTS)
    if status is not None:
        user.status = status
    if manager is not None:
        user.manager = manager
    user.save(update_fields=["status", "manager", "updated_at"])
    return activity.changes(before, activity.values(user, RIGHTS))


@transaction.atomic
def user_admin_update(*, actor: User, user: User, status: str | None = None, manager: bool | None = None) -> User:
    """An administrator's change of another user's status (Enabled or Disabled) or manager flag."""
    user = User.objects.select_for_update().get(pk=user.pk)
    _changeable_by(actor=actor, user=user)
    before, after = _rights_set(user=user, status=status, manager=manager)
    activity.record(actor, "user.rights", user, before=before, after=after)
    return user


@transaction.atomic
def user_operator_update(*, user: User, status: str | None = None, manager: bool | None = None, actor=None) -> User:
    """The operator's change of any user's status (Eliminated included) or manager flag, owners included; logged
    as set_user_status's unless another actor is named."""
    before, after = _rights_set(user=user, status=status, manager=manager)
    activity.record(actor or activity.command("set_user_status"), "user.rights", user, before=before, after=after)
    return user


@transaction.atomic
def shop_admin_create(*, email: str, password: str | None = None) -> tuple[User, str | None]:
    """Create or promote a verified admin; return it and the password made for it, if any."""
    made_password = None
    if password is None:
        made_password = password = secrets.token_urlsafe(12)
    user, created = User.objects.get_or_create(email=User.objects.normalize_email(email))
    if user.status == User.Status.ELIMINATED:
        # Final but for set_user_status, which the operator runs first if they mean it.
        raise AccountEliminated()
    fields = ("email_verified", "manager", "status")
    before = None if created else activity.values(user, fields)
    user.email_verified = True
    user.manager = True
    user.status = User.Status.ENABLED
    user.set_password(password)
    user.save()
    activity.record(
        activity.command("create_shop_admin"),
        "user.create_shop_admin",
        user,
        before=before,
        after={**activity.values(user, fields), "password": "set"},
    )
    return user, made_password


def deleted_email(user: User) -> str:
    """The address a deleted account and its orders carry instead of the person's: unique, and never deliverable
    (.invalid is reserved for that, RFC 2606)."""
    return f"deleted-{user.pk}@deleted.invalid"


def user_anonymise(*, user: User) -> User:
    """The account of a person who deleted it (docs/DESIGN.md §12): the row stays, since their orders point at it
    (PROTECT), with nothing of theirs left on it, Eliminated, no password, no second factor, a new uid (their
    identity provider's record, or a reset link, names the old one) and no Google link. Call it inside the deletion's
    transaction, the row locked; their picture is deleted once that commits."""
    avatar = user.avatar.name
    user.email = deleted_email(user)
    user.uid = uid_generate()
    user.google_sub = None
    user.display_name = ""
    user.avatar = ""
    user.email_verified = False
    user.manager = False
    user.status = User.Status.ELIMINATED
    user.set_unusable_password()
    user.save()
    # After the save: its line in the activity log names the account by its new address, not the person's.
    second_factor.devices_remove(user, actor=None)
    if avatar:
        transaction.on_commit(lambda: _avatar_field.storage.delete(avatar))
    return user
