"""The release calls (docs/PRODUCT.md §10): the list and one release for anyone, a reminder for a visitor, a draw
entry for a signed-in shopper, and the dashboard's create, change, watch and draw for admins."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsShopAdmin, is_shop_admin
from shopsite.inputs import validated
from shopsite.openapi import errors
from shopsite.parsers import JSONParser
from shopsite.throttles import ScopedRateThrottle

from . import selectors, services, tasks
from .answers import releases_answer, releases_public_answer
from .errors import ReleaseNotFound
from .serializers import (
    EntryInput,
    EntryOutput,
    ReleaseInput,
    ReleaseOutput,
    ReminderInput,
    release_state,
    turnstile_site_key,
)

REMINDED = "We will mail you when it opens."
ENTERED = "You are in the draw. We mail you when it has run; your card is charged only if you win."
CONFIRM_WITH_BANK = "Your bank asks you to confirm this authorisation."


DETAIL = inline_serializer("ReleaseDetail", {"detail": serializers.CharField()})


def _now_fields() -> dict:
    return {"serverNow": timezone.now().isoformat(), "turnstileSiteKey": turnstile_site_key()}


def _release(release_id: int, *, admin: bool = False):
    release = selectors.release_get(release_id=release_id, announced_only=not admin)
    if release is None:
        raise ReleaseNotFound()
    return release


class ReleaseListView(APIView):
    """GET /releases: announced releases, upcoming (soonest first) and past (latest first); ?shoe= narrows to one
    shoe's. POST /releases (admins): a new release."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    def get_permissions(self):
        return [IsShopAdmin()] if self.request.method == "POST" else super().get_permissions()

    @extend_schema(
        operation_id="releases_list",
        responses={
            200: inline_serializer(
                "ReleaseList",
                {
                    "upcoming": ReleaseOutput(many=True),
                    "past": ReleaseOutput(many=True),
                    "serverNow": serializers.DateTimeField(),
                    "turnstileSiteKey": serializers.CharField(help_text="Empty when no challenge is asked."),
                },
            )
        },
    )
    def get(self, request):
        return releases_answer(request)

    @classmethod
    def public_answer(cls, request, match):
        """An anonymous caller's GET, answered before sessions and DRF run (catalog/middleware.py)."""
        return releases_public_answer(request)

    @extend_schema(request=ReleaseInput, responses={201: ReleaseOutput, **errors(400, 401, 403)})
    def post(self, request):
        release = services.release_save(data=validated(ReleaseInput, request.data))
        return Response(ReleaseOutput(_release(release.pk, admin=True)).data, status=status.HTTP_201_CREATED)


class ReleaseDetailView(APIView):
    """GET /releases/{id}: one announced release (admins see it before too); PUT (admins): change an unopened one."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    def get_permissions(self):
        return [IsShopAdmin()] if self.request.method == "PUT" else super().get_permissions()

    @extend_schema(responses={200: ReleaseOutput, **errors(404)})
    def get(self, request, release_id: int):
        release = _release(release_id, admin=is_shop_admin(request.user))
        return Response({**ReleaseOutput(release).data, **_now_fields()})

    @extend_schema(request=ReleaseInput, responses={200: ReleaseOutput, **errors(400, 401, 403, 404, 409)})
    def put(self, request, release_id: int):
        release = _release(release_id, admin=True)
        release = services.release_save(data=validated(ReleaseInput, request.data), release=release)
        return Response(ReleaseOutput(_release(release.pk, admin=True)).data)


class ReminderView(APIView):
    """POST /releases/{id}/reminders {email}: one mail at the minute it opens (the same answer if asked before)."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "newsletter"

    @extend_schema(request=ReminderInput, responses={201: DETAIL, **errors(400, 404, 409, 429)})
    def post(self, request, release_id: int):
        release = _release(release_id)
        if release_state(release, timezone.now()) != "upcoming":
            return Response({"detail": "It is open already.", "code": "release_open"}, status=status.HTTP_409_CONFLICT)
        services.reminder_ask(release=release, email=validated(ReminderInput, request.data)["email"])
        return Response({"detail": REMINDED}, status=status.HTTP_201_CREATED)


