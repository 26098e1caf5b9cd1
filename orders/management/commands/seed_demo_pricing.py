"""manage.py seed_demo_pricing: the demo's shipping methods, tax rates and discount code (orders/demo.py)."""

from django.core.management.base import BaseCommand

from orders.demo import demo_pricing_ensure


class Command(BaseCommand):
    help = (
        "Load the demo's pricing: Standard ($7.99, free from $150) and Express ($19.99, the US) shipping, California "
        "(7.25 %) and New York (8.875 %, on shipping too) sales tax, and the code WELCOME10 (10 % off). Running it "
        "again creates nothing twice."
    )

    def handle(self, *args, **options):
        made = demo_pricing_ensure()
        self.stdout.write("Demo pricing: " + (", ".join(made) if made else "already there") + ".")
