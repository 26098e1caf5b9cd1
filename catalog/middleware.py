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
        response = headers_finish(request, response)
        _cycles_break(response)
        return response

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


def _cycles_break(response) -> None:
    """Untie a rendered DRF answer from its view, so that refcounting frees it (its data, its body) once it is sent.

    DRF keeps each answer in reference cycles: the view holds it (view.response), and its renderer context names the
    view, the request and the answer itself. Only the cycle collector frees a cycle, and a request's objects live long
    enough to reach its oldest generation, which it walks seldom: under a flood of unpaged lists (bench/flood.lua)
    the workers' memory grew with the number of answers served (~34 MiB a worker at 1,300 answers a second) before a
    full pass freed them, and the process kept the room. Rendering is done by now (Django renders before the
    middleware sees the answer); the answer's data stays for whoever reads it (the tests' clients).
    """
    context = getattr(response, "renderer_context", None)
    if not context:
        return
    view = context.get("view")
    if view is not None and getattr(view, "response", None) is response:
        view.response = None
    response.renderer_context = None
