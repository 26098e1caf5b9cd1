"""Django admin for users, for staff emergencies."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from .models import User, UserManager


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
class UserAdmin(DjangoUserAdmin):
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

    # The shop's owners (SHOP_ADMIN_EMAILS) are changed by an operator: a superuser here, or
    # `manage.py set_user_status`. Other staff may look at them but not change or delete them.
    def has_change_permission(self, request, obj=None) -> bool:
        return self._may_touch(request, obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return self._may_touch(request, obj) and super().has_delete_permission(request, obj)

    @staticmethod
    def _may_touch(request, user: User | None) -> bool:
        return user is None or not user.is_shop_owner or request.user.is_superuser

    def get_readonly_fields(self, request, obj=None) -> tuple[str, ...]:
        # Staff allowed to change users could otherwise make themselves superusers, and then owners' keepers.
        if request.user.is_superuser:
            return self.readonly_fields
        return (*self.readonly_fields, "is_superuser", "groups", "user_permissions")
