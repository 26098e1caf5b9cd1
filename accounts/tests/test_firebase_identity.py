"""The Firebase identity provider through the API, with the real firebase-admin and a fake Google at the HTTP layer."""

import base64
import json
import time
from collections.abc import Iterator

import firebase_admin
import pytest
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice
from firebase_admin import credentials
from google.oauth2 import credentials as google_credentials
from rest_framework.test import APIClient

from accounts.errors import ACCOUNT_DISABLED
from accounts.identity import firebase
from accounts.models import User
from accounts.tests.factories import UserFactory
from shopsite.tests.test_settings import setting_in_fresh_process, start_django

from .fake_google import (
    ACCESS_TOKEN,
    CERT_URL,
    KEY_ID,
    LOOKUP_URL,
    PROJECT_ID,
    TOKEN_URL,
    FakeGoogle,
    service_account,
    signing_key,
)
from .identity_shops import FIREBASE_AUTHENTICATION, bearer, firebase_mode

pytestmark = pytest.mark.django_db

UID = "fB3kq9ZtVd0aXlm2RrP7cYw1sE4u"
EMAIL = "runner@sneakers.test"


@pytest.fixture
def google(settings, monkeypatch) -> Iterator[FakeGoogle]:
    yield from firebase_mode(settings, monkeypatch)


def test_a_valid_token_signs_in_and_creates_the_user_on_first_sight(google):
    token = google.id_token(UID, email="Runner@Sneakers.test", email_verified=False)

    response = bearer(token).post("/api/users", {"email": EMAIL, "idUser": UID})

    assert response.status_code == 200
    body = response.json()
    assert (body["idUser"], body["email"], body["emailVerified"], body["status"]) == (UID, EMAIL, False, "Enabled")
    user = User.objects.get()
    assert (user.uid, user.email, user.email_verified) == (UID, EMAIL, False)


def test_the_next_calls_find_the_same_user(google):
    client = bearer(google.id_token(UID, email=EMAIL))
    first = client.post("/api/users", {"idUser": UID}).json()

    response = client.put("/api/auth/profile", {"displayName": "Runner"})

    assert response.status_code == 200
    assert response.json()["_id"] == first["_id"]
    assert User.objects.get().display_name == "Runner"


def test_a_verified_email_held_by_a_local_account_is_taken_over(google):
    local = UserFactory(email=EMAIL, email_verified=False)

    response = bearer(google.id_token(UID, email=EMAIL, email_verified=True)).post("/api/users", {"idUser": UID})

    assert response.status_code == 200
    assert response.json()["_id"] == local.pk
    local.refresh_from_db()
    assert (local.uid, local.email_verified) == (UID, True)
    assert User.objects.count() == 1


def test_an_unverified_email_held_by_another_account_is_refused(google):
    holder = UserFactory(email=EMAIL)

    response = bearer(google.id_token(UID, email=EMAIL, email_verified=False)).post("/api/users", {"idUser": UID})

    assert response.status_code == 409
    assert response.json() == {"detail": "Email already in use", "code": "auth/email-already-in-use"}
    assert User.objects.get().uid == holder.uid


def _expired(google):
    past = int(time.time()) - 7200
    return google.id_token(UID, email=EMAIL, iat=past, auth_time=past, exp=past + 3600)


def _revoked(google):
    # Firebase revokes a user's sessions by moving validSince past the tokens' issue time.
    token = google.id_token(UID, email=EMAIL, iat=int(time.time()) - 60, auth_time=int(time.time()) - 60)
    google.user(UID, email=EMAIL, valid_since=int(time.time()) - 30)
    return token


def _unsigned(google):
    _, payload, _ = google.id_token(UID, email=EMAIL).split(".")
    header = base64.urlsafe_b64encode(json.dumps({"alg": "none", "kid": KEY_ID}).encode()).rstrip(b"=").decode()
    return f"{header}.{payload}."


def _deleted_in_firebase(google):
    token = google.id_token(UID, email=EMAIL)
    del google.users[UID]
    return token


BAD_TOKENS = {
    "expired": (_expired, "token_expired"),
    "revoked": (_revoked, "token_revoked"),
    "wrong audience": (lambda g: g.id_token(UID, email=EMAIL, aud="another-project"), "invalid_token"),
    "wrong issuer": (
        lambda g: g.id_token(UID, email=EMAIL, iss="https://securetoken.google.com/another-project"),
        "invalid_token",
    ),
    "another key, same kid": (lambda g: g.id_token(UID, email=EMAIL, key=signing_key(variant=1)), "invalid_token"),
    "unknown kid": (lambda g: g.id_token(UID, email=EMAIL, key=signing_key("unknown-kid")), "invalid_token"),
    "unsigned (alg none)": (_unsigned, "invalid_token"),
    "malformed": (lambda g: "not.a-jwt", "invalid_token"),
    "user deleted in Firebase": (_deleted_in_firebase, "invalid_token"),
    "no email": (lambda g: g.id_token(UID, email=None), "email_required"),
}


