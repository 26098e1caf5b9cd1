"""The demo's pricing (make run): shipping methods, two states' sales tax and a welcome code, so the cart shows a real
breakdown. Running it again creates nothing twice and leaves what an operator changed alone."""

from decimal import Decimal

from .models import DiscountCode, ShippingMethod, TaxRate

DEMO_METHODS = [
    {"name": "Standard", "price": 799, "estimate": "5 to 7 business days", "free_above": 15000, "position": 1},
    {"name": "Express", "price": 1999, "estimate": "1 to 2 business days", "regions": ["US"], "position": 2},
]
DEMO_RATES = [
    {"country": "US", "state": "CA", "rate": Decimal("7.25"), "applies_to_shipping": False},
    {"country": "US", "state": "NY", "rate": Decimal("8.875"), "applies_to_shipping": True},
]
DEMO_CODE = "WELCOME10"


def demo_pricing_ensure() -> list[str]:
    """Create the demo's methods, rates and code that are missing; return what was made, as lines to print."""
    made = []
    for method in DEMO_METHODS:
        if not ShippingMethod.objects.filter(name=method["name"]).exists():
            ShippingMethod.objects.create(**method)
            made.append(f"shipping method {method['name']}")
    for rate in DEMO_RATES:
        if not TaxRate.objects.filter(country=rate["country"], state=rate["state"]).exists():
            TaxRate.objects.create(**rate)
            made.append(f"tax rate {rate['country']}-{rate['state']} {rate['rate']} %")
    if not DiscountCode.objects.filter(code__iexact=DEMO_CODE).exists():
        DiscountCode.objects.create(code=DEMO_CODE, kind=DiscountCode.Kind.PERCENT, value=10)
        made.append(f"discount code {DEMO_CODE} (10 % off)")
    return made