class EntryView(APIView):
    """GET /releases/{id}/entry: the signed-in shopper's entry to the draw ({"entry": null} for none). POST: enter, or
    finish an entry after 3-D Secure (the same body again)."""

    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        responses={200: inline_serializer("MyEntry", {"entry": EntryOutput(allow_null=True)}), **errors(401, 404)}
    )
    def get(self, request, release_id: int):
        entry = selectors.entry_of(release=_release(release_id), user=request.user)
        return Response({"entry": EntryOutput(entry).data if entry else None})

    @extend_schema(request=EntryInput, responses={201: EntryOutput, **errors(400, 401, 402, 403, 404, 409, 429, 503)})
    def post(self, request, release_id: int):
        data = validated(EntryInput, request.data)
        entered = services.draw_enter(
            release=_release(release_id),
            user=request.user,
            size_id=data["size"],
            payment_method_id=data["payment_method_id"],
            address=data["address"],
            request=request,
        )
        if entered.requires_action:
            return Response(
                {"requiresAction": True, "clientSecret": entered.client_secret, "message": CONFIRM_WITH_BANK},
                status=status.HTTP_202_ACCEPTED,
            )
        return Response({"message": ENTERED, "entry": EntryOutput(entered.entry).data}, status=status.HTTP_201_CREATED)


class ReleaseAllView(APIView):
    """GET /releases/all (admins): every release, announced or not, latest opening first, with its state."""

    permission_classes = [IsShopAdmin]

    @extend_schema(
        operation_id="releases_all",
        responses={
            200: inline_serializer(
                "ReleasesAll", {"releases": ReleaseOutput(many=True), "serverNow": serializers.DateTimeField()}
            ),
            **errors(401, 403),
        },
    )
    def get(self, request):
        now = timezone.now()
        releases = ReleaseOutput(selectors.releases_all(), many=True, context={"now": now}).data
        return Response({"releases": releases, "serverNow": now.isoformat()})


class ReleaseWatchView(APIView):
    """GET /releases/{id}/watch (admins): per size, pairs offered and sold, entries and winners; reminders."""

    permission_classes = [IsShopAdmin]

    @extend_schema(
        responses={
            200: inline_serializer(
                "ReleaseWatch",
                {
                    "release": ReleaseOutput(),
                    "sizes": serializers.ListField(child=serializers.DictField()),
                    "reminders": serializers.IntegerField(),
                    "remindersSent": serializers.IntegerField(),
                    "serverNow": serializers.DateTimeField(),
                },
            ),
            **errors(401, 403, 404),
        }
    )
    def get(self, request, release_id: int):
        release = _release(release_id, admin=True)
        watch = selectors.release_watch(release=release)
        return Response(
            {
                "release": ReleaseOutput(release).data,
                "sizes": [
                    {
                        "id": row["size"].pk,
                        "shoe": row["size"].shoe.name,
                        "size": row["size"].size_label,
                        "pairs": row["size"].pairs,
                        "sold": row["sold"],
                        "entries": row["entries"],
                        "won": row["won"],
                    }
                    for row in watch["sizes"]
                ],
                "reminders": watch["reminders"],
                "remindersSent": watch["reminders_sent"],
                **_now_fields(),
            }
        )


class ReleaseDrawView(APIView):
    """POST /releases/{id}/draw (admins): run the closed draw now, in a worker; a second press does nothing more."""

    permission_classes = [IsShopAdmin]

    @extend_schema(request=None, responses={202: DETAIL, **errors(401, 403, 404, 409)})
    def post(self, request, release_id: int):
        release = _release(release_id, admin=True)
        if release.kind != release.Kind.DRAW or not release.is_over():
            return Response(
                {"detail": "Its entries have not closed yet.", "code": "draw_not_due"}, status=status.HTTP_409_CONFLICT
            )
        tasks.draw_run.delay(release.pk)
        return Response({"detail": "The draw is running; watch its figures here."}, status=status.HTTP_202_ACCEPTED)
