"""Sign in with Google for the local identity provider: the browser gets an ID token from Google Identity Services,
the server checks it with the google-auth library and opens the shop's own session.

With IDENTITY_PROVIDER=firebase, Firebase's SDK signs Google users in instead, and this module is not used.
"""

import functools
import logging
import threading

import cachecontrol
import requests
from django.conf import settings
from django.db import IntegrityError, transaction
from google.auth import exceptions as google_auth_errors
from google.auth.transport import requests as google_requests
from google.oauth2 import id_token

from ..authentication import ensure_enabled
from ..errors import EmailInUse, GoogleAccountTaken, GoogleSignInRefused, IdentityUnavailable
from ..models import User, UserManager

logger = logging.getLogger(__name__)

# Per try of the one call to Google, for its public keys. It answers in a tenth of a second, and keeps nothing for
# google-auth's own default of 120 s to wait on (shopsite/tests/test_time_budget.py).
HTTP_TIMEOUT_SECONDS = 1
# The clocks of Google and this server may differ by a few seconds: a token issued "in the future" is still good.
CLOCK_SKEW_SECONDS = 10
_session_lock = threading.Lock()
_session: requests.Session | None = None


def _http_session() -> requests.Session:
    """One session per process, whose cache keeps Google's keys for as long as Google says (Cache-Control)."""
    global _session
    with _session_lock:
        if _session is None:
            _session = cachecontrol.CacheControl(requests.Session())
        return _session


def http_session_forget() -> None:
    """Drop the session and the keys it kept; tests begin each with Google's keys unknown."""
    global _session
    with _session_lock:
        _session = None


def google_claims_verified(*, credential) -> dict:
    """The claims of a Google ID token: signed by one of Google's keys, for this shop's client id, from Google's
    issuer, not expired, with an address Google has verified. Anything else is refused."""
    if not isinstance(credential, str) or not credential or len(credential) > 4096:
        raise GoogleSignInRefused()
    request = functools.partial(google_requests.Request(session=_http_session()), timeout=HTTP_TIMEOUT_SECONDS)
    try:
        # Checks the signature against Google's keys, the audience, the expiry and, after it, the issuer.
        claims = id_token.verify_oauth2_token(
            credential, request, audience=settings.GOOGLE_CLIENT_ID, clock_skew_in_seconds=CLOCK_SKEW_SECONDS
        )
    except google_auth_errors.TransportError as error:
        logger.warning("Google's keys could not be fetched to check a sign-in: %s", error)
        raise IdentityUnavailable() from error
    except (ValueError, google_auth_errors.GoogleAuthError) as error:
        # A bad signature, an unknown key, another audience, an expired token or another issuer: all mean "not
        # Google's word for this shop". The reason goes to the log, never to the caller.
        logger.info("A Google sign-in token was refused: %s", error)
        raise GoogleSignInRefused() from None
    if not claims.get("sub") or not claims.get("email") or claims.get("email_verified") is not True:
        raise GoogleSignInRefused("Google has not verified this address: sign in with your password instead.")
    return claims


@transaction.atomic
def user_google_sign_in(*, claims: dict) -> tuple[User, bool]:
    """The Enabled account a verified Google identity opens, made on first sight; whether it is new.

    The account is found by Google's own id for the person (sub) first, then by the address.
    """
    sub, email = str(claims["sub"]), UserManager.normalize_email(claims["email"])
    user = User.objects.select_for_update().filter(google_sub=sub).first() or _account_link(sub=sub, email=email)
    if user is not None:
        ensure_enabled(user)
        return user, False
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                email, google_sub=sub, email_verified=True, display_name=str(claims.get("name") or "")[:80]
            )
    except IntegrityError:
        # An account with the address was made meanwhile (a sign-up, or this person's other click): the next
        # Google sign-in links it.
        raise EmailInUse() from None
    return user, True


def _account_link(*, sub: str, email: str) -> User | None:
    """The account holding the address, now linked to the Google identity; None when there is none.

    Google vouches for the address, so the account is its owner's. If that account's owner never proved the address
    was theirs, its password stops working: whoever typed someone else's address at sign-up keeps no way into the
    account of the address's real owner, who can set a password of their own with a reset.
    """
    user = User.objects.select_for_update().filter(email=email).first()
    if user is None:
        return None
    if user.google_sub:
        # The address moved to another Google account (a reused work address): not the same person.
        raise GoogleAccountTaken()
    if not user.email_verified:
        user.set_unusable_password()
    user.google_sub, user.email_verified = sub, True
    user.save(update_fields=["google_sub", "email_verified", "password", "updated_at"])
    return user
