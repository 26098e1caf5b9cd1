"""The project's own rows: the heartbeats of Celery's workers and beat (shopsite/heartbeats.py), and the versions of the
tables each process keeps (shopsite/kept.py)."""

from django.db import models


class Heartbeat(models.Model):
    """When a part of the background work last showed it was alive: "beat" (it sent the heartbeat task) and "worker"
    (a worker ran it). In the database, so a lost cache loses none, and every machine reads the same."""

    name = models.CharField(max_length=20, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%Y-%m-%d %H:%M:%S}"


class TablesVersion(models.Model):
    """The version of a set of tables each process keeps (shopsite/kept.py): a new random value at every write of
    them, in the writer's own transaction. In the database, so that every process of every machine sees it, whatever
    the cache."""

    name = models.CharField(max_length=40, primary_key=True)
    version = models.CharField(max_length=32)

    def __str__(self) -> str:
        return f"{self.name} {self.version}"
