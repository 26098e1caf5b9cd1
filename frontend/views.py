"""The page shell: one HTML page for every screen; React Router draws the screen."""

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from .routes import screen_for


def shop_config() -> dict:
    """What the browser app needs to know of the server (DESIGN.md §7); never a secret."""
    return {
        "shopName": settings.SHOP_NAME,
        "identityProvider": settings.IDENTITY_PROVIDER,
        "firebaseConfig": settings.FIREBASE_WEB_CONFIG if settings.IDENTITY_PROVIDER == "firebase" else None,
        "paymentGateway": settings.PAYMENT_GATEWAY,
        "stripePublishableKey": settings.STRIPE_PUBLISHABLE_KEY if settings.PAYMENT_GATEWAY == "stripe" else "",
    }


@require_safe
@ensure_csrf_cookie
def page_shell(request):
    screen = screen_for(request.path)
    context = {"shop_config": shop_config(), "title": settings.SHOP_NAME}
    return render(request, "index.html", context, status=200 if screen else 404)
