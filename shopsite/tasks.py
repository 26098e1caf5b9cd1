"""The project's own background task: the heartbeat beat sends and a worker runs (shopsite/heartbeats.py)."""

from celery import shared_task

from .heartbeats import heartbeat_stamp


@shared_task(name="shopsite.tasks.heartbeat", ignore_result=True)
def heartbeat() -> None:
    """A worker took a task from the broker just now."""
    heartbeat_stamp("worker")
