"""The mailing calls of docs/PRODUCT.md §7 (anyone may sign up for the newsletter or write to the shop), and the
newsletter's one-click unsubscribe."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from shopsite.inputs import validated
from shopsite.openapi import errors
from shopsite.throttles import ScopedRateThrottle

from . import services
from .serializers import ContactMessageInput, MailOutput, NewsletterSignupInput

NEWSLETTER_THANKS = "Thanks for subscribing!"
NEWSLETTER_CONFIRMED = "Your subscription is confirmed: welcome to the newsletter!"
CONTACT_THANKS = "Thanks, we got your message"
UNSUBSCRIBED = "You will get no more newsletter mail."


class NewsletterView(APIView):
    """POST /mail/newsletter {email}: the footer form (double opt-in: the address is mailed a link to confirm).

    The same answer (200, the spec's thanks) whatever the address's state, known or not, pending, subscribed or
    unsubscribed: the form tells nobody who reads the newsletter.
    """

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "newsletter"

    @extend_schema(
        request=NewsletterSignupInput,
        responses={
            200: OpenApiResponse(
                MailOutput,
                description="Taken: an address not subscribed yet is mailed a link to confirm (at most once an hour).",
            ),
            **errors(400, 403, 429),
        },
    )
    def post(self, request):
        services.newsletter_subscribe(**validated(NewsletterSignupInput, request.data))
        return Response({"message": NEWSLETTER_THANKS})


class NewsletterConfirmView(APIView):
    """POST /mail/newsletter/confirm/{token}: the link of the confirmation mail, posted by the storefront's
    /newsletter/confirm screen's button (never a GET: mail scanners follow links). The signed token is the only
    credential, so no session is read; again is no error; a token the shop did not sign, or one too old, is a 400."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={
            200: OpenApiResponse(MailOutput, description="The address is subscribed; the welcome mail is on its way."),
            **errors(400),
        },
    )
    def post(self, request, token: str):
        services.newsletter_confirm(token=token)
        return Response({"message": NEWSLETTER_CONFIRMED})


class ContactMessageView(APIView):
    """POST /mail/contactUs {name, email, message}: the contact form, forwarded to the shop's inbox."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "contact"

    @extend_schema(
        request=ContactMessageInput,
        responses={
            201: OpenApiResponse(MailOutput, description="Stored; it is mailed to the shop's inbox."),
            **errors(400, 403, 429),
        },
    )
    def post(self, request):
        services.contact_message_create(**validated(ContactMessageInput, request.data))
        return Response({"message": CONTACT_THANKS}, status=status.HTTP_201_CREATED)


class UnsubscribeView(APIView):
    """POST /mail/unsubscribe/{token}: RFC 8058's one click, posted by a mail client (List-Unsubscribe-Post) or by the
    storefront's /unsubscribe screen; the signed token is the only credential.

    No session is read, so no CSRF token is asked for: a mail client has neither. The body (List-Unsubscribe=One-Click)
    is not read. Again is no error; a token the shop did not sign is a 400 and changes nothing. There is no GET: mail
    scanners follow links, and must not unsubscribe anyone.
    """

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={
            200: OpenApiResponse(MailOutput, description="The address gets no more newsletter mail."),
            **errors(400),
        },
    )
    def post(self, request, token: str):
        services.newsletter_unsubscribe(token=token)
        return Response({"message": UNSUBSCRIBED})
