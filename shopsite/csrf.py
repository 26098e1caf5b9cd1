"""GET /api/csrf: the CSRF cookie, asked for by the storefront before its first write (frontend/src/lib/api.js).

The page shells and the catalogue's answers set no cookie, so that every visitor gets the same bytes and any HTTP cache
may keep them (shopsite/http_cache.py); a browser that is about to write asks here once, then sends the cookie's value
back in X-CSRFToken as before. Signing in rotates the token (Django's login does), and the new cookie comes with it.
"""

from django.middleware.csrf import get_token
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView


class CsrfView(APIView):
    """GET /csrf: sets the csrftoken cookie (the visitor's own kept, renewed) and answers 204."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(responses={204: None})
    def get(self, request):
        get_token(request)
        # Private, no-store, as every answer that sets a cookie (shopsite/http_cache.py).
        return Response(status=status.HTTP_204_NO_CONTENT)
