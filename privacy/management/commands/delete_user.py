"""manage.py delete_user EMAIL [--yes]: the operator deletes a person's account, keeping the shop's books."""

from django.core.management.base import BaseCommand, CommandError

from accounts.selectors import user_find_by_email
from activity import services as activity
from privacy.services import account_delete
from shopsite.errors import ShopError


class Command(BaseCommand):
    help = (
        "Delete the account with this address as its owner's 'Delete my account' does: their orders stay for the "
        "books without their name, address or email, their reviews stay as ANONYMOUS USER's, everything else of "
        "theirs goes. Refused while a return or a payment of theirs is in progress. Asks to confirm unless --yes."
    )

    def add_arguments(self, parser):
        parser.add_argument("email")
        parser.add_argument("--yes", action="store_true", help="do not ask to confirm")

    def handle(self, *args, email: str, yes: bool, **options):
        user = user_find_by_email(email=email)
        if user is None:
            raise CommandError(f"No user has the address '{email}'.")
        if not yes:
            answer = input(f"Delete the account of {user.email}? This cannot be undone. Type 'yes' to go on: ")
            if answer.strip().lower() != "yes":
                raise CommandError("Nothing was deleted.")
        try:
            deletion = account_delete(user=user, actor=activity.command("delete_user"), by_operator=True)
        except ShopError as refusal:
            raise CommandError(f"{user.email} was not deleted: {refusal.message}") from None
        self.stdout.write(
            self.style.SUCCESS(
                f"{email} deleted (user {deletion.user_id}): {deletion.orders_kept} orders and "
                f"{deletion.reviews_kept} reviews kept without their details; {deletion.favorites} favorites, "
                f"{deletion.alerts} stock alerts, {deletion.reminders} reminders and {deletion.mail_rows} newsletter "
                "and mail rows removed."
            )
        )
