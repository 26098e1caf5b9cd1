"""`Cache-Control: private, no-store` on every answer to a signed-in caller: their orders, addresses, account,
favorites, the users list, the page shell that carries their record, the Django admin.

One rule for all of it, so a new personal endpoint cannot forget it: an answer is personal when the caller is signed
in, the way catalog/middleware.py's PublicAnswerMiddleware tells a public caller apart (a session cookie or an
Authorization header), or when the view signed someone in or read an identity (request.user, which DRF's
authentication sets too, Firebase's included). Neither the browser's disk, its back-forward cache nor a shared cache
on the way then keeps it for the next person at that computer. Anonymous answers are left as their views make them
(public caching of the catalogue is the catalogue's own business).
"""

from django.conf import settings

NO_STORE = "private, no-store"


def is_signed_in_caller(request) -> bool:
    user = getattr(request, "user", None)
    return (
        settings.SESSION_COOKIE_NAME in request.COOKIES
        or "HTTP_AUTHORIZATION" in request.META
        or bool(user is not None and user.is_authenticated)
    )


class PrivateAnswerMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        answer = self.get_response(request)
        if is_signed_in_caller(request):
            # Replaces whatever the view said: a signed-in answer is never kept anywhere, not even a catalogue read.
            answer["Cache-Control"] = NO_STORE
            if "Expires" in answer:
                del answer["Expires"]
        return answer
