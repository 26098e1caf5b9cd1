"""Django admin for reviews: staff read them and may remove one that breaks the rules."""

from django.contrib import admin

from . import services
from .models import Review


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    list_display = ["shoe", "rating", "user", "created_at"]
    list_filter = ["rating"]
    search_fields = ["text", "user__email"]
    list_select_related = ["shoe__brand", "user"]
    # A review is its buyer's word: staff may remove it, never put other words in it.
    readonly_fields = ["user", "shoe", "text", "rating", "created_at", "updated_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def delete_model(self, request, obj) -> None:
        services.review_delete(review=obj, user=obj.user)

    def delete_queryset(self, request, queryset) -> None:
        for review in queryset:
            services.review_delete(review=review, user=review.user)
