"""Helpers of the pricing tests: the operator's tables as the demo sets them."""

from decimal import Decimal

from orders.models import DiscountCode, ShippingMethod, TaxRate

from .checkout import ADDRESS

CALIFORNIA = {**ADDRESS, "state": "California"}


def tables() -> dict:
    """Standard ($7.99, free from $150), Express ($19.99, the US only), California 7.25 % (not on shipping), New York
    8.875 % on shipping too, and WELCOME10 (10 % off)."""
    return {
        "standard": ShippingMethod.objects.create(
            name="Standard", price=799, estimate="5 to 7 business days", free_above=15000, position=1
        ),
        "express": ShippingMethod.objects.create(
            name="Express", price=1999, estimate="1 to 2 business days", regions=["US"], position=2
        ),
        "california": TaxRate.objects.create(country="US", state="CA", rate=Decimal("7.25")),
        "new_york": TaxRate.objects.create(
            country="US", state="New York", rate=Decimal("8.875"), applies_to_shipping=True
        ),
        "welcome": DiscountCode.objects.create(code="WELCOME10", kind="percent", value=10),
    }
