"""manage.py send_pending_mail: send the mails a mail outage held back."""

from django.core.management.base import BaseCommand, CommandError

from mailing import services


class Command(BaseCommand):
    help = (
        "Send every newsletter welcome mail and contact message that has not gone out yet (after a mail "
        "outage). What fails again stays pending for the next run; the exit status is 1 if anything failed."
    )

    def handle(self, *args, **options):
        welcomes = services.newsletter_welcome_send_pending()
        contacts = services.contact_message_send_pending()
        self.stdout.write(f"Newsletter welcome mails: {welcomes.sent} sent, {welcomes.failed} failed.")
        self.stdout.write(f"Contact messages: {contacts.sent} sent, {contacts.failed} failed.")
        total = welcomes + contacts
        self.stdout.write(f"Sent {total.sent}, failed {total.failed}.")
        if total.failed:
            # A non-zero exit lets cron or a monitor notice that the mail server is still refusing.
            raise CommandError(f"{total.failed} mails could not be sent; they stay pending (see the log).")
