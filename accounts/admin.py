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
