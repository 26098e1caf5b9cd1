"""Google's side of Firebase Auth and of Sign in with Google for tests: ID tokens signed with a local key, and what
firebase-admin and google-auth ask Google."""

import datetime
import io
import json
import time
from dataclasses import dataclass
from email.utils import formatdate
from functools import cache

import jwt
import requests
import urllib3
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID

PROJECT_ID = "sneaker-shop-test"
CERT_URL = "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"
LOOKUP_URL = f"https://identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:lookup"
DELETE_URL = f"https://identitytoolkit.googleapis.com/v1/projects/{PROJECT_ID}/accounts:delete"
TOKEN_URL = "https://oauth2.googleapis.com/token"
# Where google-auth finds the keys of the ID tokens Google Identity Services gives a site (Sign in with Google).
OAUTH2_CERTS_URL = "https://www.googleapis.com/oauth2/v1/certs"
GOOGLE_CLIENT_ID = "1234567890-shop.apps.googleusercontent.com"
ACCESS_TOKEN = "ya29.test-access-token"
KEY_ID = "test-key-1"


@dataclass(frozen=True)
class SigningKey:
    kid: str
    private_key: rsa.RSAPrivateKey
    certificate_pem: str

    @property
    def private_key_pem(self) -> str:
        return self.private_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ).decode()


@cache
def signing_key(kid: str = KEY_ID, *, variant: int = 0) -> SigningKey:
    """An RSA key and its self-signed certificate, as Google publishes them; another variant is another key."""
    private_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "securetoken.system.gserviceaccount.com")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(private_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .sign(private_key, hashes.SHA256())
    )
    return SigningKey(kid, private_key, certificate.public_bytes(serialization.Encoding.PEM).decode())


def service_account(key: SigningKey, *, project_id: str = PROJECT_ID) -> dict:
    """A service account file's contents, as the Firebase console hands it out."""
    return {
        "type": "service_account",
        "project_id": project_id,
        "private_key_id": key.kid,
        "private_key": key.private_key_pem,
        "client_email": f"firebase-adminsdk@{project_id}.iam.gserviceaccount.com",
        "token_uri": TOKEN_URL,
    }


