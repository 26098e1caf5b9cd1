"""The page shell: one HTML page for every screen; React Router draws the screen."""

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import NamedTuple

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.shortcuts import render
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator
from django.views.decorators.http import require_safe

from accounts.answers import UserOutput
from catalog import selectors as catalog_selectors
from catalog.cache import request_catalog_version, response_kept, served_answer, versioned_key
from catalog.errors import ShoeNotFound
from catalog.images import image_url, picture_srcset, shoe_image_url
from catalog.models import Shoe
from shopsite.http_cache import SHELL_VARY
from shopsite.templatetags.money import money

from .routes import preload_for, screen_for

# How wide the detail page and the home carousel show their picture: components/ShoeImage.jsx's PICTURE_SIZES, which
# the shell's preload of that picture must repeat, or the browser downloads a second copy.
PICTURE_SIZES = {"detail": "(max-width: 760px) 100vw, 600px", "carousel": "(max-width: 760px) 100vw, 480px"}
# Search engines and link previews show about this much of a description.
DESCRIPTION_MAX_LENGTH = 160
DEFAULT_DESCRIPTION = "Sneakers from the brands you love, with deals every week."
TEMPLATE = "index.html"


class Page(NamedTuple):
    """What a path's shell shows: its screen ('' for the 404 screen), on a product page the shoe's id, and the API
    calls the screen makes first (frontend/routes.json's "preload")."""

    screen: str
    shoe_id: int | None = None
    preload: tuple[str, ...] = ()


def shop_config(request) -> dict:
    """What the browser app needs to know of the server (docs/DESIGN.md §7); never a secret."""
    return {
        **_public_config(),
        # Who the session signed in (local provider): the app starts knowing, without a round trip.
        # With Firebase the browser's SDK tells, and the app then posts the user to /api/users.
        "user": UserOutput(request.user).data if request.user.is_authenticated else None,
    }


def _public_config() -> dict:
    return {
        "shopName": settings.SHOP_NAME,
        "identityProvider": settings.IDENTITY_PROVIDER,
        "firebaseConfig": settings.FIREBASE_WEB_CONFIG if settings.IDENTITY_PROVIDER == "firebase" else None,
        # Sign in with Google on the shop's own accounts; empty when the shop offers no Google button.
        "googleClientId": settings.GOOGLE_CLIENT_ID,
        "paymentGateway": settings.PAYMENT_GATEWAY,
        "stripePublishableKey": settings.STRIPE_PUBLISHABLE_KEY if settings.PAYMENT_GATEWAY == "stripe" else "",
        "socialLinks": settings.SHOP_SOCIAL_LINKS,
    }


def _page(path: str) -> Page:
    screen = screen_for(path)
    if screen is None:
        return Page("")
    if screen.name != "ProductDetail":
        return Page(screen.name, preload=preload_for(screen))
    # Decimal digits only ("²" is a digit to isdigit(), not to int()), and no more than a database's id can have.
    shoe_id = screen.params["id"]
    if not (shoe_id.isdecimal() and len(shoe_id) <= 19):
        return Page("")
    # /products/060 is /products/60: one kept shell, preloading the shoe as the app asks for it at /products/60.
    return Page(screen.name, int(shoe_id), preload_for(screen._replace(params={"id": str(int(shoe_id))})))


def _product_meta(request, shoe_id: int) -> dict | None:
    """Title, description and picture of a shoe's page, so a shared link shows the shoe; None if it is gone."""
    try:
        shoe = catalog_selectors.shoe_get(shoe_id=shoe_id)
    except ShoeNotFound:
        return None
    summary = f"{shoe.brand.name} {shoe.name}, {shoe.color}, {money(shoe.price)}. {shoe.description}"
    image = request.build_absolute_uri(shoe_image_url(shoe))
    # One address per shoe, whatever the case or trailing slash it was reached by.
    canonical = request.build_absolute_uri(f"/products/{shoe.pk}")
    return {
        "title": f"{shoe.brand.name} {shoe.name} | {settings.SHOP_NAME}",
        "description": Truncator(" ".join(summary.split())).chars(DESCRIPTION_MAX_LENGTH),
        "image": image,
        # The page's largest picture, for the shell's preload (_lead_picture).
        "picture": {
            "href": shoe_image_url(shoe),
            "srcset": picture_srcset({"image": shoe.image.name, "image_sizes": shoe.image_sizes}),
            "sizes": PICTURE_SIZES["detail"],
        },
        "og_type": "product",
        "canonical": canonical,
        "product_json_ld": _json_ld(product_json_ld(shoe, url=canonical, image=image)),
    }


def product_json_ld(shoe: Shoe, *, url: str, image: str) -> dict:
    """The shoe as schema.org's Product, for search engines' rich results (issue 19); its stock prefetched."""
    in_stock = any(entry.quantity > 0 for entry in shoe.stock.all())
    product = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": f"{shoe.brand.name} {shoe.name}",
        "image": [image],
        "description": shoe.description,
        "sku": str(shoe.pk),
        "color": shoe.color,
        "brand": {"@type": "Brand", "name": shoe.brand.name},
        "offers": {
            "@type": "Offer",
            "url": url,
            "price": f"{shoe.price:.2f}",
            "priceCurrency": "USD",
            "availability": f"https://schema.org/{'InStock' if in_stock else 'OutOfStock'}",
        },
    }
    if shoe.review_count:
        product["aggregateRating"] = {
            "@type": "AggregateRating",
            "ratingValue": str(shoe.rating),
            "reviewCount": shoe.review_count,
            "bestRating": "5",
            "worstRating": "1",
        }
    return product


