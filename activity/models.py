"""One line of the activity log: who did what to which record, the values before and after, under which request.

Append-only: the model refuses to be saved twice or deleted (and its queryset to update or delete); on PostgreSQL a
trigger refuses UPDATE and DELETE on the table whatever sends them (migrations/0002). The actor is kept by id and by
the name and address they had then, not by a foreign key: the line outlives the account and never moves with it.
"""

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

APPEND_ONLY = "The activity log is append-only: its lines are never changed or deleted."


class AppendOnly(Exception):
    """Something tried to change or delete a line of the activity log."""

    def __init__(self) -> None:
        super().__init__(APPEND_ONLY)


class EntryQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnly()

    def delete(self):
        raise AppendOnly()

    def bulk_update(self, objs, fields, batch_size=None):
        raise AppendOnly()


class Entry(models.Model):
    class Via(models.TextChoices):
        DASHBOARD = "dashboard"  # the shop's API, which the dashboard calls
        ADMIN = "admin"  # the Django admin
        COMMAND = "command"  # an operator's manage.py command
        SIGN_IN = "sign-in"  # the sign-in's security events

    at = models.DateTimeField(auto_now_add=True, db_index=True)
    # The account that acted (None for a command, or a sign-in that named no account), with its address and name then.
    actor_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    actor_email = models.CharField(max_length=254, blank=True)
    # The person's display name, or "command <name>" for an operator's command.
    actor_name = models.CharField(max_length=120, blank=True)
    via = models.CharField(max_length=10, choices=Via.choices)
    # What was done, as "<record type>.<verb>" (shoe.update, order.refund) or "security.<event>".
    kind = models.CharField(max_length=60, db_index=True)
    # The record it was done to: its model's name, its primary key, and what it was called then.
    record_type = models.CharField(max_length=40, blank=True)
    record_id = models.CharField(max_length=64, blank=True)
    record_label = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    # The request it happened in (shopsite/logs.py), to join the line with the application's log; blank outside one.
    request_id = models.CharField(max_length=64, blank=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = "activity log entry"
        verbose_name_plural = "activity log"
        indexes = [models.Index(fields=["record_type", "record_id"], name="activity_record")]

    def __str__(self) -> str:
        who = self.actor_name or self.actor_email or "someone"
        return f"{self.at:%Y-%m-%d %H:%M:%S} {who}: {self.kind} {self.record_label}".strip()

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise AppendOnly()
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly()
