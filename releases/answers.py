"""GET /api/releases kept in the catalogue's versioned cache (catalog/cache.py), with the server's clock put in as it
is served, and HTTP caching for anonymous callers (shopsite/http_cache.py) (docs/DESIGN.md §11).

What the list shows changes three ways: a write (an admin's release, a draw's outcome, a shoe's name or price), which
moves the catalogue version on (releases.services call catalog_version_bump, and so does the Django admin); and the
clock passing one of the releases' instants (announced, opens, closes, a first-come release a day old), which moves
the answer's *period*: the number of those instants past, read from a sorted list kept under the version. So an
answer is kept under (version, period, shoe) until either moves, and the opening minute's crowd is answered from the
cache from its first second. serverNow is left out of what is kept and written into each answer as it goes out; an
HTTP cache may keep that answer for PUBLIC_MAX_AGE (1 s), so a countdown may start a second late, never early, and
the server's clock decides at checkout anyway.
"""

from bisect import bisect_right
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from catalog.cache import accepts_plain_json, cached_get, cached_set, request_catalog_version, versioned_key
from catalog.fresh import Kept, Served, clock
from shopsite.http_cache import JSON_VARY, public_response
from shopsite.renderers import JSONRenderer

from . import selectors
from .models import Release
from .serializers import ReleaseOutput, turnstile_site_key

_RENDERER = JSONRenderer()
_HEADERS = (("Content-Type", "application/json"),)
# A first-come release without a close is listed as past a day after it opened (selectors._is_past).
PAST_AFTER = timedelta(days=1)


def _instants(version: int) -> list[float]:
    """Every instant at which some release's place in the list or state changes, sorted (kept under the version)."""
    key = versioned_key("release-instants", version, "")
    instants = cached_get(key)
    if instants is None:
        found: set[float] = set()
        rows = Release.objects.values_list("kind", "announce_at", "opens_at", "closes_at")
        for kind, announce_at, opens_at, closes_at in rows:
            found.update(moment.timestamp() for moment in (announce_at, opens_at, closes_at) if moment)
            if kind == Release.Kind.FIRST_COME and closes_at is None:
                found.add((opens_at + PAST_AFTER).timestamp())
        instants = sorted(found)
        cached_set(key, instants)
    return instants


def shoe_of(request: HttpRequest) -> int | None:
    shoe = request.GET.get("shoe", "")
    return int(shoe) if shoe.isdigit() else None


def _build(now, shoe_id: int | None) -> bytes:
    """The list as the view answers it, without serverNow: rendered JSON ending in its closing brace."""
    upcoming, past = selectors.releases_listed(now=now)
    if shoe_id is not None:
        upcoming, past = (
            [r for r in part if any(s.shoe_id == shoe_id for s in r.sizes.all())] for part in (upcoming, past)
        )
    context = {"now": now}
    return _RENDERER.render(
        {
            "upcoming": ReleaseOutput(upcoming, many=True, context=context).data,
            "past": ReleaseOutput(past, many=True, context=context).data,
            "turnstileSiteKey": turnstile_site_key(),
        }
    )


def releases_answer(request: HttpRequest) -> HttpResponse:
    """The list's answer: kept under (catalogue version, period, shoe), built on a miss, with serverNow put in."""
    now = timezone.now()
    shoe_id = shoe_of(request)
    body = None
    key = None
    if settings.SHOP_CATALOG_CACHE_SECONDS:
        version = request_catalog_version(request)
        period = bisect_right(_instants(version), now.timestamp())
        key = versioned_key("releases", version, f"{period} {shoe_id}")
        body = cached_get(key)
    if body is None:
        body = _build(now, shoe_id)
        if key is not None:
            cached_set(key, body)
    # {"upcoming": ..., "turnstileSiteKey": ""} -> {..., "turnstileSiteKey": "", "serverNow": "..."}
    body = body[:-1] + b',"serverNow":' + _RENDERER.render(now.isoformat()) + b"}"
    kept = Kept(200, _HEADERS, (body,), ())
    return public_response(Served(kept, body, read_at=clock()), vary=JSON_VARY)


def releases_public_answer(request: HttpRequest) -> HttpResponse | None:
    """An anonymous caller's answer before sessions run, when it takes the kept rendering (else the view answers)."""
    return releases_answer(request) if accepts_plain_json(request) else None
