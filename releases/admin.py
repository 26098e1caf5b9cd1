"""Django admin for releases: staff schedule them with their sizes, watch entries and reminders; draws are history."""

from django.contrib import admin

from catalog.services import catalog_version_bump

from .models import DrawEntry, Release, ReleaseReminder, ReleaseSize


class ReleaseSizeInline(admin.TabularInline):
    model = ReleaseSize
    fields = ["shoe", "size", "pairs"]
    autocomplete_fields = ["shoe"]
    extra = 1


@admin.register(Release)
class ReleaseAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "announce_at", "opens_at", "closes_at", "per_person_limit", "draw_outcome"]
    list_filter = ["kind", "draw_outcome"]
    search_fields = ["name"]
    date_hierarchy = "opens_at"
    inlines = [ReleaseSizeInline]
    readonly_fields = ["draw_seed", "draw_started_at", "draw_finished_at", "draw_outcome", "created_at", "updated_at"]
    fieldsets = [
        (None, {"fields": ["name", "kind", "announce_at", "opens_at", "closes_at"]}),
        ("Who may buy or enter", {"fields": ["per_person_limit", "min_account_age_days", "require_verified_email"]}),
        ("The draw", {"fields": readonly_fields}),
    ]

    # The releases' list is kept under the catalogue's version (releases/answers.py): staff's changes show at once.
    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        catalog_version_bump()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        catalog_version_bump()

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        catalog_version_bump()


@admin.register(DrawEntry)
class DrawEntryAdmin(admin.ModelAdmin):
    list_display = ["id", "release", "release_size", "email", "status", "rank", "order", "created_at"]
    list_filter = ["status", "release"]
    search_fields = ["email", "payment_intent_id"]
    list_select_related = ["release", "release_size__shoe", "order"]

    # An entry is the shopper's, with a card authorised: staff read it, the draw moves it.
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ReleaseReminder)
class ReleaseReminderAdmin(admin.ModelAdmin):
    list_display = ["email", "release", "created_at", "sent_at"]
    list_filter = ["release"]
    search_fields = ["email"]
