"""GET /api/health: whether this app server can serve, for the load balancer's health check."""

import logging

from django.db import DatabaseError
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from .cache import cache_state
from .heartbeats import heartbeat_ages, heartbeat_states

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
        "worker": serializers.ChoiceField(
            ["ok", "stale", "unknown"],
            help_text="stale: no worker ran the heartbeat task for SHOP_HEARTBEAT_STALE_SECONDS; unknown: never.",
        ),
        "beat": serializers.ChoiceField(
            ["ok", "stale", "unknown"],
            help_text="stale: beat sent no heartbeat for SHOP_HEARTBEAT_STALE_SECONDS; unknown: never.",
        ),
    },
)


class HealthView(APIView):
    """Answers 200 when the database answers (the cache, worker or beat may be degraded), 503 otherwise; never
    throttled. A stale worker or beat degrades the answer without failing it: the shop still sells, its mails wait."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []

    @extend_schema(responses={200: HEALTH_ANSWER, 503: OpenApiResponse(HEALTH_ANSWER, description="Database down.")})
    def get(self, request):
        cache = cache_state()
        try:
            # The heartbeats' one query proves the database answers, as a SELECT 1 would.
            background = heartbeat_states(heartbeat_ages())
        except DatabaseError:
            logger.exception("Health check: the database does not answer")
            return Response(
                {
                    "status": "unavailable",
                    "database": "unavailable",
                    "cache": cache,
                    "worker": "unknown",
                    "beat": "unknown",
                },
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
            )
        # Without Redis the shop still serves (a load balancer keeps sending it traffic): only the limits and the
        # catalogue's answers are kept per process until it is back.
        degraded = cache != "ok" or "stale" in background.values()
        return Response({"status": "degraded" if degraded else "ok", "database": "ok", "cache": cache, **background})
