"""manage.py export_user_data EMAIL [--output FILE]: everything the shop holds of a person, as JSON."""

import json

from django.core.management.base import BaseCommand, CommandError

from accounts.selectors import user_find_by_email
from privacy.selectors import user_data_export


class Command(BaseCommand):
    help = (
        "Write everything the shop holds of the account with this address (the same JSON as its 'Download my data') "
        "to standard output, or to a file with --output. Check who is asking first, as for a password reset by hand."
    )

    def add_arguments(self, parser):
        parser.add_argument("email")
        parser.add_argument("--output", "-o", help="write the JSON to this file instead of standard output")

    def handle(self, *args, email: str, output: str | None, **options):
        user = user_find_by_email(email=email)
        if user is None:
            raise CommandError(f"No user has the address '{email}'.")
        document = json.dumps(user_data_export(user=user), indent=2, ensure_ascii=False)
        if output is None:
            self.stdout.write(document)
            return
        with open(output, "w", encoding="utf-8") as file:
            file.write(document + "\n")
        self.stderr.write(self.style.SUCCESS(f"{user.email}'s data written to {output}."))
