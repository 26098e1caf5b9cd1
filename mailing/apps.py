"""The mailing app: newsletter signups, contact messages and the mails the shop sends."""

from django.apps import AppConfig


class MailingConfig(AppConfig):
    name = "mailing"
    verbose_name = "Mailing"
