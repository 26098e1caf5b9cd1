"""The orders app: checkout, payments and the orders they make."""

from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"
    verbose_name = "Orders"

    def ready(self) -> None:
        from .services import signals_connect

        signals_connect()
