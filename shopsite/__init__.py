"""The sneaker shop's Django project; its Celery app loads with it, so tasks publish through the shop's settings."""

from .celery import app as celery_app

__all__ = ["celery_app"]
