"""The page shell: one HTML page for every screen; React Router draws the screen."""

from django.conf import settings
from django.shortcuts import render
from django.utils.text import Truncator
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from accounts.serializers import UserSerializer
from catalog import selectors as catalog_selectors
from catalog.errors import ShoeNotFound
from catalog.serializers import shoe_image_url

from .routes import Screen, screen_for

# Search engines and link previews show about this much of a description.
DESCRIPTION_MAX_LENGTH = 160
DEFAULT_DESCRIPTION = "Sneakers from the brands you love, with deals every week."


def shop_config(request) -> dict:
    """What the browser app needs to know of the server (DESIGN.md §7); never a secret."""
    return {
        "shopName": settings.SHOP_NAME,
        "identityProvider": settings.IDENTITY_PROVIDER,
        "firebaseConfig": settings.FIREBASE_WEB_CONFIG if settings.IDENTITY_PROVIDER == "firebase" else None,
        "paymentGateway": settings.PAYMENT_GATEWAY,
        "stripePublishableKey": settings.STRIPE_PUBLISHABLE_KEY if settings.PAYMENT_GATEWAY == "stripe" else "",
        "socialLinks": settings.SHOP_SOCIAL_LINKS,
        # Who the session signed in (local provider): the app starts knowing, without a round trip.
        # With Firebase the browser's SDK tells, and the app then posts the user to /api/users.
        "user": UserSerializer(request.user).data if request.user.is_authenticated else None,
    }


def _product_meta(request, shoe_id: str) -> dict | None:
    """Title, description and picture of a shoe's page, so a shared link shows the shoe; None if it is gone."""
    if not shoe_id.isdigit():
        return None
    try:
        shoe = catalog_selectors.shoe_get(shoe_id=int(shoe_id))
    except ShoeNotFound:
        return None
    summary = f"{shoe.brand.name} {shoe.name}, {shoe.color}, ${shoe.price}. {shoe.description}"
    return {
        "title": f"{shoe.brand.name} {shoe.name} | {settings.SHOP_NAME}",
        "description": Truncator(" ".join(summary.split())).chars(DESCRIPTION_MAX_LENGTH),
        "image": request.build_absolute_uri(shoe_image_url(shoe)),
        "og_type": "product",
    }


def _page_meta(request, screen: Screen | None) -> dict | None:
    """The page's meta tags, or None when the path shows nothing (the 404 screen)."""
    if screen is None:
        return None
    if screen.name == "ProductDetail":
        return _product_meta(request, screen.params["id"])
    return {"title": settings.SHOP_NAME}


@require_safe
@ensure_csrf_cookie
def page_shell(request):
    meta = _page_meta(request, screen_for(request.path))
    context = {
        "shop_config": shop_config(request),
        "title": settings.SHOP_NAME,
        "description": DEFAULT_DESCRIPTION,
        **(meta or {}),
    }
    return render(request, "index.html", context, status=200 if meta else 404)
