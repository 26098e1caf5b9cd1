"""The React app's screens, read from the route table the app itself uses (frontend/routes.json).

Django and React Router match the same way: a :param is one path segment, case is ignored
(so /aboutUs and /AboutUs are one screen) and a trailing slash does not matter.

A route's "preload" lists the API calls its screen makes first, for the page shell to start them beside the
bundle (docs/DESIGN.md §7); a :param in one of them is the route's.
"""

import json
import re
from functools import cache
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

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


@cache
def _preloads() -> dict[str, tuple[str, ...]]:
    return {
        route["screen"]: tuple(route["preload"]) for route in json.loads(ROUTE_TABLE.read_text()) if "preload" in route
    }


def preload_for(screen: Screen) -> tuple[str, ...]:
    """The API calls the screen makes first, with its :params' values (as given: the caller makes them canonical)."""

    def value(param: re.Match) -> str:
        return quote(screen.params[param[1]], safe="")

    return tuple(re.sub(r":(\w+)", value, url) for url in _preloads().get(screen.name, ()))


def screen_for(path: str) -> Screen | None:
    """The screen a path shows, or None for the 404 screen."""
    for pattern, name in _routes():
        if match := pattern.match(path):
            return Screen(name, match.groupdict())
    return None
