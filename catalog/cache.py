"""The catalogue's response cache: answers kept per catalogue version, a number the catalogue's writes move on.

The version is the catalogue's shape (which shoes a list holds, in what order, and what each shows but its pairs): a
sale moves it only when a size sells out or comes back (catalog/services/stock.py). Answers of shoes are kept without
their stock, which catalog/fresh.py merges in when they are served, at most a second old.

Writes never delete cached answers; they move the version on (catalog/services/version.py, the one place it moves), and
answers kept under an old number are simply never asked for again (the cache's timeout and culling drop them). The
number lives in the database, so every gunicorn worker sees a write, even with the default local-memory cache of
each process.

An answer is kept under the meaning of its request, not its text: the call, the values in its path and the normal
form of its query (shopsite/queries.py), which the view itself answers from. Unknown parameters, their order, the
case of a case-blind filter or a default value make no entry of their own. Every entry has a timeout and no body
over MAX_KEPT_BYTES is kept, so the cache's own bound on entries (settings.CACHES, docs/DEPLOY.md) bounds it all.

A warm read costs one cache lookup for the version and one for the answer; a public one is answered by the
middleware before sessions, authentication and CSRF run (catalog/middleware.py). The version itself is read from
the database by signed-in callers every time, and for anonymous ones at most once every VERSION_TRUST_SECONDS per
worker. After restoring a database backup, clear the cache (Redis): the restored number may have been used since.
"""

import hashlib
import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import ResolverMatch
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from shopsite.http_cache import JSON_VARY, public_response
from shopsite.metrics import CATALOGUE_CACHE
from shopsite.throttles import CatalogueBuildThrottle

from .fresh import Kept, NotCut, clock, kept_serve, kept_served, served_found, stock_cut
from .models import CatalogVersion

logger = logging.getLogger(__name__)

# A larger body is answered but not kept. The largest page of shoes (100, of 12 sizes each) takes about 72 kB; with
# the local-memory cache's MAX_ENTRIES (settings.CACHES) this bounds the memory a worker's cache can take.
MAX_KEPT_BYTES = 128 * 1024
# What a kept answer gives back besides its status and body: the view's, DRF's and the paging's headers.
PAGE_HEADERS = ("X-Total-Count", "Link")
KEPT_HEADERS = ("Content-Type", "Allow", *PAGE_HEADERS)
# The Accept headers whose answer is the kept one, DRF's plain JSON.
PLAIN_JSON = ("application/json", "application/*", "*/*")
# Pages from this offset on are read ids first (catalog/pagination.py) and never kept: people seldom page this far,
# and kept, each of the random offsets a script asks for would take a place in the cache.
DEEP_OFFSET = 1_000
# A count is kept per version like an answer, so it is never stale; the timeout only bounds the memory it takes.
COUNT_SECONDS = 600
# Parameters that page or sort a list without changing how many rows it has.
NOT_COUNTED = ("limit", "offset", "ordering")
# How long an anonymous read may take the version another read got from the database. On PostgreSQL the version's
# query is two round trips (Django's connection health check, then the query), which cost more than the whole
# cached answer: trusting it for a second makes that one query a second per worker. A write is seen at once by the
# worker that made it (and by every worker with a shared cache such as Redis: the bump forgets the trusted number),
# by signed-in callers at once, and by the others' anonymous reads within this many seconds. 0: every read asks.
VERSION_TRUST_SECONDS = 1
_TRUSTED_KEY = "catalog:version"

_ROW = 1
_TABLE = CatalogVersion._meta.db_table


def catalog_version(*, trusted: bool = False) -> int:
    """The catalogue's version, from the database; when trusted, possibly as another read got it up to a second ago."""
    if not (trusted and VERSION_TRUST_SECONDS):
        return _version_read()
    version = _cached("get", _TRUSTED_KEY)
    if version is None:
        version = _version_read()
        # add, not set: an older number must not replace a newer one another read has just kept. (A bump between
        # this read and this add still leaves the older one trusted: for VERSION_TRUST_SECONDS at most.)
        _cached("add", _TRUSTED_KEY, version, VERSION_TRUST_SECONDS)
    return version


def request_catalog_version(request: HttpRequest | Request) -> int:
    """The version a request reads, asked once per request (the middleware's, on a miss, is the view's too)."""
    version = getattr(request, "catalog_version", None)
    if version is None:
        # Signed-in callers (admins after a change, shoppers after a checkout) always see the latest version. Before
        # the authentication middleware has run there is no user: only public callers are asked for it there.
        user = getattr(request, "user", None)
        version = catalog_version(trusted=not (user is not None and user.is_authenticated))
        request.catalog_version = version
    return version


