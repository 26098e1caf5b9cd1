"""The activity log: an append-only record of every staff write and of the sign-in's security events."""

from django.apps import AppConfig


class ActivityConfig(AppConfig):
    name = "activity"
    verbose_name = "Activity log"
