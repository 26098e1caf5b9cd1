"""The privacy app: a shopper's data, downloaded, and their account, deleted (docs/DESIGN.md §12)."""

from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "privacy"
    verbose_name = "Privacy"
