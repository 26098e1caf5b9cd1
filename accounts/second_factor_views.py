"""The second factor's calls, under /api/auth/otp (docs/PRODUCT.md §2 "Two-factor authentication", §7).

Any signed-in account may enrol an authenticator app; shop admins and staff are the ones asked for its codes
(accounts/second_factor.py).
"""

import io
from base64 import b32encode

import segno
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from shopsite.inputs import validated
from shopsite.openapi import errors
from shopsite.throttles import ScopedRateThrottle

from . import second_factor
from .errors import WrongPassword


class CodeInput(serializers.Serializer):
    code = serializers.CharField(max_length=32, help_text="6 digits from the app, or a recovery code")


class DisableInput(CodeInput):
    password = serializers.CharField(
        max_length=128, required=False, allow_blank=True, help_text="The account's password, when it has one here"
    )


class SecondFactorStatusOutput(serializers.Serializer):
    enrolled = serializers.BooleanField(help_text="An authenticator app is set up")
    verified = serializers.BooleanField(help_text="This session entered one of its codes")
    required = serializers.BooleanField(help_text="The account's admin rights wait for a second factor")
    recoveryCodesLeft = serializers.IntegerField()


class EnrolmentOutput(serializers.Serializer):
    secret = serializers.CharField(help_text="The key in base32, to type into the app")
    otpauthUrl = serializers.CharField(help_text="What the QR code holds")
    qrSvg = serializers.CharField(help_text="The QR code, an SVG document")


class RecoveryCodesOutput(serializers.Serializer):
    recoveryCodes = serializers.ListField(child=serializers.CharField(), help_text="Shown this once; each works once")


def status_of(request, user) -> dict:
    return {
        "enrolled": second_factor.app_device(user) is not None,
        "verified": second_factor.verified_at(request, user) is not None,
        "required": second_factor.holds_rights(user) and second_factor.is_required(),
        "recoveryCodesLeft": second_factor.recovery_codes_left(user),
    }


class SecondFactorView(APIView):
    """A signed-in account's call; its tries at a code are counted per client as sign-ins are."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "otp"


class StatusView(SecondFactorView):
    """GET /auth/otp: whether the account has an app, and whether this session entered a code."""

    throttle_classes = []

    @extend_schema(responses={200: SecondFactorStatusOutput, **errors(401, 403)})
    def get(self, request):
        return Response(status_of(request, request.user))


class EnrolmentStartView(SecondFactorView):
    """POST /auth/otp/enrol: a new key for the app, as a QR code and as text; confirmed by its first code."""

    @extend_schema(request=None, responses={200: EnrolmentOutput, **errors(401, 403, 409, 429)})
    def post(self, request):
        device = second_factor.enrolment_start(request.user)
        svg = io.BytesIO()
        segno.make(device.config_url, error="m").save(svg, kind="svg", xmldecl=False, scale=5, title="QR code")
        return Response(
            {
                "secret": b32encode(device.bin_key).decode(),
                "otpauthUrl": device.config_url,
                "qrSvg": svg.getvalue().decode(),
            }
        )


class EnrolmentConfirmView(SecondFactorView):
    """POST /auth/otp/enrol/confirm {code}: the app's first code; answers the ten recovery codes, this once."""

    @extend_schema(request=CodeInput, responses={200: RecoveryCodesOutput, **errors(400, 401, 403, 409, 429)})
    def post(self, request):
        codes = second_factor.enrolment_confirm(request, request.user, validated(CodeInput, request.data)["code"])
        return Response({"recoveryCodes": codes})


class VerifyView(SecondFactorView):
    """POST /auth/otp/verify {code}: the sign-in's second step, and the step-up before a refund or a rights change."""

    @extend_schema(request=CodeInput, responses={200: SecondFactorStatusOutput, **errors(400, 401, 403, 409, 429)})
    def post(self, request):
        second_factor.code_verify(request, request.user, validated(CodeInput, request.data)["code"])
        return Response(status_of(request, request.user))


class DisableView(SecondFactorView):
    """POST /auth/otp/disable {code, password}: removes the app and the recovery codes. An account signed in by
    Google or Firebase has no password here: its code is enough."""

    @extend_schema(request=DisableInput, responses={200: SecondFactorStatusOutput, **errors(400, 401, 403, 409, 429)})
    def post(self, request):
        data = validated(DisableInput, request.data)
        user = request.user
        if user.has_usable_password() and not user.check_password(data.get("password") or ""):
            second_factor.second_factor_failed_record(user, request, "wrong password")
            raise WrongPassword(field="password")
        second_factor.code_check(request, user, data["code"])
        second_factor.devices_remove(user, actor=user)
        second_factor.session_forget(request)
        return Response(status_of(request, user))
