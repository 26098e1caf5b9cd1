"""What HTTP caches are told about every answer: the one place the caching headers are decided.

On the way out of every view (catalog.middleware.PublicAnswerMiddleware calls headers_finish), one rule in order:

1. An answer to a signed-in caller is `private, no-store`, whatever the view said: their orders, addresses, account,
   favorites, the users list, the page shell that carries their record, the Django admin, a catalogue read too.
   Signed in: a session cookie or an Authorization header (the way the middleware tells a public caller apart), or a
   view that signed someone in or read an identity (request.user, which DRF's authentication sets too, Firebase's
   included). Neither the browser's disk, its back-forward cache nor a shared cache then keeps it for the next person
   at that computer, and a new personal endpoint cannot forget it.
2. An answer that sets a cookie (the CSRF cookie of GET /api/csrf, a session) is `private, no-store`.
3. The catalogue's kept answers and the page shells (catalog/cache.py, frontend/views.py) come out as
   public_response()s; an anonymous caller's gets:

- Cache-Control: public, max-age and s-maxage (PUBLIC_CACHE_CONTROL), so a browser, a CDN or the reverse proxy of
  docs/DEPLOY.md may keep it for a second; a CDN may serve it a few seconds more while it asks again
  (CDN-Cache-Control, RFC 9213, with stale-while-revalidate), and nginx does the same by its own configuration
  (proxy_cache_use_stale updating). Not the browser: Chromium's stale-while-revalidate answers the app's fetch from
  its stale copy and then asks again in the background, a request DevTools never sees finish (a page waiting for the
  network to go quiet, as Playwright's networkidle, waits forever), and a stale copy shows stock up to 6 s old where
  the shop promises about one;
- a strong ETag of its bytes, and 304 Not Modified to an If-None-Match naming it;
- gzip when the caller accepts it (each worker compresses a body once, not once per request);
- Vary on what changes the answer and nothing else: Accept-Encoding for the API's JSON (the session is no part of a
  catalogue answer, and the API renders JSON only: an Accept with parameters, indent=4, is answered but never kept or
  made public), Cookie and Accept-Encoding for the shell (a signed-in visitor's names them). Not Accept: Chromium
  would not match the shell's <link rel=preload as=fetch> (Accept: */*) to the app's fetch of the same call, and the
  fetch then waited on the preload's cache entry;
- never a Set-Cookie (rule 2).
4. Any other answer (an anonymous caller's search past the kept pages, a POST, an error) is left as its view made it.
"""

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified

# A kept answer may be a second older in a cache than in the app (whose stock is at most a second old itself); a busy
# page is then asked for once a second per cache, and served from a CDN meanwhile, for up to 5 s more while it asks.
PUBLIC_MAX_AGE = 1
PUBLIC_STALE_SECONDS = 5
PUBLIC_CACHE_CONTROL = f"public, max-age={PUBLIC_MAX_AGE}, s-maxage={PUBLIC_MAX_AGE}"
CDN_CACHE_CONTROL = f"max-age={PUBLIC_MAX_AGE}, stale-while-revalidate={PUBLIC_STALE_SECONDS}"
PRIVATE_CACHE_CONTROL = "private, no-store"
JSON_VARY = "Accept-Encoding"
SHELL_VARY = "Cookie, Accept-Encoding"
# Smaller bodies are sent as they are: gzip's header and a round of the CPU would cost more than they save.
GZIP_MIN_BYTES = 860
PUBLIC_STATUSES = (200, 404)


def public_response(served, *, vary: str) -> HttpResponse:
    """The answer every anonymous caller gets; served has status, headers, body, etag, gzipped() (catalog/fresh.py)."""
    response = HttpResponse(served.body, status=served.status, headers=dict(served.headers))
    response.shop_served = served
    response.shop_vary = vary
    return response


def is_signed_in_caller(request) -> bool:
    """A session cookie or an Authorization header (whatever they are worth), or a view that signed someone in."""
    user = getattr(request, "user", None)
    return (
        settings.SESSION_COOKIE_NAME in request.COOKIES
        or "HTTP_AUTHORIZATION" in request.META
        or bool(user is not None and user.is_authenticated)
    )


def headers_finish(request, response):
    """The caching headers of every answer, by the rule of this module's docstring."""
    if is_signed_in_caller(request) or response.cookies:
        # Replaces whatever the view said: a signed-in answer is never kept anywhere, not even a catalogue read.
        response["Cache-Control"] = PRIVATE_CACHE_CONTROL
        if "Expires" in response:
            del response["Expires"]
        return response
    served = getattr(response, "shop_served", None)
    if served is None:
        return response
    if request.method != "GET" or response.status_code not in PUBLIC_STATUSES:
        response["Cache-Control"] = PRIVATE_CACHE_CONTROL
        return response
    vary = response.shop_vary
    gzipped = len(served.body) >= GZIP_MIN_BYTES and _accepts_gzip(request.headers.get("Accept-Encoding", ""))
    # Each encoding is a representation of its own, with an ETag of its own (RFC 9110 §8.8.3).
    etag = f'{served.etag[:-1]}-gzip"' if gzipped else served.etag
    if _none_match(request.headers.get("If-None-Match", ""), served.etag):
        response = HttpResponseNotModified()
    elif gzipped:
        response.content = served.gzipped()
        response["Content-Encoding"] = "gzip"
    response["ETag"] = etag
    response["Cache-Control"] = PUBLIC_CACHE_CONTROL
    response["CDN-Cache-Control"] = CDN_CACHE_CONTROL
    response["Vary"] = vary
    if response.status_code != 304:
        response["Content-Length"] = str(len(response.content))
    return response


def _none_match(header: str, etag: str) -> bool:
    """Whether If-None-Match names this answer, in either encoding (weak comparison, as RFC 9110 asks for it)."""
    if not header:
        return False
    if header.strip() == "*":
        return True
    gzip_etag = f'{etag[:-1]}-gzip"'
    for tag in header.split(","):
        tag = tag.strip().removeprefix("W/")
        if tag in (etag, gzip_etag):
            return True
    return False


def _accepts_gzip(accept_encoding: str) -> bool:
    for coding in accept_encoding.split(","):
        name, _, params = coding.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            quality = params.strip().removeprefix("q=").strip() if params.strip().startswith("q=") else "1"
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False
