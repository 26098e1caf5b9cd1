"""The React app's screens, read from the route table the app itself uses (frontend/routes.json).

Django and React Router match the same way: a :param is one path segment, case is ignored
(so /aboutUs and /AboutUs are one screen) and a trailing slash does not matter.
"""

import json
import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

ROUTE_TABLE = Path(__file__).with_name("routes.json")


class Screen(NamedTuple):
    """The screen a path shows and the values of the route's :params in it."""

    name: str
    params: dict[str, str]


def _pattern(path: str) -> re.Pattern:
    segments = [
        f"(?P<{part[1:]}>[^/]+)" if part.startswith(":") else re.escape(part)
        for part in path.strip("/").split("/")
        if part
    ]
    return re.compile("^/" + "/".join(segments) + "/?$", re.IGNORECASE)


@cache
def _routes() -> list[tuple[re.Pattern, str]]:
    return [(_pattern(route["path"]), route["screen"]) for route in json.loads(ROUTE_TABLE.read_text())]


def screen_for(path: str) -> Screen | None:
    """The screen a path shows, or None for the 404 screen."""
    for pattern, name in _routes():
        if match := pattern.match(path):
            return Screen(name, match.groupdict())
    return None
