"""Catalogue routes, under /api/."""

from django.urls import path

from . import views

urlpatterns = [
    path("shoes", views.ShoeListView.as_view(), name="shoe-list"),
    path("shoes/onSale", views.ShoeOnSaleListView.as_view(), name="shoe-on-sale-list"),
    path("shoes/colors", views.ShoeColorListView.as_view(), name="shoe-color-list"),
    path("shoes/archived", views.ShoeArchivedListView.as_view(), name="shoe-archived-list"),
    path("shoes/addSize/<int:pk>", views.StockAddView.as_view(), name="stock-add"),
    path("shoes/<int:pk>", views.ShoeDetailView.as_view(), name="shoe-detail"),
    path("shoes/<int:pk>/restore", views.ShoeRestoreView.as_view(), name="shoe-restore"),
    path("shoes/<int:pk>/notify", views.StockAlertView.as_view(), name="stock-alert"),
    path(
        "shoes/notify/unsubscribe/<str:token>",
        views.StockAlertUnsubscribeView.as_view(),
        name="stock-alert-unsubscribe",
    ),
    path("admin/mostWantedSizes", views.MostWantedSizesView.as_view(), name="most-wanted-sizes"),
    path("admin/onsale/<int:pk>", views.ShoeOnSaleView.as_view(), name="shoe-on-sale"),
    path("brands", views.BrandListView.as_view(), name="brand-list"),
    path("brands/<int:pk>", views.BrandDetailView.as_view(), name="brand-detail"),
    path("brands/<int:pk>/sizeGuide", views.BrandSizeGuideView.as_view(), name="brand-size-guide"),
]
