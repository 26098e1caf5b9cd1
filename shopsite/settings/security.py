"""What browsers are told and allowed: HTTPS and HSTS, cookies, CORS, request sizes, the content and permissions
policies."""

from urllib.parse import urlsplit

from csp.constants import NONE, SELF

from .base import DEBUG, SHOP_DEMO, env
from .integrations import (
    AWS_S3_CUSTOM_DOMAIN,
    AWS_S3_ENDPOINT_URL,
    AWS_S3_REGION_NAME,
    AWS_STORAGE_BUCKET_NAME,
    FIREBASE_PROJECT_ID,
    FIREBASE_WEB_CONFIG,
    GOOGLE_CLIENT_ID,
    IDENTITY_PROVIDER,
    PAYMENT_GATEWAY,
    TURNSTILE_SECRET_KEY,
)

# Other front ends: origins (https://app.example.com) whose pages may call /api/ with the visitor's cookies
# (django-cors-headers). None by default: only the shop's own pages. A listed origin is trusted by the CSRF
# check too, as the shop's own origin is.
SHOP_CORS_ALLOWED_ORIGINS = env.list("SHOP_CORS_ALLOWED_ORIGINS", default=[])
CORS_ALLOWED_ORIGINS = SHOP_CORS_ALLOWED_ORIGINS
CORS_ALLOW_CREDENTIALS = True
CORS_URLS_REGEX = r"^/api/"
# The list calls' paging and the request id, for a front end that reads them.
CORS_EXPOSE_HEADERS = ["Link", "X-Total-Count", "X-Request-ID"]
CSRF_TRUSTED_ORIGINS = [*env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[]), *SHOP_CORS_ALLOWED_ORIGINS]

# HTTPS: on for a live shop (DEBUG off, not the demo), off for `make run` and the tests, which speak
# plain HTTP on loopback. A load balancer that ends TLS says so with X-Forwarded-Proto, which gunicorn
# trusts only from FORWARDED_ALLOW_IPS (gunicorn.conf.py).
SHOP_HTTPS = env.bool("SHOP_HTTPS", default=not (DEBUG or SHOP_DEMO))
if SHOP_HTTPS:
    SECURE_SSL_REDIRECT = True
    # The load balancer's health check comes over plain HTTP and must not be sent away.
    SECURE_REDIRECT_EXEMPT = [r"^api/health$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # Browsers remember for a year to come only over HTTPS, to every subdomain; preload asks to be
    # built into browsers, which happens only once the domain is submitted (docs/DEPLOY.md).
    SECURE_HSTS_SECONDS = env.int("SHOP_HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SHOP_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SHOP_HSTS_PRELOAD", default=True)
# Django's defaults already send nosniff, X-Frame-Options DENY, Referrer-Policy same-origin and
# Cross-Origin-Opener-Policy same-origin; the sign-in cookie is never readable from JavaScript.
SESSION_COOKIE_HTTPONLY = True

# Uploads above this size go to a temporary file instead of memory.
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# The most a body other than a form with a picture may weigh (a picture's form: shopsite/body_limit.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# Content-Security-Policy (django-csp): scripts, styles and everything else from the shop itself; no inline script
# or style anywhere (the page shell's settings travel in a JSON data block, the API docs' start-up script is a
# file); Stripe.js, Firebase's sign-in and Google's sign-in button are allowed only in a shop that uses them, with the
# origins their documentation names. Nobody may frame the shop.
CSP_SCRIPTS, CSP_STYLES, CSP_FRAMES, CSP_CONNECTIONS, CSP_IMAGES = [SELF], [SELF], [], [SELF], [SELF, "data:"]
if PAYMENT_GATEWAY == "stripe":
    CSP_SCRIPTS += ["https://js.stripe.com", "https://*.js.stripe.com"]
    # Its card field and the 3-D Secure check are frames of its own.
    CSP_FRAMES += ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]
    CSP_CONNECTIONS += ["https://api.stripe.com"]
if IDENTITY_PROVIDER == "firebase":
    # Sign-in with Google opens a popup and talks to it through a frame of the project's auth domain, set up by
    # Google's API loader.
    CSP_SCRIPTS += ["https://apis.google.com"]
    CSP_FRAMES += [f"https://{FIREBASE_WEB_CONFIG.get('authDomain') or f'{FIREBASE_PROJECT_ID}.firebaseapp.com'}"]
    CSP_CONNECTIONS += ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]
if GOOGLE_CLIENT_ID:
    # Google Identity Services: its script draws the button in a frame of Google's and asks Google from it, and brings
    # its own stylesheet (the origins its setup guide lists). Its popup talks back to the page that opened it, which
    # Django's default Cross-Origin-Opener-Policy (same-origin) would cut off.
    CSP_SCRIPTS += ["https://accounts.google.com/gsi/client"]
    CSP_FRAMES += ["https://accounts.google.com/gsi/"]
    CSP_CONNECTIONS += ["https://accounts.google.com/gsi/"]
    CSP_STYLES += ["https://accounts.google.com/gsi/style"]
    SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin-allow-popups"
if TURNSTILE_SECRET_KEY:
    # Cloudflare Turnstile's challenge on a release's draw entry: its script and its frame (its CSP guide's origin).
    CSP_SCRIPTS += ["https://challenges.cloudflare.com"]
    CSP_FRAMES += ["https://challenges.cloudflare.com"]
if AWS_STORAGE_BUCKET_NAME:
    # Pictures come from the bucket, or from the CDN in front of it.
    if AWS_S3_CUSTOM_DOMAIN:
        CSP_IMAGES += [f"https://{AWS_S3_CUSTOM_DOMAIN}"]
    elif AWS_S3_ENDPOINT_URL:
        CSP_IMAGES += ["{0.scheme}://{0.netloc}".format(urlsplit(AWS_S3_ENDPOINT_URL))]
    else:
        CSP_IMAGES += [f"https://{AWS_STORAGE_BUCKET_NAME}.s3.amazonaws.com"]
        if AWS_S3_REGION_NAME:
            CSP_IMAGES += [f"https://{AWS_STORAGE_BUCKET_NAME}.s3.{AWS_S3_REGION_NAME}.amazonaws.com"]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": CSP_SCRIPTS,
        "style-src": CSP_STYLES,
        "img-src": CSP_IMAGES,
        "connect-src": CSP_CONNECTIONS,
        "frame-src": CSP_FRAMES or [NONE],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Permissions-Policy (django-permissions-policy): the browser features the shop never uses are off for it and
# for every frame in it; payment only for Stripe's frames, in a shop that takes cards with Stripe.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer", "autoplay", "bluetooth", "browsing-topics", "camera", "display-capture", "geolocation",
        "gyroscope", "hid", "idle-detection", "magnetometer", "microphone", "midi", "serial", "usb",
        "xr-spatial-tracking",
    )
}  # fmt: skip
PERMISSIONS_POLICY["payment"] = ["https://js.stripe.com"] if PAYMENT_GATEWAY == "stripe" else []
