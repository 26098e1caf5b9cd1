"""The releases app: scheduled drops of limited shoes, first-come or by draw (docs/PRODUCT.md §10, DESIGN.md §11)."""

from django.apps import AppConfig


class ReleasesConfig(AppConfig):
    name = "releases"
    verbose_name = "Releases"

    def ready(self) -> None:
        # The checkout's hooks (orders/hooks.py): the release's guard and its in-transaction rules; and its mails.
        from . import checkout_rules, mails  # noqa: F401
        from .models import Release, ReleaseSize
        from .selectors import RULING_SHOES

        # Every save and delete of a release or its sizes (the dashboard's, the Django admin's) moves on the shoes
        # each process keeps as ruled by a release.
        RULING_SHOES.moved_by(Release, ReleaseSize)