@pytest.mark.parametrize(("make_token", "code"), BAD_TOKENS.values(), ids=BAD_TOKENS.keys())
def test_a_bad_token_gets_401_and_changes_nothing(google, make_token, code):
    user = UserFactory(email=EMAIL, uid=UID, display_name="Before")
    client = bearer(make_token(google))

    responses = [client.put("/api/auth/profile", {"displayName": "After"}), client.post("/api/users", {})]

    for response in responses:
        assert response.status_code == 401
        assert response.json()["code"] == code
        assert response.headers["WWW-Authenticate"] == 'Bearer realm="api"'
    user.refresh_from_db()
    assert user.display_name == "Before"
    assert User.objects.count() == 1


@pytest.mark.parametrize("credential", ["Bearer", "Bearer one two"])
def test_a_bearer_header_without_one_token_gets_401(google, credential):
    response = APIClient().post("/api/users", {}, HTTP_AUTHORIZATION=credential)
    assert response.status_code == 401
    assert response.json()["code"] == "invalid_token"


def test_a_bad_token_creates_no_user(google):
    response = bearer(_expired(google)).post("/api/users", {})
    assert response.status_code == 401
    assert not User.objects.exists()


def test_a_user_disabled_in_firebase_is_refused_like_our_own(google):
    google.user(UID, email=EMAIL, disabled=True)

    response = bearer(google.id_token(UID, email=EMAIL)).post("/api/users", {})

    assert response.status_code == 403
    assert response.json() == {"detail": ACCOUNT_DISABLED, "code": "account_disabled"}
    assert not User.objects.exists()


@pytest.mark.parametrize("status", [User.Status.DISABLED, User.Status.ELIMINATED])
def test_our_own_disabled_user_is_refused_with_the_spec_message(google, status):
    UserFactory(email=EMAIL, uid=UID, status=status)
    client = bearer(google.id_token(UID, email=EMAIL))

    for response in [client.post("/api/users", {}), client.get("/api/shoes")]:
        assert response.status_code == 403
        assert response.json() == {"detail": ACCOUNT_DISABLED, "code": "account_disabled"}


@pytest.mark.parametrize("authorization", [None, "Basic cnVubmVyOnNlY3JldA==", "Session abc"])
def test_without_a_bearer_token_the_caller_is_anonymous(google, authorization):
    client = APIClient()
    if authorization:
        client.credentials(HTTP_AUTHORIZATION=authorization)

    assert client.get("/api/shoes").status_code == 200
    response = client.post("/api/users", {})
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert response.headers["WWW-Authenticate"] == 'Bearer realm="api"'
    assert google.calls == []


@pytest.mark.parametrize(
    ("url", "failure"),
    [(CERT_URL, "unreachable"), (CERT_URL, "failing"), (LOOKUP_URL, "unreachable"), (LOOKUP_URL, "failing")],
    ids=["certificates unreachable", "certificates 500", "lookup unreachable", "lookup 500"],
)
def test_google_out_of_reach_gives_503_not_a_server_error(google, url, failure):
    token = google.id_token(UID, email=EMAIL)
    getattr(google, failure).add(url)

    response = bearer(token).post("/api/users", {})

    assert response.status_code == 503
    assert response.json()["code"] == "identity_unavailable"
    assert not User.objects.exists()


@pytest.fixture
def credentialed_google(google):
    """The shop's app with a credential that, like production's, needs an access token for the user lookup."""
    # An authorized-user credential rather than a service account: google-auth would also start a background
    # thread for a service account (its Regional Access Boundary lookup), which could outlive the fake.
    credential = google_credentials.Credentials(
        token=None, refresh_token="1//refresh", client_id="client", client_secret="secret", token_uri=TOKEN_URL
    )
    firebase.firebase_app_delete()
    firebase_admin.initialize_app(credential, {"projectId": PROJECT_ID}, name=firebase.APP_NAME)
    return google


def test_the_user_lookup_carries_the_access_token_of_our_credential(credentialed_google):
    response = bearer(credentialed_google.id_token(UID, email=EMAIL)).post("/api/users", {})
    assert response.status_code == 200
    assert credentialed_google.lookup_authorizations == [f"Bearer {ACCESS_TOKEN}"]


def test_every_call_to_google_is_bounded_by_the_shop_s_timeout(google, monkeypatch):
    # The shop's own app (firebase_app()), its Application Default Credentials found as on a Google Cloud host.
    credential = google_credentials.Credentials(
        token=None, refresh_token="1//refresh", client_id="client", client_secret="secret", token_uri=TOKEN_URL
    )
    monkeypatch.delenv("GOOGLE_APPLICATION_CREDENTIALS", raising=False)
    monkeypatch.setattr("google.auth.default", lambda *args, **kwargs: (credential, PROJECT_ID))
    firebase.firebase_app_delete()

    response = bearer(google.id_token(UID, email=EMAIL)).post("/api/users", {})

    assert response.status_code == 200
    assert google.timeouts == {url: firebase.HTTP_TIMEOUT_SECONDS for url in (CERT_URL, TOKEN_URL, LOOKUP_URL)}


