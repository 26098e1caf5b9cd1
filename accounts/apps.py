"""The accounts app: shoppers, administrators and how they sign in."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from . import (  # noqa: F401  their receivers of user_logged_in
            middleware,
            schema,
            second_factor,
        )
