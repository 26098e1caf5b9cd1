"""The shop set up for one identity provider, with Google answered by the fake (fake_google.py): generators a test
module's fixture yields from, and a client that sends a Firebase ID token."""

from collections.abc import Iterator

import firebase_admin
from google.auth.credentials import AnonymousCredentials
from rest_framework.settings import api_settings
from rest_framework.test import APIClient
from rest_framework.views import APIView

from accounts.identity import firebase
from accounts.identity import google as google_identity

from .fake_google import GOOGLE_CLIENT_ID, PROJECT_ID, FakeGoogle

FIREBASE_AUTHENTICATION = "accounts.identity.firebase.FirebaseAuthentication"


def local_with_google(settings, monkeypatch) -> Iterator[FakeGoogle]:
    """A shop on its own accounts with a Google client id, and Google's keys served by the fake."""
    settings.IDENTITY_PROVIDER = "local"
    settings.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID
    fake = FakeGoogle()
    fake.install(monkeypatch)
    google_identity.http_session_forget()
    yield fake
    google_identity.http_session_forget()
    assert fake.unexpected == []


def firebase_mode(settings, monkeypatch) -> Iterator[FakeGoogle]:
    """The shop in firebase mode, its firebase-admin app answered by the fake Google."""
    settings.IDENTITY_PROVIDER = "firebase"
    settings.FIREBASE_PROJECT_ID = PROJECT_ID
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_AUTHENTICATION_CLASSES": [FIREBASE_AUTHENTICATION]}
    # DRF reloads api_settings when the setting changes, but APIView copied the classes at import.
    monkeypatch.setattr(APIView, "authentication_classes", api_settings.DEFAULT_AUTHENTICATION_CLASSES)
    # With it set, firebase-admin would skip the very checks these tests are about.
    monkeypatch.delenv("FIREBASE_AUTH_EMULATOR_HOST", raising=False)
    fake = FakeGoogle()
    fake.install(monkeypatch)
    # The shop's app, with a credential that asks Google for no access token.
    firebase.firebase_app_delete()
    firebase_admin.initialize_app(AnonymousCredentials(), {"projectId": PROJECT_ID}, name=firebase.APP_NAME)
    yield fake
    firebase.firebase_app_delete()
    assert fake.unexpected == []


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client
