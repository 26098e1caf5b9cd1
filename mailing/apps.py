"""The mailing app: the outbox every mail goes through, newsletter signups and contact messages."""

from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class MailingConfig(AppConfig):
    name = "mailing"
    verbose_name = "Mailing"

    def ready(self) -> None:
        # Each app's mails.py registers the builders of its own mails (mailing/kinds.py). Its tasks.py is loaded too,
        # in every process and not only in a worker: the outbox and the orders hand work to tasks by name from
        # Celery's registry, and Celery's own autodiscovery is lazy (run by a worker at start), so a web process found
        # it missing.
        autodiscover_modules("mails", "tasks")
