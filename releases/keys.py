"""Who a person is for a release's limits: the same key for the same account, card or shipping address however it
is typed (docs/DESIGN.md §11)."""

import hashlib
import re
import unicodedata

# Words an address writes in full or short: both give the same key.
_SHORT = {
    "avenue": "av", "ave": "av", "avda": "av", "street": "st", "str": "st", "calle": "c", "road": "rd",
    "boulevard": "blvd", "blv": "blvd", "drive": "dr", "lane": "ln", "number": "no", "num": "no", "apartment": "apt",
    "suite": "ste", "north": "n", "south": "s", "east": "e", "west": "w",
}  # fmt: skip
_WORD = re.compile(r"[a-z]+|[0-9]+")


def _words(text: str) -> list[str]:
    """Lower case, accents and punctuation gone, short forms of common words, numbers apart from letters."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return [_SHORT.get(word, word) for word in _WORD.findall(plain)]


def address_key(*, line1: str, city: str, state: str, postal_code: str) -> str:
    """The normalised shipping address: its name is left out (a bot types a new one each time), the rest compared
    without case, accents, spaces, punctuation or the long forms of street words."""
    parts = ["".join(_words(part)) for part in (postal_code, line1, city, state)]
    return "addr_" + hashlib.sha256("|".join(parts).encode()).hexdigest()[:40]


def address_key_of(address) -> str:
    """For an orders.models.ShippingAddress."""
    return address_key(line1=address.line1, city=address.city, state=address.state, postal_code=address.postal_code)


def account_key(user) -> str:
    return f"acct_{user.pk}"
