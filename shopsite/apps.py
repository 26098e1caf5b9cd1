"""The Django admin's app, with the shop's own site in place of Django's (accounts/admin_site.py)."""

from django.contrib.admin.apps import AdminConfig


class ShopAdminConfig(AdminConfig):
    default_site = "accounts.admin_site.ShopAdminSite"
