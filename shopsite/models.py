"""The project's own rows: the heartbeats of Celery's workers and beat (shopsite/heartbeats.py)."""

from django.db import models


class Heartbeat(models.Model):
    """When a part of the background work last showed it was alive: "beat" (it sent the heartbeat task) and "worker"
    (a worker ran it). In the database, so a lost cache loses none, and every machine reads the same."""

    name = models.CharField(max_length=20, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%Y-%m-%d %H:%M:%S}"
