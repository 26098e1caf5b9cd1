"""Kept answers without their stock: the pairs left are merged in when an answer is served, at most a second old.

A sale changes one shoe's pairs, and every list and page showing that shoe shows them; if the kept answers held the
stock, every sale would have to throw them away (issue 27). So a kept answer of shoes (catalog/cache.py) is its
rendered body cut where each shoe's "stock" goes: Kept(status, headers, parts, shoe_ids), len(parts) ==
len(shoe_ids) + 1. Serving it joins the parts with the stock of those shoes, read in one query (answers.stock_answers),
and rendered as DRF renders it, so the bytes are the ones the view would answer.

A worker keeps what it served for STOCK_SECONDS, under the answer's key (which names the catalogue version): a busy
page reads its stock once a second per worker, not once per request. (Answers without stock, such as the page shells,
are kept as long, so that clearing the shared cache is seen by every worker within a second.) The clock starts before
the stock is read, so what is served is never older than STOCK_SECONDS; signed-in callers (an admin after a change,
a shopper after a checkout) always get the stock as it is now. A checkout re-checks the pairs under its row locks.
"""

import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from typing import NamedTuple

from shopsite.renderers import JSONRenderer

from .answers import stock_answers

# How old the pairs a served answer shows may be (seconds).
STOCK_SECONDS = 1.0
# What a worker keeps of the answers it served: at most this many bytes of bodies (their compressed copies counted as
# large again), some 90 pages of 28 shoes: the hot ones, as the least recently served go first.
SERVED_MAX_BYTES = 4 * 1024 * 1024

_RENDERER = JSONRenderer()


class Kept(NamedTuple):
    """A rendered answer as the cache keeps it: a plain tuple, so what another release kept still unpickles."""

    status: int
    headers: tuple[tuple[str, str], ...]
    parts: tuple[bytes, ...]
    shoe_ids: tuple[int, ...]


class Served:
    """An answer as served: its status, headers and bytes, its strong ETag, its gzip copy once asked for, and when its
    stock was read (shopsite/http_cache.py reads it)."""

    __slots__ = ("_gzip", "body", "etag", "headers", "read_at", "status")

    def __init__(self, kept: Kept, body: bytes, read_at: float):
        self.status = kept.status
        self.headers = kept.headers
        self.body = body
        self.read_at = read_at
        self.etag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
        self._gzip: bytes | None = None

    def gzipped(self) -> bytes:
        if self._gzip is None:
            import gzip

            # mtime=0: the same body compresses to the same bytes in every worker.
            self._gzip = gzip.compress(self.body, compresslevel=6, mtime=0)
        return self._gzip


_now = time.monotonic


def clock() -> float:
    """The clock stock ages by (tests drive it through _now)."""
    return _now()


class NotCut(Exception):
    """An answer of shoes whose stock could not be cut out: it is served, never kept (it would keep its stock)."""


def stock_cut(data, render) -> tuple[tuple[bytes, ...], tuple[int, ...], dict[int, list]]:
    """A shoe's or a page of shoes' answer (a list, or the envelope of ?limit=) rendered without its stock: (parts,
    shoe ids, the stock left out). render(data) gives the body's bytes; NotCut when the data is not such an answer."""
    envelope = isinstance(data, dict) and isinstance(data.get("results"), list)
    shoes = data["results"] if envelope else data if isinstance(data, list) else [data]
    if not all(isinstance(shoe, dict) and "stock" in shoe and "_id" in shoe for shoe in shoes):
        raise NotCut()
    # A mark no shoe's text holds: random for each answer, and written as a JSON string of its own.
    mark = f"\x00{secrets.token_hex(8)}\x00"
    stock = {shoe["_id"]: shoe["stock"] for shoe in shoes}
    marked = [{**shoe, "stock": mark} for shoe in shoes]
    body = render({**data, "results": marked} if envelope else marked if isinstance(data, list) else marked[0])
    parts = tuple(body.split(_RENDERER.render(mark)))
    if len(parts) != len(shoes) + 1:
        raise NotCut()
    return parts, tuple(shoe["_id"] for shoe in shoes), stock


def body_join(kept: Kept, stock: dict[int, list]) -> bytes:
    """The kept parts joined with the shoes' stock, rendered as DRF renders it."""
    if not kept.shoe_ids:
        return kept.parts[0]
    pieces = [kept.parts[0]]
    for shoe_id, part in zip(kept.shoe_ids, kept.parts[1:], strict=True):
        pieces.append(_RENDERER.render(stock.get(shoe_id, [])))
        pieces.append(part)
    return b"".join(pieces)


class ServedAnswers:
    """What this worker served, by answer key, dropped STOCK_SECONDS after its stock was read (or least recently
    served first past SERVED_MAX_BYTES)."""

    def __init__(self, max_bytes: int = SERVED_MAX_BYTES):
        self.max_bytes = max_bytes
        self._served: OrderedDict[str, Served] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> Served | None:
        with self._lock:
            served = self._served.get(key)
            if served is None:
                return None
            if clock() - served.read_at > STOCK_SECONDS:
                self._drop(key)
                return None
            self._served.move_to_end(key)
            return served

    def put(self, key: str, served: Served) -> None:
        size = len(served.body) * 2
        if size > self.max_bytes:
            return
        with self._lock:
            self._drop(key)
            self._served[key] = served
            self._bytes += size
            while self._bytes > self.max_bytes:
                self._drop(next(iter(self._served)))

    def clear(self) -> None:
        with self._lock:
            self._served.clear()
            self._bytes = 0

    def _drop(self, key: str) -> None:
        served = self._served.pop(key, None)
        if served is not None:
            self._bytes -= len(served.body) * 2


served_answers = ServedAnswers()


def kept_serve(key: str, kept: Kept, *, fresh: bool) -> Served:
    """The kept answer with its shoes' stock: this worker's copy of the last second, or read now (fresh: always)."""
    if not fresh and (served := served_answers.get(key)) is not None:
        return served
    read_at = clock()
    stock = stock_answers(shoe_ids=list(kept.shoe_ids)) if kept.shoe_ids else {}
    return kept_served(key, kept, stock, read_at=read_at)


def kept_served(key: str, kept: Kept, stock: dict[int, list], *, read_at: float, keep: bool = True) -> Served:
    """The kept answer with this stock, read at read_at (clock()), served (and kept by this worker unless not keep)."""
    served = Served(kept, body_join(kept, stock), read_at)
    if keep:
        served_answers.put(key, served)
    return served


def served_found(key: str) -> Served | None:
    """This worker's copy of the answer under the key, while its stock is recent enough; None: look further."""
    return served_answers.get(key)
