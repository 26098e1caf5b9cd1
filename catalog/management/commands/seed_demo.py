"""manage.py seed_demo [--shoes N] [--if-empty]: the demo catalogue and demo accounts."""

import time

from django.core.management.base import BaseCommand

from accounts.demo import demo_accounts_ensure
from catalog.demo import demo_catalogue_seed
from catalog.models import Shoe


class Command(BaseCommand):
    help = (
        "Load the demo catalogue (10 brands, shoes with sizes 6 to 11.5, pictures drawn locally) and the "
        "demo accounts. Running it again creates nothing twice."
    )

    def add_arguments(self, parser):
        parser.add_argument("--shoes", type=int, default=60, help="how many demo shoes the shop should hold")
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="leave the catalogue alone if the shop already has shoes (so deleted demo shoes stay deleted)",
        )

    def handle(self, *args, shoes: int, if_empty: bool, **options):
        started = time.monotonic()
        if if_empty and Shoe.objects.exists():
            self.stdout.write("The shop already has a catalogue; it is left as it is.")
        else:
            made = demo_catalogue_seed(count=shoes)
            seconds = time.monotonic() - started
            self.stdout.write(f"Demo catalogue: {made} shoes added ({shoes} wanted) in {seconds:.1f} s.")
        accounts = demo_accounts_ensure()
        self.stdout.write("Demo accounts:")
        for account in accounts:
            password = account.password or "(its owner's password)"
            self.stdout.write(f"  {account.role:8} {account.user.email:32} password: {password}")
        if not any(account.role == "admin" for account in accounts):
            self.stdout.write("  (no admins: SHOP_ADMIN_EMAILS is empty)")
