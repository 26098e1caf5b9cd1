"""How the OpenAPI schema describes the shop's authentication."""

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension


class SessionScheme(OpenApiAuthenticationExtension):
    target_class = "accounts.authentication.SessionAuthentication"
    name = "cookieAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "cookie", "name": settings.SESSION_COOKIE_NAME}


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
