"""Favorites routes, under /api/."""

from django.urls import path

from . import views

urlpatterns = [
    path("favorites/<str:uid>", views.FavoriteListView.as_view(), name="favorite-list"),
]
