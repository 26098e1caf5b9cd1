"""Whether Celery's beat and workers are alive (docs/DEPLOY.md: heartbeats).

Beat sends the task shopsite.tasks.heartbeat every SHOP_HEARTBEAT_SECONDS: sending it stamps "beat" (the
before_task_publish signal, in beat's own process: shopsite/celery.py), and the worker that runs it stamps "worker".
A live beat AND a worker taking tasks from the broker are both proven; with every worker down beat's age stays fresh
and the worker's grows. Each stamp is one UPDATE of a row in the database. Their ages are in /metrics and
/api/health, which call a part older than SHOP_HEARTBEAT_STALE_SECONDS stale (and log it at WARNING).
"""

import logging

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection
from django.utils import timezone

from .models import Heartbeat

logger = logging.getLogger(__name__)

PARTS = ("beat", "worker")
TASK = "shopsite.tasks.heartbeat"


def heartbeat_stamp(part: str) -> None:
    """Record that this part is alive now: one UPDATE (the row is made by the first stamp)."""
    now = timezone.now()
    if not Heartbeat.objects.filter(name=part).update(at=now):
        Heartbeat.objects.update_or_create(name=part, defaults={"at": now})


def beat_sent(sender=None, **kwargs) -> None:
    """before_task_publish: beat has just sent the heartbeat task. Never stops the sending: a database out is logged
    and its connection dropped, so the next minute's stamp connects afresh."""
    if sender != TASK:
        return
    # Beat lives for weeks outside any request: Django's request-end clean-up never runs in it.
    close_old_connections()
    try:
        heartbeat_stamp("beat")
    except DatabaseError as error:
        logger.warning("Beat's heartbeat was not recorded (%s: %s)", type(error).__name__, error)
        connection.close()


def heartbeat_ages() -> dict[str, float | None]:
    """Seconds since each part's last stamp; None for a part never stamped (a shop whose beat never ran)."""
    now = timezone.now()
    stamps = dict(Heartbeat.objects.filter(name__in=PARTS).values_list("name", "at"))
    return {part: (now - stamps[part]).total_seconds() if part in stamps else None for part in PARTS}


def heartbeat_states(ages: dict[str, float | None]) -> dict[str, str]:
    """ok, stale (older than SHOP_HEARTBEAT_STALE_SECONDS, logged at WARNING) or unknown (never stamped)."""
    states = {}
    for part, age in ages.items():
        if age is None:
            states[part] = "unknown"
        elif age > settings.SHOP_HEARTBEAT_STALE_SECONDS:
            states[part] = "stale"
            logger.warning(
                "The %s heartbeat is %.0f s old (stale after %s s): is celery %s running?",
                part,
                age,
                settings.SHOP_HEARTBEAT_STALE_SECONDS,
                part,
            )
        else:
            states[part] = "ok"
    return states
