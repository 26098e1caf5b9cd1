"""The project's app (its commands and start-up checks), and the Django admin's, with the shop's own site in place of
Django's (accounts/admin_site.py)."""

from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class ShopsiteConfig(AppConfig):
    name = "shopsite"
    verbose_name = "Sneaker shop"

    def ready(self) -> None:
        from . import startup_checks  # noqa: F401  (registers them)
        from .heartbeats import heartbeat_ages
        from .metrics import broker_queue_length, scrape_gauge_add

        scrape_gauge_add(
            "shop_heartbeat_age_seconds",
            "Seconds since beat sent its heartbeat (part=beat) and since a worker ran it (part=worker).",
            lambda: [({"part": part}, age) for part, age in heartbeat_ages().items() if age is not None],
        )
        scrape_gauge_add(
            "shop_celery_queue_length",
            "Tasks waiting in the broker's queue (a Redis broker; absent for another).",
            lambda: [({"queue": queue}, length) for queue, length in broker_queue_length()],
        )


class ShopAdminConfig(AdminConfig):
    default_site = "accounts.admin_site.ShopAdminSite"
