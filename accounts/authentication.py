"""How API calls are tied to a user, refusing accounts that are not Enabled."""

from rest_framework import authentication

from .errors import AccountDisabled


def ensure_enabled(user) -> None:
    if not user.is_enabled:
        raise AccountDisabled()


class SessionAuthentication(authentication.SessionAuthentication):
    """Django's session cookie (with its CSRF check); a Disabled or Eliminated user gets 403."""

    def authenticate(self, request):
        result = super().authenticate(request)
        if result is not None:
            ensure_enabled(result[0])
        return result

    def authenticate_header(self, request) -> str:
        # Makes DRF answer 401, not 403, to a caller who is not signed in.
        return 'Session realm="api"'
