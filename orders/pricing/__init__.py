"""Pricing (docs/DESIGN.md §5): the cart's breakdown as pure functions (breakdown.py) and the addresses' regions."""

from .breakdown import (
    Breakdown,
    Code,
    CodeKind,
    CodeRefusal,
    Line,
    LinePrice,
    Shipping,
    Tax,
    TaxAmounts,
    breakdown_compute,
    dollars,
    refund_share,
    split,
    tax_basis,
    tax_of,
)
from .regions import US_STATES, region_codes, region_valid, state_key, us_state_code

__all__ = [
    "US_STATES", "Breakdown", "Code", "CodeKind", "CodeRefusal", "Line", "LinePrice", "Shipping", "Tax",
    "TaxAmounts", "breakdown_compute", "dollars", "refund_share", "region_codes", "region_valid", "split",
    "state_key", "tax_basis", "tax_of", "us_state_code",
]  # fmt: skip
