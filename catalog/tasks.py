"""The catalogue's Celery tasks: a new picture's smaller copies, stored after the upload's request has answered."""

from celery import shared_task
from django.conf import settings

from . import services


@shared_task(name=services.PICTURE_SIZES_TASK, acks_late=True, reject_on_worker_lost=True, time_limit=120)
def picture_sizes_make(name: str) -> bool:
    """Store the copies of one picture at the shop's smaller widths (catalog.images.PICTURE_WIDTHS). Doing it again
    makes the same files, so a second delivery of the task is harmless."""
    return services.picture_sizes_make(name=name)


@shared_task(name="catalog.tasks.picture_sizes_catch_up", time_limit=600)
def picture_sizes_catch_up() -> int:
    """Beat's: the copies of the pictures still without them, a bounded number per run."""
    return services.picture_sizes_catch_up(limit=settings.SHOP_PICTURE_SIZES_PER_RUN)
