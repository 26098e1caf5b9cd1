"""Privacy routes, under /api/."""

from django.urls import path

from . import views

urlpatterns = [
    path("account/data", views.DataExportView.as_view(), name="account-data"),
    path("account/delete", views.AccountDeleteView.as_view(), name="account-delete"),
]
