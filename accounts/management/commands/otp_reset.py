"""manage.py otp_reset EMAIL: removes the account's second factor, for someone who lost their app and recovery codes."""

from django.core.management.base import BaseCommand, CommandError

from accounts import second_factor
from accounts.selectors import user_find_by_email
from activity import services as activity


class Command(BaseCommand):
    help = (
        "Remove a user's authenticator app and recovery codes (they lost both): they sign in with their password, and "
        "enrol again from /account. Check who is asking first, as for a password reset by hand."
    )

    def add_arguments(self, parser):
        parser.add_argument("email")

    def handle(self, *args, email: str, **options):
        user = user_find_by_email(email=email)
        if user is None:
            raise CommandError(f"No user has the address '{email}'.")
        removed = second_factor.devices_remove(user, actor=activity.command("otp_reset"))
        if not removed:
            self.stdout.write(f"{user.email} has no second factor: nothing to remove.")
            return
        self.stdout.write(
            self.style.SUCCESS(
                f"{user.email}: second factor removed ({removed} devices); they enrol again from /account."
            )
        )
