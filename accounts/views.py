"""The account calls: the local provider's sign-in (docs/DESIGN.md §4), the profile, and users (docs/PRODUCT.md §7)."""

from django.conf import settings
from django.contrib.auth import login, logout, update_session_auth_hash
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from activity import selectors as activity_selectors
from activity.answers import ActivityOutput
from shopsite.inputs import validated
from shopsite.openapi import PAGE_HEADERS, MessageOutput, errors
from shopsite.queries import KnownQuery, PagedListMixin
from shopsite.throttles import EmailRateThrottle, ScopedRateThrottle

from . import second_factor, selectors, services
from .answers import SignInOutput, UserOutput
from .authentication import SessionAuthentication
from .errors import GoogleNotConfigured, NotYourAccount, ProviderNotUsed
from .identity import google, local
from .permissions import IsShopAdmin, IsShopAdminSteppedUp
from .serializers import (
    AvatarInput,
    CredentialsInput,
    GoogleCredentialInput,
    PasswordChangeInput,
    PasswordResetConfirmInput,
    PasswordResetInput,
    ProfileInput,
    UserAdminUpdateInput,
    UserSyncInput,
)

PASSWORD_UPDATED = "Password Updated"
EMAIL_SENT = "Email send"

# Refusals carry the hosted identity service's codes (auth/...); 404 when the shop signs people in with
# Firebase, whose SDK does this work in the browser.
IDENTITY_ERRORS = errors(400, 403, 404, 429)


def _signed_in(request, user) -> dict:
    """The user, and otpRequired when the account has an authenticator app this session has not had a code of: the
    session is open, without admin rights until POST /auth/otp/verify (accounts/second_factor.py)."""
    return SignInOutput(user, context={"otp_required": second_factor.code_pending(request, user)}).data


def _field(request, name: str):
    """A raw value of the body: the identity provider checks it, with its own error codes."""
    return request.data.get(name) if hasattr(request.data, "get") else None


class LocalProviderOnly:
    """A call of the local provider only: with Firebase the browser's SDK does this work."""

    def initial(self, request, *args, **kwargs):
        if settings.IDENTITY_PROVIDER != "local":
            raise ProviderNotUsed()
        super().initial(request, *args, **kwargs)


class AnonymousIdentityView(LocalProviderOnly, APIView):
    """A call made before a session exists (or for ending one), still checked for the CSRF token.

    DRF checks the token only for a signed-in session; without this another site could sign a
    visitor in to an account of its own, or out of theirs.
    """

    authentication_classes = []
    permission_classes = [AllowAny]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        SessionAuthentication().enforce_csrf(request)


class SignUpView(AnonymousIdentityView):
    """POST /auth/signup {email, password}: a new account, signed in at once."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "signup"

    @extend_schema(request=CredentialsInput, responses={201: UserOutput, **IDENTITY_ERRORS, **errors(409)})
    def post(self, request):
        user = local.user_sign_up(email=_field(request, "email"), password=_field(request, "password"))
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        return Response(UserOutput(user).data, status=status.HTTP_201_CREATED)


class SignInView(AnonymousIdentityView):
    """POST /auth/signin {email, password}."""

    # Per client here; per account, the sign-in counts its failures (local.user_authenticate).
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "signin"

    @extend_schema(request=CredentialsInput, responses={200: SignInOutput, **IDENTITY_ERRORS})
    def post(self, request):
        user = local.user_authenticate(
            request=request._request, email=_field(request, "email"), password=_field(request, "password")
        )
        login(request._request, user)
        return Response(_signed_in(request, user))


class GoogleSignInView(AnonymousIdentityView):
    """POST /auth/google {credential}: sign in with Google, the account made on first sight."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "signin"

    @extend_schema(
        request=GoogleCredentialInput,
        responses={200: SignInOutput, 201: SignInOutput, **IDENTITY_ERRORS, **errors(401, 409, 503)},
    )
    def post(self, request):
        if not settings.GOOGLE_CLIENT_ID:
            raise GoogleNotConfigured()
        claims = google.google_claims_verified(credential=_field(request, "credential"))
        user, created = google.user_google_sign_in(claims=claims)
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        return Response(_signed_in(request, user), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class SignOutView(AnonymousIdentityView):
    """POST /auth/signout: also for a Disabled account, which the account page signs out."""

    @extend_schema(request=None, responses={204: None, **errors(403, 404)})
    def post(self, request):
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PasswordChangeView(LocalProviderOnly, APIView):
    """POST /auth/password {currentPassword, password}: signed in, knowing the password used now."""

    permission_classes = [IsAuthenticated]
    # Each try checks a password, as a sign-in does.
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "signin"

    @extend_schema(request=PasswordChangeInput, responses={200: MessageOutput, **IDENTITY_ERRORS, **errors(401)})
    def post(self, request):
        local.password_change(
            user=request.user,
            current_password=_field(request, "currentPassword"),
            new_password=_field(request, "password"),
        )
        # Other sessions end with the old password; this one carries on.
        update_session_auth_hash(request._request, request.user)
        return Response({"message": PASSWORD_UPDATED})


class PasswordResetView(AnonymousIdentityView):
    """POST /auth/password-reset {email}: mails a link to the set-new-password screen (through the outbox: the answer
    never waits on the mail server)."""

    throttle_classes = [ScopedRateThrottle, EmailRateThrottle]
    throttle_scope = "password_reset"
    email_throttle_scope = "password_reset_email"

    @extend_schema(request=PasswordResetInput, responses={200: MessageOutput, **IDENTITY_ERRORS})
    def post(self, request):
        local.password_reset_send(email=_field(request, "email"))
        return Response({"message": EMAIL_SENT})


class PasswordResetConfirmView(AnonymousIdentityView):
    """POST /auth/password-reset/confirm {uid, token, password}: the new password the link allows."""

    # Its own count, apart from the mails asked for: a shopper who asked for several can still use one.
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "password_reset_confirm"

    @extend_schema(request=PasswordResetConfirmInput, responses={200: MessageOutput, **IDENTITY_ERRORS})
    def post(self, request):
        local.password_reset_confirm(
            uid=_field(request, "uid"), token=_field(request, "token"), password=_field(request, "password")
        )
        return Response({"message": PASSWORD_UPDATED})


class ProfileView(APIView):
    """PUT /auth/profile {displayName}."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ProfileInput, responses={200: UserOutput, **errors(400, 401, 403)})
    def put(self, request):
        user = services.user_profile_update(user=request.user, **validated(ProfileInput, request.data))
        return Response(UserOutput(user).data)


class AvatarView(APIView):
    """POST /auth/avatar (multipart `image`): the profile picture, kept under the user's uid. Throttled per user (each
    upload costs a decode and an encode): a person changes their picture a few times, a script not hundreds."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "avatar"

    @extend_schema(
        request={"multipart/form-data": AvatarInput}, responses={200: UserOutput, **errors(400, 401, 403, 429)}
    )
    def post(self, request):
        user = services.user_avatar_set(user=request.user, **validated(AvatarInput, request.data))
        return Response(UserOutput(user).data)


