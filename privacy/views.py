"""The privacy calls, under /api/account (docs/PRODUCT.md §2 "Your data"): the signed-in person's own data only."""

import json

from django.contrib.auth import logout
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from shopsite.inputs import validated
from shopsite.openapi import errors
from shopsite.throttles import ScopedRateThrottle

from . import selectors, services
from .serializers import AccountDeleteInput


class DataExportView(APIView):
    """GET /account/data: everything the shop holds of the caller, as a JSON file to keep."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "account_data"

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 429)})
    def get(self, request):
        data = selectors.user_data_export(user=request.user)
        response = HttpResponse(json.dumps(data, indent=2, ensure_ascii=False), content_type="application/json")
        name = f"sneaker-shop-data-{timezone.now():%Y-%m-%d}.json"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        # A person's data: kept by no cache on the way.
        response["Cache-Control"] = "no-store, private"
        return response


class AccountDeleteView(APIView):
    """POST /account/delete {password, code?, credential?}: the caller's account deleted, and this session ended."""

    permission_classes = [IsAuthenticated]
    # Each try checks a password, as a sign-in does.
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "signin"

    @extend_schema(request=AccountDeleteInput, responses={204: None, **errors(400, 401, 403, 409, 429, 503)})
    def post(self, request):
        data = validated(AccountDeleteInput, request.data)
        services.identity_confirm(request=request, user=request.user, **data)
        services.account_delete(user=request.user)
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)
