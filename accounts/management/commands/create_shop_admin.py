"""manage.py create_shop_admin EMAIL [--password PW]: a verified shop administrator."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email

from accounts.errors import AccountEliminated
from accounts.services import shop_admin_create


class Command(BaseCommand):
    help = "Create a verified shop administrator, or make an existing user one (and set a password)."

    def add_arguments(self, parser):
        parser.add_argument("email")
        parser.add_argument("--password", help="the password to set; one is made and printed if absent")

    def handle(self, *args, email: str, password: str | None, **options):
        try:
            validate_email(email)
        except ValidationError:
            raise CommandError(f"'{email}' is not an email address.") from None
        try:
            user, made_password = shop_admin_create(email=email, password=password)
        except AccountEliminated:
            raise CommandError(
                f"{email} is Eliminated: `set_user_status {email} --status Enabled` first, "
                "if you mean to bring it back."
            ) from None
        self.stdout.write(self.style.SUCCESS(f"{user.email} is a shop administrator (uid {user.uid})."))
        if made_password:
            self.stdout.write(f"Password: {made_password}")
