"""The API: Django REST Framework (authentication, paging, errors, throttles) and its OpenAPI schema."""

from .base import env

REST_FRAMEWORK = {
    # IDENTITY_PROVIDER=firebase puts its own authentication here (integrations.py).
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.SessionAuthentication"],
    # Every view says who may call it; this default only catches a view that forgot to.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # DRF's JSON, written by orjson (shopsite/renderers.py).
    "DEFAULT_RENDERER_CLASSES": ["shopsite.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "shopsite.parsers.JSONParser",
        "rest_framework.parsers.MultiPartParser",
        "rest_framework.parsers.FormParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "shopsite.pagination.OptionalLimitOffsetPagination",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "EXCEPTION_HANDLER": "shopsite.errors.exception_handler",
    # Prices travel as JSON numbers in dollars (docs/DESIGN.md §3).
    "COERCE_DECIMAL_TO_STRING": False,
    # drf-spectacular's, naming output serializers' components without "Output" (shopsite/openapi.py).
    "DEFAULT_SCHEMA_CLASS": "shopsite.openapi.ShopAutoSchema",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # Per client (IP address, or user when signed in): enough for a person, too few for a script
    # filling the tables or the shop's inbox.
    "DEFAULT_THROTTLE_RATES": {
        "newsletter": env.str("SHOP_NEWSLETTER_RATE", default="10/hour"),
        "contact": env.str("SHOP_CONTACT_RATE", default="5/hour"),
        # 'Notify me' on a sold-out size, per client: a shopper asks for a few sizes, not hundreds.
        "stock_alert": env.str("SHOP_STOCK_ALERT_RATE", default="20/hour"),
        # Password guessing: every sign-in per client address, and the failed ones per account whatever
        # the address (a success or a completed password reset clears those).
        "signin": env.str("SHOP_SIGNIN_RATE", default="10/minute"),
        "signin_email": env.str("SHOP_SIGNIN_EMAIL_RATE", default="20/hour"),
        # Codes of the second factor (sign-in's second step, step-up, enrolment), per client; django-otp also doubles
        # each account's wait after every wrong code.
        "otp": env.str("SHOP_OTP_RATE", default="10/minute"),
        "signup": env.str("SHOP_SIGNUP_RATE", default="10/hour"),
        # Reset mails: per client, and per address so nobody floods one inbox.
        "password_reset": env.str("SHOP_PASSWORD_RESET_RATE", default="5/hour"),
        "password_reset_email": env.str("SHOP_PASSWORD_RESET_EMAIL_RATE", default="3/hour"),
        # Using a reset link, per client.
        "password_reset_confirm": env.str("SHOP_PASSWORD_RESET_CONFIRM_RATE", default="10/hour"),
        # Avatar uploads, per signed-in user: each one is a picture decoded and encoded again.
        "avatar": env.str("SHOP_AVATAR_RATE", default="10/hour"),
        # "Download my data": each builds the whole document of a person.
        "account_data": env.str("SHOP_ACCOUNT_DATA_RATE", default="10/hour"),
        # Per signed-in user: stolen cards are tried out on shops by the hundred ('card testing').
        "checkout": env.str("SHOP_CHECKOUT_RATE", default="20/hour"),
        # Catalogue answers built from the database rather than found in the cache, per client: a shopper paging and
        # searching needs a few a minute; a script asking for pages nobody else asks for gets 429 past this. Empty:
        # no limit (the bench's cache-off server, which measures the database path on purpose).
        "catalog_build": env.str("SHOP_CATALOG_BUILD_RATE", default="300/minute") or None,
    },
    # How many proxies (load balancers) stand before the app. Left unset, DRF would take the client's
    # address from an X-Forwarded-For header anyone can forge, and the throttles would not hold.
    "NUM_PROXIES": env.int("SHOP_NUM_PROXIES", default=0),
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Sneaker shop API",
    "DESCRIPTION": "The calls of the storefront and the admin dashboard (docs/PRODUCT.md §7).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "shopsite.openapi.unsupported_media_type_documented",
    ],
    "ENUM_NAME_OVERRIDES": {
        "UserStatusEnum": "accounts.models.User.Status",
        "OrderStatusEnum": "orders.models.Order.Status",
        "ReturnStatusEnum": "orders.models.ReturnRequest.Status",
        "ReturnKindEnum": "orders.models.ReturnRequest.Kind",
        "ReleaseKindEnum": ["first_come", "draw"],
        "HeartbeatStateEnum": ["ok", "stale", "unknown"],
    },
}
