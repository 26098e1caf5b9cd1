"""The React app's screens, read from the route table the app itself uses (frontend/routes.json).

Django and React Router match the same way: a :param is one path segment, case is ignored
(so /aboutUs and /AboutUs are one screen) and a trailing slash does not matter.
"""

import json
import re
from functools import cache
from pathlib import Path

ROUTE_TABLE = Path(__file__).with_name("routes.json")


def _pattern(path: str) -> re.Pattern:
    segments = [r"[^/]+" if part.startswith(":") else re.escape(part) for part in path.strip("/").split("/") if part]
    return re.compile("^/" + "/".join(segments) + "/?$", re.IGNORECASE)


@cache
def _routes() -> list[tuple[re.Pattern, str]]:
    return [(_pattern(route["path"]), route["screen"]) for route in json.loads(ROUTE_TABLE.read_text())]


def screen_for(path: str) -> str | None:
    """The screen a path shows, or None for the 404 screen."""
    return next((screen for pattern, screen in _routes() if pattern.match(path)), None)