# Inside <script>, "</script>" or "<!--" in a shoe's text would end the block or open a comment: these characters are
# written as JSON escapes instead (as Django's json_script does), which a JSON reader takes for the same text.
_SCRIPT_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def _json_ld(data: dict) -> SafeString:
    return mark_safe(json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False).translate(_SCRIPT_ESCAPES))


def _page_meta(request, page: Page) -> dict | None:
    """The page's meta tags, or None when the path shows nothing (the 404 screen)."""
    if not page.screen:
        return None
    if page.shoe_id is not None:
        return _product_meta(request, page.shoe_id)
    return {"title": settings.SHOP_NAME}


def _screen_chunks_file() -> Path:
    return Path(settings.WEBPACK_LOADER["DEFAULT"]["STATS_FILE"]).with_name("screen-chunks.json")


@cache
def _screen_chunks() -> dict:
    """What frontend/screenChunks.js wrote at build time: each screen's files beyond the entry's; {} without a build."""
    chunks = _screen_chunks_file()
    return json.loads(chunks.read_text())["screens"] if chunks.is_file() else {}


def _preloads(page: Page, shown: bool) -> list[dict]:
    """The <link rel=preload> of the screen's own code and of its first API calls, fetched beside the entry's
    (docs/DESIGN.md §7); none for the 404 screen or a shoe the shop does not have."""
    if not shown:
        return []
    calls = [{"url": url, "as": "fetch"} for url in page.preload]
    return _screen_chunks().get(page.screen, []) + calls


def _lead_picture(page: Page, meta: dict | None) -> dict | None:
    """The largest picture at the top of the screen, which the browser would find only once the app ran and its data
    came: the shoe's on its page, the carousel's first on the home page (docs/DESIGN.md §7). Its href, and the same
    srcset and sizes as the app's <img> (imagesrcset, imagesizes), so the browser picks the copy the <img> will."""
    if meta is None:
        return None
    if page.screen == "Home":
        row = catalog_selectors.sale_lead_picture()
        if row is None:
            return None
        return {"href": image_url(row["image"]), "srcset": picture_srcset(row), "sizes": PICTURE_SIZES["carousel"]}
    return meta.get("picture")


@require_safe
def page_shell(request):
    """The shell of a screen. Anonymous visitors all get the same one for a page, kept per catalogue version (a
    product's meta tags come from the shoe: the version is read before it) and public to HTTP caches
    (shopsite/http_cache.py). It sets no cookie: the app asks for its CSRF cookie when it first writes
    (accounts.views.CsrfView). A signed-in visitor's names them, and is never kept."""
    page = _page(request.path)
    key = None
    if request.method == "GET" and not request.user.is_authenticated:
        key = _shell_key(request, page, request_catalog_version(request))
    meta = _page_meta(request, page)
    context = {
        "shop_config": shop_config(request),
        "title": settings.SHOP_NAME,
        "description": DEFAULT_DESCRIPTION,
        **(meta or {}),
    }
    context["preloads"] = _preloads(page, shown=meta is not None)
    context["lead_picture"] = _lead_picture(page, meta)
    response = render(request, TEMPLATE, context, status=200 if meta else 404)
    if key is not None:
        return response_kept(key, response, vary=SHELL_VARY)
    return response


def _public_shell(request, match):
    """The kept shell of an anonymous visitor's page, for the middleware (catalog/middleware.py); None: render it."""
    return served_answer(_shell_key(request, _page(request.path), request_catalog_version(request)), vary=SHELL_VARY)


page_shell.public_answer = _public_shell


def _shell_key(request, page: Page, version: int) -> str | None:
    if not settings.SHOP_CATALOG_CACHE_SECONDS:
        return None
    # The host and scheme name the picture in a product's meta tags; the build names the bundle's files.
    return versioned_key("shell", version, f"{request.scheme}://{request.get_host()} {page} {_build()}")


@cache
def _build() -> str:
    """This release of the shell: its template, the bundle webpack built and the settings it shows the app.

    Part of the key, so a release or a change of settings never serves shells kept before it from a shared cache
    (Redis): those would load bundle files the new release no longer has.
    """
    build = hashlib.blake2b(digest_size=16)
    build.update(Path(get_template(TEMPLATE).origin.name).read_bytes())
    stats = Path(settings.WEBPACK_LOADER["DEFAULT"]["STATS_FILE"])
    build.update(stats.read_bytes() if stats.is_file() else b"")
    chunks = _screen_chunks_file()
    build.update(chunks.read_bytes() if chunks.is_file() else b"")
    build.update(json.dumps(_public_config(), sort_keys=True).encode())
    return build.hexdigest()
