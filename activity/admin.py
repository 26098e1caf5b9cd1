"""The activity log in the Django admin: read-only for everyone, superusers included (no add, change or delete)."""

from django.contrib import admin

from .models import Entry


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("at", "actor_name", "actor_email", "via", "kind", "record_type", "record_label", "request_id")
    list_filter = ("via", "kind", "record_type", "at")
    search_fields = ("actor_email", "actor_name", "kind", "record_label", "record_id", "request_id")
    date_hierarchy = "at"
    fields = readonly_fields = (
        "at", "actor_id", "actor_email", "actor_name", "via", "kind", "record_type", "record_id", "record_label",
        "before", "after", "request_id",
    )  # fmt: skip
    actions = None

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
