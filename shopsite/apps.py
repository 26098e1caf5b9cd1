"""The project's app (its commands and start-up checks), and the Django admin's, with the shop's own site in place of
Django's (accounts/admin_site.py)."""

from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class ShopsiteConfig(AppConfig):
    name = "shopsite"
    verbose_name = "Sneaker shop"

    def ready(self) -> None:
        from . import startup_checks  # noqa: F401  (registers them)


class ShopAdminConfig(AdminConfig):
    default_site = "accounts.admin_site.ShopAdminSite"
