"""GET /api/health: whether this app server can serve, for the load balancer's health check."""

import logging

from django.db import DatabaseError, connection
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from .cache import cache_state

logger = logging.getLogger(__name__)

HEALTH_ANSWER = inline_serializer(
    "Health",
    {
        "status": serializers.ChoiceField(
            ["ok", "degraded", "unavailable"],
            help_text="unavailable: this server cannot serve. degraded: it serves without something it can spare.",
        ),
        "database": serializers.ChoiceField(["ok", "unavailable"]),
        "cache": serializers.ChoiceField(
            ["ok", "degraded"],
            help_text="degraded: Redis does not answer; each process counts throttles and caches in its own memory.",
        ),
    },
)


class HealthView(APIView):
    """Answers 200 when the database answers (the cache may be degraded), 503 otherwise; never throttled."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []

    @extend_schema(responses={200: HEALTH_ANSWER, 503: OpenApiResponse(HEALTH_ANSWER, description="Database down.")})
    def get(self, request):
        cache = cache_state()
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        except DatabaseError:
            logger.exception("Health check: the database does not answer")
            return Response(
                {"status": "unavailable", "database": "unavailable", "cache": cache},
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
            )
        # Without Redis the shop still serves (a load balancer keeps sending it traffic): only the limits and the
        # catalogue's answers are kept per process until it is back.
        return Response({"status": "ok" if cache == "ok" else "degraded", "database": "ok", "cache": cache})
