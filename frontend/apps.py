"""The frontend app: the page shell that serves the React app, and the app's source (frontend/src)."""

from django.apps import AppConfig


class FrontendConfig(AppConfig):
    name = "frontend"
    verbose_name = "Frontend"