class _Body(io.BytesIO):
    """A response body that closes once read to its end, as http.client's does; CacheControl caches only then."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self._length = len(data)

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        if self.tell() >= self._length:
            self.close()
        return data


class FakeGoogle:
    """Google's certificates, OAuth token endpoint and Identity Toolkit user lookup, with the users Firebase knows."""

    def __init__(self, project_id: str = PROJECT_ID):
        self.project_id = project_id
        self.key = signing_key()
        # Firebase's user records by uid, as accounts:lookup returns them.
        self.users: dict[str, dict] = {}
        # URLs that fail: a connection error for the unreachable, a 500 for the failing.
        self.unreachable: set[str] = set()
        self.failing: set[str] = set()
        self.calls: list[tuple[str, str]] = []
        # The timeout each call was sent with, by URL.
        self.timeouts: dict[str, object] = {}
        # The Authorization header of each user lookup.
        self.lookup_authorizations: list[str | None] = []
        self.unexpected: list[str] = []

    def install(self, monkeypatch) -> None:
        """Answer every HTTP call made through requests; any other than Google's fails the test."""
        # Only the transport is replaced: firebase-admin's certificate fetch (through CacheControl), its checks
        # and its user lookup run as in production.
        fake = self

        # HTTPAdapter.send's own parameters: CacheControl's adapter passes them by position.
        def send(adapter, request, stream=False, timeout=None, *args, **kwargs):
            fake.timeouts[request.url] = timeout
            return fake._answer(adapter, request)

        monkeypatch.setattr(requests.adapters.HTTPAdapter, "send", send)

    def user(self, uid: str, *, email: str | None, disabled: bool = False, valid_since: int = 0) -> dict:
        """Firebase's record of the user (valid_since: the seconds from which its tokens count)."""
        record = {"localId": uid, "email": email, "disabled": disabled, "validSince": str(valid_since)}
        self.users[uid] = record
        return record

    def id_token(
        self, uid: str, *, email: str | None, email_verified: bool = True, key: SigningKey | None = None, **claims
    ) -> str:
        """A Firebase ID token for a user Firebase knows; claims override (or, given None, remove) the usual ones."""
        if uid not in self.users:
            self.user(uid, email=email)
        now = int(time.time())
        payload = {
            "iss": f"https://securetoken.google.com/{self.project_id}",
            "aud": self.project_id,
            "sub": uid,
            "user_id": uid,
            "iat": now,
            "auth_time": now,
            "exp": now + 3600,
            "email": email,
            "email_verified": email_verified,
            "firebase": {"identities": {"email": [email]}, "sign_in_provider": "password"},
        }
        payload.update(claims)
        payload = {name: value for name, value in payload.items() if value is not None}
        key = key or self.key
        return jwt.encode(payload, key.private_key, algorithm="RS256", headers={"kid": key.kid})

    def google_id_token(
        self, sub: str, *, email: str | None, email_verified: bool = True, key: SigningKey | None = None, **claims
    ) -> str:
        """An ID token as Google Identity Services gives a site for its client id; claims override (or, given None,
        remove) the usual ones."""
        now = int(time.time())
        payload = {
            "iss": "https://accounts.google.com",
            "azp": GOOGLE_CLIENT_ID,
            "aud": GOOGLE_CLIENT_ID,
            "sub": sub,
            "email": email,
            "email_verified": email_verified,
            "name": "Ada Runner",
            "iat": now,
            "nbf": now - 60,
            "exp": now + 3600,
        }
        payload.update(claims)
        payload = {name: value for name, value in payload.items() if value is not None}
        key = key or self.key
        return jwt.encode(payload, key.private_key, algorithm="RS256", headers={"kid": key.kid})

    def _answer(self, adapter, request) -> requests.Response:
        self.calls.append((request.method, request.url))
        if request.url in self.unreachable:
            raise requests.ConnectionError(f"{request.url} is unreachable (fake)", request=request)
        if request.url in self.failing:
            return self._response(adapter, request, 500, {"error": {"code": 500, "message": "Internal error"}})
        if (request.method, request.url) in (("GET", CERT_URL), ("GET", OAUTH2_CERTS_URL)):
            # Google's caching headers: CacheControl keeps the certificates for max-age after Date.
            certificates = {self.key.kid: self.key.certificate_pem}
            caching = {"Cache-Control": "public, max-age=19000", "Date": formatdate(usegmt=True)}
            return self._response(adapter, request, 200, certificates, caching)
        if (request.method, request.url) == ("POST", TOKEN_URL):
            return self._response(adapter, request, 200, {"access_token": ACCESS_TOKEN, "expires_in": 3600})
        if (request.method, request.url) == ("POST", LOOKUP_URL):
            self.lookup_authorizations.append(request.headers.get("Authorization"))
            uids = json.loads(request.body)["localId"]
            # Like Identity Toolkit, no "users" at all when none is found.
            body = {"kind": "identitytoolkit#GetAccountInfoResponse"}
            if users := [self.users[uid] for uid in uids if uid in self.users]:
                body["users"] = users
            return self._response(adapter, request, 200, body)
        if (request.method, request.url) == ("POST", DELETE_URL):
            uid = json.loads(request.body)["localId"]
            if self.users.pop(uid, None) is None:
                return self._response(adapter, request, 400, {"error": {"code": 400, "message": "USER_NOT_FOUND"}})
            return self._response(adapter, request, 200, {"kind": "identitytoolkit#DeleteAccountResponse"})
        self.unexpected.append(f"{request.method} {request.url}")
        raise AssertionError(f"firebase-admin called {request.method} {request.url}, which the fake does not serve")

    @staticmethod
    def _response(adapter, request, status: int, body: dict, headers: dict | None = None) -> requests.Response:
        # The adapter builds the answer, as after a real exchange, so CacheControl's adapter caches it.
        data = json.dumps(body).encode()
        raw = urllib3.HTTPResponse(
            body=_Body(data),
            headers={"Content-Type": "application/json", "Content-Length": str(len(data)), **(headers or {})},
            status=status,
            preload_content=False,
            request_method=request.method,
        )
        return adapter.build_response(request, raw)
