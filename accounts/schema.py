"""How the OpenAPI schema describes the shop's authentication."""

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.permissions import AllowAny
from rest_framework.test import APIRequestFactory


def open_to_anonymous(auto_schema) -> bool:
    """Whether a caller without a credential passes the view's permissions for this method.

    drf-spectacular only knows DRF's own AllowAny and IsAuthenticatedOrReadOnly; without this the schema
    would say that reading the catalogue needs a sign-in.
    """
    view = auto_schema.view
    permissions = view.get_permissions()
    if any(type(permission) is AllowAny for permission in permissions):
        return False  # drf-spectacular adds the anonymous alternative itself
    # The generator's own mock request carries the user who asked for the schema: ask for a stranger.
    request = view.initialize_request(getattr(APIRequestFactory(), auto_schema.method.lower())(auto_schema.path))
    request.user = AnonymousUser()
    return all(permission.has_permission(request, view) for permission in permissions)


class SessionScheme(OpenApiAuthenticationExtension):
    target_class = "accounts.authentication.SessionAuthentication"
    name = "cookieAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "cookie", "name": settings.SESSION_COOKIE_NAME}

    def get_security_requirement(self, auto_schema):
        return [{self.name: []}, {}] if open_to_anonymous(auto_schema) else {self.name: []}


class FirebaseScheme(OpenApiAuthenticationExtension):
    target_class = "accounts.identity.firebase.FirebaseAuthentication"
    name = "firebaseIdToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "JWT",
            "description": "A Firebase ID token from the Firebase JS SDK (getIdToken()).",
        }

    def get_security_requirement(self, auto_schema):
        return [{self.name: []}, {}] if open_to_anonymous(auto_schema) else {self.name: []}
