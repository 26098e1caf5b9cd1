"""An admin's session ends after SHOP_ADMIN_IDLE_MINUTES without a request (sliding); shoppers' keep Django's."""

from django.conf import settings
from django.contrib.auth import logout
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import timezone

from . import second_factor

SESSION_SEEN = "admin_seen_at"
# The last request's time is written at most this often: not a session save on every call.
SEEN_PRECISION_SECONDS = 60


class AdminIdleTimeoutMiddleware:
    """After Django's AuthenticationMiddleware. A session carries admin rights when its user is a shop admin or staff,
    or when it holds a second factor's verification (a Firebase admin's calls carry their token, not the session)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        session = getattr(request, "session", None)
        if session is not None and (
            second_factor.SESSION_VERIFIED_AT in session or second_factor.holds_rights(request.user)
        ):
            now = timezone.now().timestamp()
            seen = session.get(SESSION_SEEN)
            if isinstance(seen, (int, float)) and now - seen > settings.SHOP_ADMIN_IDLE_MINUTES * 60:
                # Signed out: the call goes on as an anonymous one's (401 for the API, the sign-in for the admin).
                logout(request)
            elif not isinstance(seen, (int, float)) or now - seen >= SEEN_PRECISION_SECONDS:
                session[SESSION_SEEN] = now
        return self.get_response(request)


@receiver(user_logged_in)
def _seen_at_login(sender, request, user, **kwargs) -> None:
    """Signing in is the first sign of life (and spares the first call a session write)."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_SEEN] = timezone.now().timestamp()