def _version_read() -> int:
    # Raw SQL: on a cache hit this is the only query, and the ORM would take longer to build it than to run it.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT n FROM {_TABLE} WHERE id = %s", [_ROW])
        row = cursor.fetchone()
    # No row only in a test database flushed between tests; the first bump makes it again.
    return row[0] if row else 0


def version_trust_forget() -> None:
    """Forget the version anonymous reads trust (catalog.services calls it as it moves the version on)."""
    _cached("delete", _TRUSTED_KEY)


def cached_answer(view: APIView, build: Callable[[], Response]) -> HttpResponse:
    """The view's answer to a GET, kept rendered for this version of the catalogue; built and kept on a miss.

    Call it from the view's get(): by then DRF has authenticated the request and checked its permissions, so
    the cache never answers a caller the view would refuse. A miss counts against the caller's budget of answers
    built anew (CatalogueBuildThrottle): past it, 429. (Public callers are answered by the middleware before
    that, catalog/middleware.py: a call's permissions must let anyone read it.) A view answering shoes sets
    answers_shoes: their stock is kept apart and merged when served (catalog/fresh.py).
    """
    request = view.request
    version = request_catalog_version(request)
    # Signed-in callers see the stock as it is now; anonymous ones, as this worker read it within the last second.
    fresh = request.user.is_authenticated
    # An Accept header with parameters (indent=4) changes the rendering; such clients get a fresh answer.
    key = None
    if request.accepted_media_type == request.accepted_renderer.media_type:
        key = answer_key(request, match=request.resolver_match, query=request.query_params, version=version)
    if key is not None:
        served = None if fresh else served_found(key)
        if served is None and (kept := answer_found(key)) is not None:
            served = kept_serve(key, kept, fresh=fresh)
        if served is not None:
            CATALOGUE_CACHE.labels("hit").inc()
            return public_response(served, vary=JSON_VARY)
        CATALOGUE_CACHE.labels("miss").inc()
    if (wait := _build_wait(request)) is not None:
        view.throttled(request, wait)
    # Before the build's queries: the stock it reads is at least this recent.
    started = clock()
    response = build()
    if key is None or response.status_code != 200:
        return response
    # Rendered as DRF would render this very response, with the headers DRF and the paging give it, so that a
    # kept answer is the same bytes and headers whether the view or the middleware gives it back.
    renderer = request.accepted_renderer
    context = view.get_renderer_context()

    def render(data) -> bytes:
        return renderer.render(data, request.accepted_media_type, context)

    content_type = f"{renderer.media_type}; charset={renderer.charset}" if renderer.charset else renderer.media_type
    headers = {"Content-Type": content_type, **view.default_response_headers}
    headers.update((name, response[name]) for name in PAGE_HEADERS if response.has_header(name))
    headers = tuple((name, value) for name, value in headers.items() if name in KEPT_HEADERS)
    if getattr(view, "answers_shoes", False):
        try:
            parts, shoe_ids, stock = stock_cut(response.data, render)
        except NotCut:
            logger.warning("An answer of shoes was served without being kept: its stock could not be cut out")
            return response
        kept = Kept(200, headers, parts, shoe_ids)
    else:
        kept, stock = Kept(200, headers, (render(response.data),), ()), {}
    served = kept_served(key, kept, stock, read_at=started, keep=answer_keep(key, kept))
    return public_response(served, vary=JSON_VARY)


def _build_wait(request: Request) -> float | None:
    """None when the caller may have one more answer built now; else the seconds until they may."""
    throttle = CatalogueBuildThrottle()
    try:
        return None if throttle.allows(request) else throttle.wait()
    # The budget counts in the cache: without a cache (the shop's own Redis backend stands in for itself, another
    # may not) the answer is built, as every other catalogue read then is.
    except Exception as error:
        logger.warning("The budget of answers built anew was not counted (%s: %s)", type(error).__name__, error)
        return None


def answer_key(request: HttpRequest, *, match: ResolverMatch, query: QueryDict, version: int) -> str | None:
    """The key of a catalogue call's answer, from its meaning: the call, its path's values and its query's normal
    form (shopsite/queries.py, whose offset is a number), the version, and the host and scheme its page links name.
    None: not to be kept."""
    if not settings.SHOP_CATALOG_CACHE_SECONDS or int(query.get("offset", 0)) >= DEEP_OFFSET:
        return None
    return versioned_key(
        "answer", version, f"{request.scheme}://{request.get_host()} {_call(match)} {query.urlencode()}"
    )