def test_google_token_endpoint_out_of_reach_gives_503(credentialed_google):
    credentialed_google.unreachable.add(TOKEN_URL)
    response = bearer(credentialed_google.id_token(UID, email=EMAIL)).post("/api/users", {})
    assert response.status_code == 503
    assert response.json()["code"] == "identity_unavailable"


def test_certificates_are_cached_but_each_call_looks_the_user_up(google):
    client = bearer(google.id_token(UID, email=EMAIL))

    for _ in range(3):
        assert client.get("/api/shoes").status_code == 200

    # check_revoked costs a round trip to Identity Toolkit on every signed-in call.
    assert google.calls.count(("GET", CERT_URL)) == 1
    assert google.calls.count(("POST", LOOKUP_URL)) == 3


def test_a_body_naming_another_uid_is_refused(google):
    response = bearer(google.id_token(UID, email=EMAIL)).post("/api/users", {"idUser": "someone-else", "email": EMAIL})
    assert response.status_code == 403
    assert response.json()["code"] == "not_your_account"


@pytest.mark.parametrize("path", ["/api/auth/signin", "/api/auth/signup", "/api/auth/signout", "/api/auth/password"])
def test_the_local_sign_in_calls_answer_404_in_firebase_mode(google, path):
    UserFactory(email=EMAIL)
    response = APIClient().post(path, {"email": EMAIL, "password": "correct horse"})
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_the_schema_describes_the_bearer_token(google, client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert schema["components"]["securitySchemes"]["firebaseIdToken"] == {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "A Firebase ID token from the Firebase JS SDK (getIdToken()).",
    }


@pytest.fixture
def no_app(monkeypatch):
    monkeypatch.delenv("GOOGLE_APPLICATION_CREDENTIALS", raising=False)
    firebase.firebase_app_delete()
    yield
    firebase.firebase_app_delete()


def test_the_app_is_made_once_with_the_service_account_file(settings, tmp_path, monkeypatch, no_app):
    settings.FIREBASE_PROJECT_ID = PROJECT_ID
    account = service_account(signing_key(), project_id="the-account-project")
    (tmp_path / "service-account.json").write_text(json.dumps(account))
    monkeypatch.setenv("GOOGLE_APPLICATION_CREDENTIALS", str(tmp_path / "service-account.json"))

    app = firebase.firebase_app()

    assert firebase.firebase_app() is app
    assert isinstance(app.credential, credentials.Certificate)
    assert app.project_id == PROJECT_ID
    assert app.options.get("httpTimeout") == firebase.HTTP_TIMEOUT_SECONDS


def test_without_a_service_account_file_the_app_uses_application_default_credentials(settings, no_app):
    settings.FIREBASE_PROJECT_ID = PROJECT_ID
    app = firebase.firebase_app()
    assert isinstance(app.credential, credentials.ApplicationDefault)
    assert app.name == firebase.APP_NAME


FIREBASE_ENV = {"IDENTITY_PROVIDER": "firebase", "FIREBASE_PROJECT_ID": PROJECT_ID}


@pytest.mark.parametrize(
    ("env", "expected"),
    [({}, "accounts.authentication.SessionAuthentication"), (FIREBASE_ENV, FIREBASE_AUTHENTICATION)],
    ids=["local", "firebase"],
)
def test_the_identity_provider_chooses_how_every_view_authenticates(tmp_path, env, expected):
    result = start_django(
        tmp_path, "from rest_framework.views import APIView; print(APIView.authentication_classes)", **env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"[<class '{expected}'>]"


def test_firebase_mode_without_a_project_id_stops_the_start(tmp_path):
    result = start_django(tmp_path, IDENTITY_PROVIDER="firebase")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "FIREBASE_PROJECT_ID" in result.stderr


def test_the_auth_emulator_stops_the_start_without_debug(tmp_path):
    result = start_django(tmp_path, FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:9099", **FIREBASE_ENV)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "FIREBASE_AUTH_EMULATOR_HOST" in result.stderr


def test_the_auth_emulator_is_allowed_with_debug(tmp_path):
    debug = setting_in_fresh_process(
        "DEBUG", tmp_path, FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:9099", DJANGO_DEBUG="1", **FIREBASE_ENV
    )
    assert debug == "True"


def test_an_admin_with_an_app_gives_a_code_after_firebase_s_sign_in(google):
    """The verification rides on the session cookie beside the ID token (accounts/second_factor.py)."""
    client = bearer(google.id_token(UID, email=EMAIL))
    assert client.post("/api/users", {"idUser": UID}).json()["otpRequired"] is False
    user = User.objects.get(uid=UID)
    user.manager = True
    user.save()
    device = TOTPDevice.objects.create(user=user, name="Authenticator app", confirmed=True)

    assert client.post("/api/users", {"idUser": UID}).json()["otpRequired"] is True
    assert client.get("/api/cart").json()["code"] == "otp_verification_required"
    assert client.post("/api/auth/otp/verify", {"code": f"{totp(device.bin_key):06d}"}).status_code == 200

    assert client.get("/api/cart").status_code == 200
    assert client.post("/api/users", {"idUser": UID}).json()["otpRequired"] is False