@extend_schema_view(get=extend_schema(parameters=PAGE_HEADERS, responses={200: UserOutput, **errors(401, 403)}))
class UserListView(PagedListMixin, generics.ListAPIView):
    """GET /users (administrators) and POST /users {email, idUser}, sent on every auth-state change."""

    serializer_class = UserOutput
    filter_backends = []

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else [IsShopAdmin()]

    def get_queryset(self):
        return selectors.user_list()

    @extend_schema(request=UserSyncInput, responses={200: SignInOutput, **errors(400, 401, 403)})
    def post(self, request):
        # The user is the one the credential names; a body naming another uid is refused, and its
        # email is never taken over the credential's.
        claimed = validated(UserSyncInput, request.data).get("idUser")
        if claimed and claimed != request.user.uid:
            raise NotYourAccount()
        # With Firebase this is the sign-in the shop hears of: it says whether a code is still to come.
        return Response(_signed_in(request, request.user))


class UserDetailView(APIView):
    """PUT /users/{id} {status} or {manager}: administrators only, never on their own account, with a code entered in
    the last 15 minutes (a rights change: accounts/second_factor.py)."""

    permission_classes = [IsShopAdminSteppedUp]

    @extend_schema(request=UserAdminUpdateInput, responses={200: UserOutput, **errors(400, 401, 403, 404, 409)})
    def put(self, request, pk: int):
        user = services.user_admin_update(
            actor=request.user, user=selectors.user_get(user_id=pk), **validated(UserAdminUpdateInput, request.data)
        )
        return Response(UserOutput(user).data)


ACTIVITY_FILTERS = [
    OpenApiParameter("actor", str, description="a part of the name or address of whoever acted, or 'command'"),
    OpenApiParameter("kind", str, description="a kind (order.refund) or its start (order, security)"),
    OpenApiParameter("record", str, description="a record (shoe:12), a record type (shoe), or a part of its name"),
]


@extend_schema_view(
    get=extend_schema(
        parameters=[*PAGE_HEADERS, *ACTIVITY_FILTERS], responses={200: ActivityOutput, **errors(401, 403)}
    )
)
class ActivityListView(PagedListMixin, generics.ListAPIView):
    """GET /activity?actor=&kind=&record=: the activity log, newest first, for administrators (read only: the log
    has no call that changes it)."""

    serializer_class = ActivityOutput
    permission_classes = [IsShopAdmin]
    filter_backends = []
    known_query = KnownQuery(paged=True, kept=("actor", "kind", "record"))

    def get_queryset(self):
        query = self.request.query_params
        return activity_selectors.entry_list(
            actor=query.get("actor", ""), kind=query.get("kind", ""), record=query.get("record", "")
        )