def count_cached(request: Request, count: Callable[[], int]) -> int:
    """How many rows a list's filters match, counted once per catalogue version rather than on every page."""
    version = request_catalog_version(request)
    filters = request.query_params.copy()
    for name in NOT_COUNTED:
        filters.pop(name, None)
    key = versioned_key("count", version, f"{_call(request.resolver_match)} {filters.urlencode()}")
    if (total := _cached("get", key)) is None:
        total = count()
        _cached("set", key, total, COUNT_SECONDS)
    return total


def answer_keep(key: str, kept: Kept) -> bool:
    """Keep a rendered answer (its status, the headers it needs and its body's parts) under the key, unless it is too
    large; whether it is kept."""
    if sum(len(part) for part in kept.parts) > MAX_KEPT_BYTES:
        return False
    _cached("set", key, tuple(kept), settings.SHOP_CATALOG_CACHE_SECONDS)
    return True


def response_kept(key: str, response: HttpResponse, *, vary: str) -> HttpResponse:
    """Keep a rendered answer that shows no stock (a page shell) as it is; the same answer, as served when kept."""
    headers = tuple((name, response[name]) for name in KEPT_HEADERS if response.has_header(name))
    kept = Kept(response.status_code, headers, (response.content,), ())
    return public_response(kept_served(key, kept, {}, read_at=clock(), keep=answer_keep(key, kept)), vary=vary)


def answer_found(key: str) -> Kept | None:
    """The answer kept under the key, as it was kept; None on a miss."""
    try:
        kept = Kept(*_cached("get", key))
    # Nothing kept, or something another release kept in another shape: build it again.
    except TypeError:
        return None
    if len(kept.parts) != len(kept.shoe_ids) + 1:
        return None
    return kept


def served_answer(key: str | None, *, vary: str) -> HttpResponse | None:
    """The answer kept under the key, with its stock (this worker's copy of the last second); None: build it."""
    if key is None:
        return None
    served = served_found(key)
    if served is None:
        kept = answer_found(key)
        if kept is None:
            return None
        served = kept_serve(key, kept, fresh=False)
    return public_response(served, vary=vary)


def public_answer(request: HttpRequest, *, match: ResolverMatch, query: QueryDict) -> HttpResponse | None:
    """A catalogue call's kept answer for a public caller, before DRF runs (catalog/middleware.py); None: build it."""
    # DRF picks its renderer by the Accept header (not by ?format=, which the view does not know); what is kept is
    # its plain JSON.
    if not accepts_plain_json(request):
        return None
    key = answer_key(request, match=match, query=query, version=request_catalog_version(request))
    answer = served_answer(key, vary=JSON_VARY)
    # A miss is counted by the view as it builds the answer (cached_answer).
    if answer is not None:
        CATALOGUE_CACHE.labels("hit").inc()
    return answer


def accepts_plain_json(request: HttpRequest) -> bool:
    """Whether the caller takes DRF's plain JSON, the kept answers' rendering (else the view's way answers it)."""
    accept = request.headers.get("Accept", "")
    # Media type parameters (indent=4, q=0.9) take the view's way, which weighs them as DRF does.
    if ";" in accept:
        return False
    return not accept.strip() or any(kind.strip() in PLAIN_JSON for kind in accept.split(","))


def versioned_key(kind: str, version: int, text: str) -> str:
    """A cache key for something kept under a catalogue version: the text of its meaning, hashed."""
    # Hashed: a query may hold characters and lengths that memcached-style keys may not.
    return f"catalog:{kind}:{version}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}"


def cached_get(key: str) -> Any:
    """What is kept under a versioned key (another app's answer kept beside the catalogue's); None on a miss or
    when the cache does not answer."""
    return _cached("get", key)


def cached_set(key: str, value: Any) -> None:
    """Keep a value under a versioned key for SHOP_CATALOG_CACHE_SECONDS; nothing when the cache does not answer."""
    _cached("set", key, value, settings.SHOP_CATALOG_CACHE_SECONDS)


def _call(match: ResolverMatch) -> str:
    # The route and its values rather than the path as typed: /api/shoes/07 and /api/shoes/7 are one shoe.
    return f"{match.view_name}{sorted(match.kwargs.items())}"


def _cached(operation: str, *args: Any) -> Any:
    """cache.<operation>(*args), or None when the cache does not answer (Redis down or unreachable).

    The cache only saves work: without it every catalogue read is built from the database, as with
    SHOP_CATALOG_CACHE_SECONDS=0, and the shop stays open while the cache is brought back.
    """
    try:
        return getattr(cache, operation)(*args)
    # Any failure of the cache's client (refused, timed out, out of memory) means the same here: do without it.
    except Exception as error:
        logger.warning("The catalogue cache did not answer (%s: %s): answering without it", type(error).__name__, error)
        return None
