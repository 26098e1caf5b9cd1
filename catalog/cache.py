"""The catalogue's response cache: answers kept per catalogue version, a number every catalogue write moves on.

Writes never delete cached answers; they move the version on, and answers kept under an old number are simply
never asked for again (the cache's timeout and culling drop them). The number lives in the database, so every
gunicorn worker sees a write, even with the default local-memory cache of each process.

A warm read costs one cache lookup for the version and one for the answer. The version itself is read from the
database by signed-in callers every time, and for anonymous ones at most once every VERSION_TRUST_SECONDS per
worker. After restoring a database backup, clear the cache (Redis): the restored number may have been used since.
"""

import hashlib
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Brand, CatalogVersion, Shoe, StockEntry

logger = logging.getLogger(__name__)

# Longer query strings are answered but not kept: no screen sends one, and each would be one more entry.
MAX_CACHED_QUERY = 512
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


def _version_read() -> int:
    # Raw SQL: on a cache hit this is the only query, and the ORM would take longer to build it than to run it.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT n FROM {_TABLE} WHERE id = %s", [_ROW])
        row = cursor.fetchone()
    # No row only in a test database flushed between tests; the first bump makes it again.
    return row[0] if row else 0


def catalog_version_bump() -> None:
    """Move the catalogue's version on once the current transaction commits, or now outside one.

    Saves and deletes of brands, shoes and stock call it through the signals below. Writes the signals do not
    see (queryset.update(), bulk_create(), bulk_update(), raw SQL) must call it themselves.
    """
    # Each write of a transaction bumps once more after its commit (a shoe saved with its stock, twice): an
    # UPDATE of one row is cheaper than keeping track. robust: the write is committed by then; a failed bump must
    # not turn it into an error answer (Django logs it), and the answers it leaves stale expire with the timeout.
    transaction.on_commit(_version_bump_now, robust=True)


def _version_bump_now() -> None:
    # Why a reader never keeps stale data under the new number: the number moves only after the write has
    # committed, and a reader reads the number before the catalogue (each autocommit query sees what is committed
    # when it runs). A reader that got the new number therefore read the catalogue after the commit. One that got
    # the old number may keep an answer from before the write, but under the old number, which nobody asks for
    # any more. And the UPDATE runs in autocommit, after the writer's transaction: checkout never holds this one
    # hot row locked while it waits for stock rows or charges a card.
    for _attempt in range(2):
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {_TABLE} SET n = n + 1 WHERE id = %s", [_ROW])
            if cursor.rowcount:
                _cached("delete", _TRUSTED_KEY)
                return
        # The row is gone (a flushed test database): make it, then move it on like any other bump.
        CatalogVersion.objects.bulk_create([CatalogVersion(pk=_ROW)], ignore_conflicts=True)


def _catalogue_row_changed(sender, **kwargs) -> None:
    catalog_version_bump()


def signals_connect() -> None:
    """Bump the version on every save and delete of a brand, shoe or stock entry, the Django admin's included.

    The house style calls things explicitly rather than through signals; the exception is made here because
    the admin (and any other ORM save) writes the catalogue without going through catalog.services.
    """
    for model in (Brand, Shoe, StockEntry):
        name = model._meta.model_name
        post_save.connect(_catalogue_row_changed, sender=model, dispatch_uid=f"catalog_version_{name}_save")
        post_delete.connect(_catalogue_row_changed, sender=model, dispatch_uid=f"catalog_version_{name}_delete")


def cached_answer(view: APIView, build: Callable[[], Response]) -> HttpResponse:
    """The view's answer to a GET, kept rendered for this version of the catalogue; built and kept on a miss.

    Call it from the view's get(): by then DRF has authenticated the request and checked its permissions, so
    the cache never answers a caller the view would refuse.
    """
    request = view.request
    # Signed-in callers (admins after a change, shoppers after a checkout) always see the latest version.
    version = catalog_version(trusted=not request.user.is_authenticated)
    request.catalog_version = version
    key = _answer_key(request, version)
    if key is not None and (body := _cached("get", key)) is not None:
        return _rendered(request, body)
    response = build()
    if key is None or response.status_code != 200:
        return response
    # Kept as the rendered bytes, so a hit renders nothing; rendered as DRF would render this very response.
    body = request.accepted_renderer.render(response.data, request.accepted_media_type, view.get_renderer_context())
    _cached("set", key, body, settings.SHOP_CATALOG_CACHE_SECONDS)
    return _rendered(request, body)


def count_cached(request: Request, count: Callable[[], int]) -> int:
    """How many rows a list's filters match, counted once per catalogue version rather than on every page."""
    version = getattr(request, "catalog_version", None)
    if version is None:
        version = catalog_version()
    query = _query(request, leave_out=NOT_COUNTED)
    if query is None:
        return count()
    key = _key("count", version, f"{request.path}?{query}")
    if (total := _cached("get", key)) is None:
        total = count()
        _cached("set", key, total, COUNT_SECONDS)
    return total


def _answer_key(request: Request, version: int) -> str | None:
    """The cache key of this request's answer, or None when it is not to be cached."""
    if not settings.SHOP_CATALOG_CACHE_SECONDS:
        return None
    # An Accept header with parameters (indent=4) changes the rendering; such clients get a fresh answer.
    if request.accepted_media_type != request.accepted_renderer.media_type:
        return None
    query = _query(request)
    if query is None:
        return None
    # Host and scheme are part of it: the next and previous links of a page are absolute.
    return _key("answer", version, f"{request.scheme}://{request.get_host()}{request.path}?{query}")


def _query(request: Request, *, leave_out: tuple[str, ...] = ()) -> str | None:
    """The query string with its parameters in one order, so ?a=1&b=2 and ?b=2&a=1 share an entry."""
    raw = request.META.get("QUERY_STRING", "")
    if len(raw) > MAX_CACHED_QUERY:
        return None
    # Sorted by name only, a stable sort: of a repeated parameter the last value counts, so its values keep their order.
    pairs = sorted(parse_qsl(raw, keep_blank_values=True), key=lambda pair: pair[0])
    return urlencode([(name, value) for name, value in pairs if name not in leave_out])


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


def _key(kind: str, version: int, text: str) -> str:
    # Hashed: a query string may hold characters and lengths that memcached-style keys may not.
    return f"catalog:{kind}:{version}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}"


def _rendered(request: Request, body: bytes) -> HttpResponse:
    renderer = request.accepted_renderer
    content_type = f"{renderer.media_type}; charset={renderer.charset}" if renderer.charset else renderer.media_type
    return HttpResponse(body, content_type=content_type)
