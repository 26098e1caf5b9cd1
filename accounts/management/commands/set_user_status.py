"""manage.py set_user_status EMAIL [--status S] [--manager | --no-manager]: the operator's word on any account."""

from argparse import BooleanOptionalAction

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from accounts.selectors import user_find_by_email
from accounts.services import user_operator_update


class Command(BaseCommand):
    help = (
        "Set a user's status or manager flag. The one way to change the shop's owners (SHOP_ADMIN_EMAILS), "
        "whom no administrator can change, and to mark an account Eliminated."
    )

    def add_arguments(self, parser):
        parser.add_argument("email")
        parser.add_argument("--status", choices=User.Status.values)
        parser.add_argument("--manager", action=BooleanOptionalAction, help="turn the manager flag on (or off)")

    def handle(self, *args, email: str, status: str | None, manager: bool | None, **options):
        if status is None and manager is None:
            raise CommandError("Say what to change: --status, --manager or --no-manager.")
        user = user_find_by_email(email=email)
        if user is None:
            raise CommandError(f"No user has the address '{email}'.")
        user = user_operator_update(user=user, status=status, manager=manager)
        flag = "on" if user.manager else "off"
        self.stdout.write(self.style.SUCCESS(f"{user.email}: {user.status}, manager flag {flag}."))
