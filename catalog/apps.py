"""The catalog app: brands, shoes and the stock of each size."""

from django.apps import AppConfig


class CatalogConfig(AppConfig):
    name = "catalog"
    verbose_name = "Catalogue"

    def ready(self) -> None:
        from .services import signals_connect

        signals_connect()
