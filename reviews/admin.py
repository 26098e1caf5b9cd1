"""Django admin for reviews: staff read them and may remove one that breaks the rules."""

from django.contrib import admin
from django.db import transaction

from activity.recorded_admin import RecordedAdmin

from . import services
from .models import Review


@admin.register(Review)
class ReviewAdmin(RecordedAdmin):
    list_display = ["shoe", "rating", "user", "created_at"]
    list_filter = ["rating"]
    search_fields = ["text", "user__email"]
    list_select_related = ["shoe__brand", "user"]
    # A review is its buyer's word: staff may remove it, never put other words in it.
    readonly_fields = ["user", "shoe", "text", "rating", "created_at", "updated_at"]

    def has_add_permission(self, request) -> bool:
        return False

    # Through the reviews' service (the shoe's counters move), recorded as the admin's own deletes are.

    @transaction.atomic
    def delete_model(self, request, obj) -> None:
        self._record_delete(request, obj)
        services.review_delete(review=obj, user=obj.user)

    @transaction.atomic
    def delete_queryset(self, request, queryset) -> None:
        for review in queryset:
            self._record_delete(request, review)
            services.review_delete(review=review, user=review.user)
