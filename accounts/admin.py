"""Django admin for users, for staff emergencies, with rights that hold (docs/DEPLOY.md 'Staff rights').

A staff member who is not a superuser, whatever permissions they hold, changes only accounts that hold no rights
(not a superuser, staff, a manager or an owner), and there only the status (Enabled or Disabled), the name and the
picture; on their own account only the name and the picture. The password form is a superuser's, for their own
account and for accounts that are not superusers. An Eliminated account's status is read-only for everyone here:
the operator's `manage.py set_user_status` changes it.
"""

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import PermissionDenied

from activity import services as activity
from activity.models import Entry
from activity.recorded_admin import RecordedAdmin

from .models import User, UserManager

# The fields that say who may do what, or who the account is: never a non-superuser's to change.
RIGHTS_FIELDS = (
    "email", "status", "manager", "email_verified", "is_staff", "is_superuser", "groups", "user_permissions",
)  # fmt: skip
# What a non-superuser may never change on another account, status aside (an account without rights may be disabled).
OTHERS_FIELDS = tuple(name for name in RIGHTS_FIELDS if name != "status")


def holds_rights(user: User) -> bool:
    """Whether the account can do more than shop: a superuser, staff, a manager or one of the owners."""
    return user.is_superuser or user.is_staff or user.manager or user.is_shop_owner


class EmailNormalizingMixin:
    def clean_email(self) -> str:
        # Lower-cased before Django's uniqueness check, as User.save would store it.
        return UserManager.normalize_email(self.cleaned_data["email"])


class UserCreationForm(EmailNormalizingMixin, AdminUserCreationForm):
    class Meta:
        model = User
        fields = ("email",)


class UserEditForm(EmailNormalizingMixin, UserChangeForm):
    class Meta:
        model = User
        fields = (
            "email", "password", "status", "manager", "email_verified", "display_name", "avatar",
            "is_staff", "is_superuser", "groups", "user_permissions",
        )  # fmt: skip


@admin.register(User)
class UserAdmin(RecordedAdmin, DjangoUserAdmin):
    form = UserEditForm
    add_form = UserCreationForm
    list_display = ("email", "uid", "status", "manager", "email_verified", "is_staff", "created_at")
    list_filter = ("status", "manager", "email_verified", "is_staff", "is_superuser")
    search_fields = ("email", "uid", "display_name")
    ordering = ("-created_at",)
    readonly_fields = ("uid", "created_at", "updated_at", "last_login")
    fieldsets = (
        (None, {"fields": ("email", "uid", "password")}),
        ("Shop", {"fields": ("status", "manager", "email_verified", "display_name", "avatar")}),
        ("Django admin", {"fields": ("is_staff", "is_superuser", "groups", "user_permissions")}),
        ("Dates", {"fields": ("created_at", "updated_at", "last_login")}),
    )
    add_fieldsets = (
        (
            None,
            {"classes": ("wide",), "fields": ("email", "usable_password", "password1", "password2")},
        ),
    )

    def has_change_permission(self, request, obj=None) -> bool:
        return self._may_change(request, obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        # Nobody deletes their own account here, nor (unless a superuser) one that holds rights.
        if obj is not None and (obj.pk == request.user.pk or not self._may_change(request, obj)):
            return False
        return super().has_delete_permission(request, obj)

    @staticmethod
    def _may_change(request, user: User | None) -> bool:
        if user is None or request.user.is_superuser:
            # The shop's owners (SHOP_ADMIN_EMAILS) are changed by an operator: a superuser, or set_user_status.
            return True
        # Their own account (its rights fields read-only), or one that holds no rights.
        return user.pk == request.user.pk or not holds_rights(user)

    def get_readonly_fields(self, request, obj=None) -> tuple[str, ...]:
        fields = self.readonly_fields
        if not request.user.is_superuser:
            fields = (*fields, *(RIGHTS_FIELDS if obj is not None and obj.pk == request.user.pk else OTHERS_FIELDS))
        if obj is not None and obj.status == User.Status.ELIMINATED and "status" not in fields:
            fields = (*fields, "status")
        return fields

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        status = form.base_fields.get("status")
        if status is not None and not request.user.is_superuser:
            # Eliminated is the operator's word (set_user_status); a new class each call, so this changes no other.
            status.choices = [(value, label) for value, label in status.choices if value != User.Status.ELIMINATED]
        return form

    @staticmethod
    def may_set_password(request, user: User) -> bool:
        """The admin's password form sets a password without the one in use: a superuser's, never on another
        superuser (their own account aside); everyone else changes their own in the shop's account page."""
        return request.user.is_superuser and (not user.is_superuser or user.pk == request.user.pk)

    def user_change_password(self, request, id, form_url=""):
        user = self.get_object(request, unquote(id))
        if user is not None and not self.may_set_password(request, user):
            raise PermissionDenied
        response = super().user_change_password(request, id, form_url)
        if request.method == "POST" and response.status_code == 302 and user is not None:
            activity.record(request.user, "user.password_set", user, via=Entry.Via.ADMIN)
        return response
