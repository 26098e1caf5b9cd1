"""The mailing app: the outbox every mail goes through, newsletter signups and contact messages."""

from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class MailingConfig(AppConfig):
    name = "mailing"
    verbose_name = "Mailing"

    def ready(self) -> None:
        # Each app's mails.py registers the builders of its own mails (mailing/kinds.py).
        autodiscover_modules("mails")
        # And each app's tasks.py its Celery tasks: the outbox and the orders hand work to tasks by name, which a
        # process that is not a worker (the web server, the tests) only has once the modules are imported. Celery's
        # own autodiscovery runs in workers alone.
        autodiscover_modules("tasks")
