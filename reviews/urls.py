"""/reviews calls of docs/PRODUCT.md §7."""

from django.urls import path

from . import views

urlpatterns = [
    path("reviews/exact/<int:pk>", views.ReviewDetailView.as_view(), name="review-detail"),
    path("reviews/<int:shoe_id>", views.ReviewListView.as_view(), name="review-list"),
    path("reviews/<int:shoe_id>/eligibility", views.ReviewEligibilityView.as_view(), name="review-eligibility"),
]
