"""The page shell's route: every path that is not the API's, the Django admin's, a static file or a media file."""

from django.urls import re_path

from .views import page_shell

urlpatterns = [
    re_path(r"^(?!(?:api|django-admin|static|media)(?:/|$)).*$", page_shell, name="page-shell"),
]
