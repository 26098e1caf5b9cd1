"""GET /api/health: whether this app server can serve, for the load balancer's health check."""

import logging

from django.db import DatabaseError, connection
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

logger = logging.getLogger(__name__)

HEALTH_ANSWER = inline_serializer("Health", {"status": serializers.CharField(), "database": serializers.CharField()})


class HealthView(APIView):
    """Answers 200 when the database answers, 503 otherwise; it reads no user and is never throttled."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []

    @extend_schema(responses={200: HEALTH_ANSWER, 503: OpenApiResponse(HEALTH_ANSWER, description="Database down.")})
    def get(self, request):
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        except DatabaseError:
            logger.exception("Health check: the database does not answer")
            return Response(
                {"status": "unavailable", "database": "unavailable"}, status=status.HTTP_503_SERVICE_UNAVAILABLE
            )
        return Response({"status": "ok", "database": "ok"})
