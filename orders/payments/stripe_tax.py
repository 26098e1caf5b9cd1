"""Stripe Tax as the shop's tax calculator (STRIPE_TAX=1 with the Stripe gateway; docs/DEPLOY.md): one Tax
Calculation per priced cart, its amounts per line and for shipping in place of the shop's table of rates."""

import stripe
from django.conf import settings

from ..pricing import Breakdown, TaxAmounts, tax_basis, us_state_code
from .base import GatewayUnavailable
from .stripe import MAX_NETWORK_RETRIES, _http_client, _stripe_call

# Tests hand the SDK a recording client here (orders/tests/test_stripe_tax.py).
http_client: stripe.HTTPClient | None = None


def tax_calculate(*, country: str, state: str, postal_code: str, breakdown: Breakdown, included: bool) -> TaxAmounts:
    """Stripe's tax on each line (what it pays after its discount) and on the shipping, for the destination given;
    GatewayUnavailable when Stripe does not answer or refuses (an address it cannot place)."""
    if not settings.STRIPE_SECRET_KEY:
        raise GatewayUnavailable("Stripe Tax needs STRIPE_SECRET_KEY.")
    behavior = "inclusive" if included else "exclusive"
    address = {"country": country}
    if state:
        address["state"] = us_state_code(state) if country == "US" else state
    if postal_code:
        address["postal_code"] = postal_code
    params = {
        "currency": settings.SHOP_CURRENCY,
        "customer_details": {"address": address, "address_source": "shipping"},
        "line_items": [
            {
                "amount": part.paid,
                "quantity": part.line.quantity,
                "reference": f"line-{index}",
                "tax_behavior": behavior,
            }
            for index, part in enumerate(breakdown.lines)
            if part.paid > 0
        ],
        "expand": ["line_items"],
    }
    if breakdown.shipping:
        params["shipping_cost"] = {"amount": breakdown.shipping, "tax_behavior": behavior}
    client = stripe.StripeClient(
        settings.STRIPE_SECRET_KEY, http_client=http_client or _http_client, max_network_retries=MAX_NETWORK_RETRIES
    )
    with _stripe_call("tax calculation"):
        calculation = client.v1.tax.calculations.create(params)
    taxed = {item.reference: item.amount_tax for item in calculation.line_items.data} if calculation.line_items else {}
    return TaxAmounts(
        lines=[taxed.get(f"line-{index}", 0) for index in range(len(breakdown.lines))],
        shipping=calculation.shipping_cost.amount_tax if calculation.shipping_cost else 0,
        basis=tax_basis(breakdown),
    )
