"""Where an address is, as the shop's tables name it: a country (ISO 3166 alpha-2) and, in the US, a state by its
USPS code. The payment form takes a state in full ("California"); the tables take either, in any case."""

US_STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
    "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan",
    "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin",
    "WY": "Wyoming", "PR": "Puerto Rico",
}  # fmt: skip
_BY_NAME = {" ".join(name.lower().split()): code for code, name in US_STATES.items()}


def us_state_code(state: str) -> str:
    """The USPS code of a US state given in full or as its code, in any case; "" when it is not one."""
    key = " ".join(state.lower().split())
    if key.upper() in US_STATES:
        return key.upper()
    return _BY_NAME.get(key, "")


def state_key(*, country: str, state: str) -> str:
    """How the tables compare a state: a US state's USPS code; elsewhere the name, lower case, spaces folded."""
    if country.upper() == "US":
        return us_state_code(state)
    return " ".join(state.lower().split())


def region_codes(*, country: str, state: str) -> set[str]:
    """What a shipping method's regions may name to serve this address: "US" and "US-CA" for a Californian one."""
    country = country.upper()
    codes = {country}
    key = state_key(country=country, state=state)
    if key:
        codes.add(f"{country}-{key.upper()}")
    return codes


def region_valid(region: str) -> bool:
    """A region of a shipping method: a country ("DE"), or a US state by its USPS code ("US-CA"), or another
    country's subdivision code ("CA-QC")."""
    country, _, part = region.partition("-")
    if len(country) != 2 or not country.isalpha() or not country.isupper():
        return False
    if not part:
        return "-" not in region
    if country == "US":
        return part in US_STATES
    return 1 <= len(part) <= 3 and part.isalnum() and part.isupper()
