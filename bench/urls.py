"""The shop's routes behind /bench/floor, a constant answer that shows what Django itself costs per request."""

from django.http import HttpRequest, JsonResponse
from django.urls import path

from shopsite import urls as shop


def floor(request: HttpRequest) -> JsonResponse:
    """No database, no DRF: what is left is the middleware stack, the routing and gunicorn."""
    return JsonResponse({"ok": True})


# The floor first: the shop's last route is the page shell, which answers every path it is given.
urlpatterns = [path("bench/floor", floor, name="bench-floor"), *shop.urlpatterns]
# Django reads the error views from the root URLconf, which this module now is.
handler500 = shop.handler500
