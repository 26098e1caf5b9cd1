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
        from shopsite.metrics import scrape_gauge_add

        from .selectors import mail_oldest_waiting_age

        scrape_gauge_add(
            "shop_mail_oldest_waiting_age_seconds",
            "Seconds the oldest mail of the outbox not sent yet has waited (0: none waits).",
            lambda: [({}, mail_oldest_waiting_age())],
        )
