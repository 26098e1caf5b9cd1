"""manage.py send_pending_mail: send the mails still waiting in the outbox (beat's periodic resend, by hand)."""

from django.core.management.base import BaseCommand, CommandError

from mailing import services


class Command(BaseCommand):
    help = (
        "Send every mail still waiting in the outbox (order confirmations, password resets, newsletter welcomes, "
        "contact messages) that a mail server or broker outage held back. Each is claimed first, so this may run "
        "beside the workers and beat. What fails stays pending; the exit status is 1 if anything failed."
    )

    def handle(self, *args, **options):
        report = services.mail_send_pending()
        self.stdout.write(
            f"Sent {report.sent}, failed {report.failed}, dropped {report.dropped} (what they name is gone), "
            f"left {report.left} (the mail server kept refusing, or a worker had them)."
        )
        if report.failed:
            # A non-zero exit lets a monitor notice that the mail server is still refusing.
            raise CommandError(f"{report.failed} mails could not be sent; they stay pending (see the log).")
