"""Django admin for orders: staff read them and fix the fulfilment status; money and lines are history."""

from django.contrib import admin

from .models import Order, OrderLine, TestPaymentIntent


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    fields = ["shoe", "name", "brand", "size", "quantity", "unit_price"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    list_display = ["payment_intent_id", "email", "amount", "status", "payment", "paid_at", "created_at"]
    list_filter = ["status", "payment"]
    search_fields = ["payment_intent_id", "email", "user__uid"]
    date_hierarchy = "created_at"
    list_select_related = ["user"]
    inlines = [OrderLineInline]
    # What was charged and for what is a record of the card payment: only fulfilment may change here.
    readonly_fields = [
        "user",
        "email",
        "amount",
        "currency",
        "payment",
        "payment_method_id",
        "payment_intent_id",
        "confirmations",
        "decline_message",
        "charging_until",
        "paid_at",
        "created_at",
        "updated_at",
    ]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        # Deleting a held order would keep its pairs out of stock; release_stale_reservations gives them back.
        return False


@admin.register(TestPaymentIntent)
class TestPaymentIntentAdmin(admin.ModelAdmin):
    list_display = ["intent_id", "amount", "currency", "status", "created_at"]
    list_filter = ["status"]
    readonly_fields = [field.name for field in TestPaymentIntent._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False
