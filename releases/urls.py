"""/releases calls (docs/PRODUCT.md §10)."""

from django.urls import path

from . import views

urlpatterns = [
    path("releases", views.ReleaseListView.as_view(), name="release-list"),
    path("releases/all", views.ReleaseAllView.as_view(), name="release-all"),
    path("releases/<int:release_id>", views.ReleaseDetailView.as_view(), name="release-detail"),
    path("releases/<int:release_id>/reminders", views.ReminderView.as_view(), name="release-reminders"),
    path("releases/<int:release_id>/entry", views.EntryView.as_view(), name="release-entry"),
    path("releases/<int:release_id>/watch", views.ReleaseWatchView.as_view(), name="release-watch"),
    path("releases/<int:release_id>/draw", views.ReleaseDrawView.as_view(), name="release-draw"),
]
