"""A brand's own size guide (issue 31): its rows checked and written in one normal form, pure (no database).

A guide is a list of rows {us, uk, eu, cm}, each a size as the brand prints it, kept as text ("9.5", "42 2/3",
"27.5"; cm may be ""), one row per US size, in US order. An empty guide means the brand uses the shop's chart
(docs/PRODUCT.md §9), which stays the default and /sizeChart's.
"""

import re
from collections import Counter
from decimal import Decimal, InvalidOperation
from typing import Any, TypedDict

MAX_ROWS = 40
COLUMNS = ("us", "uk", "eu", "cm")

_HALVES = re.compile(r"^\d{1,2}(?:\.[05]0*)?$")
# EU sizes come in halves, and some brands print thirds (40 2/3): "40 2/3", "40⅔" and "40.5" are all read.
_EU = re.compile(r"^(\d{2})(?:(\.[05]0*)|\s*(1/3|2/3|⅓|⅔))?$")
_CM = re.compile(r"^\d{1,2}(?:\.\d0*)?$")
_THIRDS = {"1/3": " 1/3", "⅓": " 1/3", "2/3": " 2/3", "⅔": " 2/3"}


class SizeGuideRow(TypedDict):
    us: str
    uk: str
    eu: str
    cm: str


class SizeGuideInvalid(ValueError):
    """The guide as sent cannot be kept; `messages` says why, one sentence each, naming the row."""

    def __init__(self, messages: list[str]):
        super().__init__(" ".join(messages))
        self.messages = messages


def size_guide_clean(rows: Any) -> list[SizeGuideRow]:
    """The guide in its normal form, sorted by US size; SizeGuideInvalid with every problem found otherwise."""
    if rows is None:
        return []
    if not isinstance(rows, list):
        raise SizeGuideInvalid(["Send the size guide as a list of rows, each with its US, UK, EU and cm sizes."])
    if len(rows) > MAX_ROWS:
        raise SizeGuideInvalid([f"A size guide has at most {MAX_ROWS} rows; this one has {len(rows)}."])
    problems: list[str] = []
    clean: list[SizeGuideRow] = []
    for number, row in enumerate(rows, start=1):
        found = _row_clean(number, row)
        if isinstance(found, list):
            problems.extend(found)
        else:
            clean.append(found)
    counts = Counter(row["us"] for row in clean)
    for us, count in counts.items():
        if count > 1:
            times = "twice" if count == 2 else f"{count} times"
            problems.append(f"The US size {us} is in the guide {times}: give each US size one row.")
    if problems:
        raise SizeGuideInvalid(problems)
    return sorted(clean, key=lambda row: Decimal(row["us"]))


def _row_clean(number: int, row: Any) -> SizeGuideRow | list[str]:
    where = f"Row {number}"
    if not isinstance(row, dict):
        return [f"{where}: a row has a US, a UK, an EU and a cm size."]
    text = {column: _text(row.get(column)) for column in COLUMNS}
    problems = []
    us = _halves(text["us"], low=1, high=22)
    if us is None:
        problems.append(f"{where}: the US size must be from 1 to 22 in half sizes, as 9 or 9.5.")
    uk = _halves(text["uk"], low=0, high=21)
    if uk is None:
        problems.append(f"{where}: the UK size must be from 0 to 21 in half sizes, as 8 or 8.5.")
    eu = _eu(text["eu"])
    if eu is None:
        problems.append(f"{where}: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3.")
    cm = _cm(text["cm"])
    if cm is None:
        problems.append(f"{where}: the foot length must be from 10 to 40 cm, as 27 or 27.5, or left empty.")
    if problems:
        return problems
    return SizeGuideRow(us=us, uk=uk, eu=eu, cm=cm)


def _text(value: Any) -> str | None:
    # Numbers are as good as text; anything else (true, a list) is no size.
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal):
        return str(value)
    if value is None:
        return ""
    return value.strip() if isinstance(value, str) else None


def _label(value: Decimal) -> str:
    return f"{value.normalize():f}"


def _number(text: str | None, pattern: re.Pattern, low: int, high: int) -> Decimal | None:
    if not text or not pattern.match(text):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if low <= value <= high else None


def _halves(text: str | None, *, low: int, high: int) -> str | None:
    value = _number(text, _HALVES, low, high)
    return None if value is None else _label(value)


def _eu(text: str | None) -> str | None:
    match = _EU.match(text or "")
    if not match:
        return None
    whole, half, third = match.groups()
    # 55 itself is the largest: neither 55.5 nor 55 1/3.
    if not 15 <= int(whole) < 55 and not (int(whole) == 55 and not (half and Decimal(half)) and not third):
        return None
    if third:
        return f"{int(whole)}{_THIRDS[third]}"
    return _label(Decimal(whole + (half or "")))


def _cm(text: str | None) -> str | None:
    if text == "":
        return ""
    value = _number(text, _CM, 10, 40)
    return None if value is None else _label(value)
