"""Warm public reads of the catalogue and page shells, answered from the cache before the heavy middleware runs."""

from django.conf import settings
from django.urls import Resolver404, resolve

from shopsite.http_cache import headers_finish, is_signed_in_caller


class PublicAnswerMiddleware:
    """Answers a public GET the catalogue cache holds before sessions, authentication and CSRF run, and gives every
    answer its caching headers on the way out (shopsite/http_cache.py: public, private no-store, or as its view said).

    Public: no session cookie and no Authorization header, so the caller is anonymous whatever the middleware below
    would find, and gets what every anonymous caller gets; a signed-in caller always goes the full way, and its
    answer is private. The view the path resolves to says how (its public_answer: catalog/views.py,
    frontend/views.py) and keeps its answers on a miss under the same key, so a miss simply goes on down the stack.
    Middleware above this one (request id, security headers, X-Frame-Options, ...) still applies to what it answers.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        answer = None if is_signed_in_caller(request) else self._public_answer(request)
        response = self.get_response(request) if answer is None else answer
        return headers_finish(request, response)

    def _public_answer(self, request):
        if request.method != "GET" or not settings.SHOP_CATALOG_CACHE_SECONDS:
            return None
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        view = getattr(match.func, "view_class", match.func)
        public_answer = getattr(view, "public_answer", None)
        if public_answer is None:
            return None
        # What the request resolved to, for the figures by route (shopsite/metrics.py); the full way sets it again.
        request.resolver_match = match
        # The key names request.get_host(), which refuses a host not in ALLOWED_HOSTS (400) as the full way does.
        return public_answer(request, match)
