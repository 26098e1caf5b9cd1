"""/cart calls of docs/PRODUCT.md §7, and the admin dashboard's stats."""

from django.urls import path

from . import views

urlpatterns = [
    path("cart", views.OrderListView.as_view(), name="order-list"),
    path("cart/checkout", views.CheckoutView.as_view(), name="cart-checkout"),
    path("cart/quote", views.CartQuoteView.as_view(), name="cart-quote"),
    path("cart/order/<str:id_payment>", views.OrderDetailView.as_view(), name="order-detail"),
    path("cart/order/<str:id_payment>/refund", views.OrderRefundView.as_view(), name="order-refund"),
    path("cart/order/<str:id_payment>/cancel", views.OrderCancelView.as_view(), name="order-cancel"),
    path("cart/order/<str:id_payment>/ship", views.OrderShipView.as_view(), name="order-ship"),
    path("cart/order/<str:id_payment>/returns", views.OrderReturnView.as_view(), name="order-returns"),
    path("account/addresses", views.SavedAddressListView.as_view(), name="saved-address-list"),
    path("account/addresses/<int:pk>", views.SavedAddressDetailView.as_view(), name="saved-address-detail"),
    path("account/addresses/<int:pk>/default", views.SavedAddressDefaultView.as_view(), name="saved-address-default"),
    path("payments/stripe/webhook", views.StripeWebhookView.as_view(), name="stripe-webhook"),
    path("cart/<str:uid>", views.UserOrderListView.as_view(), name="user-order-list"),
    path("admin/stats", views.OrderStatsView.as_view(), name="order-stats"),
    path("admin/sales-report.csv", views.SalesReportView.as_view(), name="sales-report"),
    path("admin/shipping-methods", views.ShippingMethodListView.as_view(), name="shipping-method-list"),
    path("admin/shipping-methods/<int:pk>", views.ShippingMethodDetailView.as_view(), name="shipping-method-detail"),
    path("admin/returns", views.AdminReturnListView.as_view(), name="admin-return-list"),
    path(
        "admin/returns/<int:pk>/received",
        views.AdminReturnActionView.as_view(action="received"),
        name="admin-return-received",
    ),
    path(
        "admin/returns/<int:pk>/approve",
        views.AdminReturnActionView.as_view(action="approve"),
        name="admin-return-approve",
    ),
    path(
        "admin/returns/<int:pk>/refuse",
        views.AdminReturnActionView.as_view(action="refuse"),
        name="admin-return-refuse",
    ),
]
