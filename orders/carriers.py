"""The carriers an admin ships with (docs/DESIGN.md §5, "Fulfilment"): their names, the shape of their tracking
numbers and the page that tracks one. A table in code: adding a carrier is a release, not a setting."""

import re
from dataclasses import dataclass
from urllib.parse import quote


@dataclass(frozen=True)
class Carrier:
    code: str
    name: str
    # The whole tracking number, spaces and dashes taken out first.
    pattern: re.Pattern
    # {number} is the tracking number, URL-quoted.
    tracking_url: str


CARRIERS: dict[str, Carrier] = {
    carrier.code: carrier
    for carrier in [
        Carrier("UPS", "UPS", re.compile(r"1Z[0-9A-Z]{16}"), "https://www.ups.com/track?tracknum={number}"),
        Carrier(
            "USPS",
            "USPS",
            re.compile(r"\d{20,22}|[A-Z]{2}\d{9}[A-Z]{2}"),
            "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}",
        ),
        Carrier(
            "FedEx",
            "FedEx",
            re.compile(r"\d{12}|\d{15}|\d{20}|\d{22}"),
            "https://www.fedex.com/fedextrack/?trknbr={number}",
        ),
        Carrier(
            "DHL",
            "DHL",
            re.compile(r"\d{10,11}|[A-Z]{3}\d{7}|JJD\d{16,18}"),
            "https://www.dhl.com/en/express/tracking.html?AWB={number}",
        ),
    ]
}


def tracking_number_clean(*, carrier: str, number: str) -> str | None:
    """The number as the carrier writes it (upper case, no spaces or dashes), or None when it is not one of that
    carrier's shapes or the carrier is unknown."""
    found = CARRIERS.get(carrier)
    cleaned = re.sub(r"[\s-]", "", number or "").upper()
    if found is None or not found.pattern.fullmatch(cleaned):
        return None
    return cleaned


def tracking_url(*, carrier: str, number: str) -> str:
    found = CARRIERS.get(carrier)
    return found.tracking_url.format(number=quote(number)) if found else ""
