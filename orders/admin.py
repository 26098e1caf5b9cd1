"""Django admin for orders: staff read them and fix the fulfilment status; money and lines are history."""

from django.contrib import admin, messages

from activity.models import Entry
from activity.recorded_admin import RecordedAdmin
from shopsite.errors import ShopError

from . import services
from .models import (
    DiscountCode,
    Order,
    OrderLine,
    ReturnRequest,
    ShippingMethod,
    TaxRate,
    TestPaymentIntent,
    WebhookEvent,
)


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    fields = ["shoe", "name", "brand", "size", "quantity", "unit_price", "discount", "tax", "refunded_quantity"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Order)
class OrderAdmin(RecordedAdmin):
    list_display = [
        "payment_intent_id",
        "email",
        "amount",
        "status",
        "payment",
        "payment_state",
        "paid_at",
        "created_at",
    ]
    list_filter = ["status", "payment"]
    actions = ["refund_and_cancel"]
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
        "ship_name",
        "ship_state",
        "ship_city",
        "ship_line1",
        "ship_postal_code",
        "ship_country",
        "subtotal",
        "discount",
        "discount_code",
        "shipping_method",
        "shipping_estimate",
        "shipping_cost",
        "tax",
        "tax_included",
        "refunded",
        "refunded_tax",
        "dispute",
        "dispute_event_at",
        "payment_problem",
        "charging_until",
        "paid_at",
        "created_at",
        "updated_at",
    ]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description="money")
    def payment_state(self, order: Order) -> str:
        return order.payment_state if order.payment == Order.Payment.PAID else "-"

    # Money moves: the right to change orders, not only to see them (Django offers an action that declares no
    # permission to whoever sees the list).
    @admin.action(
        description="Cancel and refund the selected orders (every pair not refunded goes back in stock)",
        permissions=["change"],
    )
    def refund_and_cancel(self, request, queryset):
        # Django's own confirmation page does not exist for custom actions; the action's name says what it does and
        # the same service as the shop's /orders runs it, with its rules (paid only, once).
        done = 0
        for order in queryset:
            try:
                services.order_cancel(order=order, by=request.user, via=Entry.Via.ADMIN)
                done += 1
            except ShopError as error:
                self.message_user(request, f"{order}: {error.message}", messages.WARNING)
        if done:
            self.message_user(request, f"{done} orders cancelled and refunded.", messages.SUCCESS)

    def has_delete_permission(self, request, obj=None) -> bool:
        # Deleting a held order would keep its pairs out of stock; release_stale_reservations gives them back.
        return False


@admin.register(ReturnRequest)
class ReturnRequestAdmin(RecordedAdmin):
    """Returns asked for by buyers (read only: the dashboard's /api/admin/returns calls decide them, so the refund,
    the held stock and the mails follow the rules)."""

    list_display = ["pk", "order", "kind", "reason", "status", "exchange_size", "created_at"]
    list_filter = ["status", "kind", "reason"]
    search_fields = ["order__payment_intent_id", "order__email"]
    list_select_related = ["order"]
    readonly_fields = [field.name for field in ReturnRequest._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(TestPaymentIntent)
class TestPaymentIntentAdmin(RecordedAdmin):
    list_display = ["intent_id", "amount", "currency", "status", "created_at"]
    list_filter = ["status"]
    readonly_fields = [field.name for field in TestPaymentIntent._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(WebhookEvent)
class WebhookEventAdmin(RecordedAdmin):
    list_display = ["event_id", "type", "received_at", "handled_at"]
    list_filter = ["type"]
    search_fields = ["event_id"]
    readonly_fields = [field.name for field in WebhookEvent._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(DiscountCode)
class DiscountCodeAdmin(RecordedAdmin):
    """Codes the cart takes (docs/DESIGN.md §5, "Pricing"); values in cents, percents whole. Uses are counted by the
    checkout, never typed."""

    list_display = ["code", "kind", "value", "min_subtotal", "starts_at", "ends_at", "uses", "max_uses"]
    list_filter = ["kind", "once_per_customer", "combines_with_sale"]
    search_fields = ["code"]
    readonly_fields = ["uses", "created_at"]
    autocomplete_fields = ["shoes"]
    filter_horizontal = ["brands"]


@admin.register(ShippingMethod)
class ShippingMethodAdmin(RecordedAdmin):
    """Regions: a list of countries ("DE") and US states ("US-CA"); empty serves everywhere. Prices in cents."""

    list_display = ["name", "price", "free_above", "estimate", "regions", "active", "position"]
    list_editable = ["active", "position"]
    list_filter = ["active"]


@admin.register(TaxRate)
class TaxRateAdmin(RecordedAdmin):
    """A rate in percent by country, and by US state (its name or USPS code); a blank state is the whole country."""

    list_display = ["country", "state", "rate", "applies_to_shipping"]
    list_filter = ["country", "applies_to_shipping"]
