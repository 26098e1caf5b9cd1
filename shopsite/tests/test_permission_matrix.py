"""Who may call what: every route and method of /api/ as the URL conf has them, against each kind of caller.

The routes come from the URL conf, so a new endpoint without a row in EXPECTED fails here. Each call carries a
minimal valid body and names `shopper`'s rows (their uid, order, review), so an allowed caller gets 2xx: any 4xx
for them would be a refusal the row does not explain. A refused caller must get the exact status the row names:
401 without a session, 403 when signed in but not allowed (a Disabled account is refused on every call that
reads the session), 404 where the shop hides another user's row.
"""

import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone
from PIL import Image
from rest_framework.views import APIView

from accounts.identity import google as google_identity
from accounts.tests.factories import PASSWORD, UserFactory
from accounts.tests.fake_google import GOOGLE_CLIENT_ID, FakeGoogle
from catalog.mails import alert_token_make
from catalog.models import StockAlert
from catalog.tests.factories import BrandFactory, ShoeFactory
from favorites.models import Favorite
from mailing.mails import confirm_token_make, unsubscribe_token_make
from mailing.models import NewsletterSignup
from orders.models import Order, SavedAddress, ShippingMethod
from orders.tests.checkout import ADDRESS
from orders.tests.factories import OrderFactory, OrderLineFactory
from releases.models import Release, ReleaseSize
from reviews.services import review_create
from shopsite.errors import api_not_found

ROLES = ["anonymous", "shopper", "other_shopper", "disabled_user", "admin"]
# Routes under /api/ that are not calls of the shop: the schema and its docs page (and the JSON 404 for the rest).
NOT_CALLS = {"schema", "docs"}

OK = "2xx"
# Anyone; a Disabled account's session is still read, and refused.
PUBLIC = {"anonymous": OK, "shopper": OK, "other_shopper": OK, "disabled_user": 403, "admin": OK}
# The identity calls read no session (authentication_classes = []), so a Disabled account's cookie changes nothing.
NO_SESSION = dict.fromkeys(ROLES, OK)
SIGNED_IN = {"anonymous": 401, "shopper": OK, "other_shopper": OK, "disabled_user": 403, "admin": OK}
ADMIN = {"anonymous": 401, "shopper": 403, "other_shopper": 403, "disabled_user": 403, "admin": OK}
# Paths naming shopper's uid: theirs, and administrators may read.
OWNER_OR_ADMIN = {"anonymous": 401, "shopper": OK, "other_shopper": 403, "disabled_user": 403, "admin": OK}
# Only the owner changes it; administrators neither (favorites, a review's words).
OWNER_ONLY = {"anonymous": 401, "shopper": OK, "other_shopper": 403, "disabled_user": 403, "admin": 403}

# The second factor's calls that take a code: the callers here have no authenticator app, so a signed-in one gets 409
# otp_not_enrolled past the permission check (accounts/tests/test_second_factor.py takes the paths with an app).
CODE_WITHOUT_APP = {**SIGNED_IN, "shopper": 409, "other_shopper": 409, "admin": 409}

EXPECTED = {
    # catalog
    ("shoe-list", "GET"): PUBLIC,
    ("shoe-list", "POST"): ADMIN,
    ("shoe-on-sale-list", "GET"): PUBLIC,
    ("shoe-color-list", "GET"): PUBLIC,
    ("stock-add", "PUT"): ADMIN,
    ("shoe-detail", "GET"): PUBLIC,
    ("shoe-detail", "PUT"): ADMIN,
    ("shoe-detail", "DELETE"): ADMIN,
    ("shoe-on-sale", "PUT"): ADMIN,
    ("shoe-archived-list", "GET"): ADMIN,
    ("shoe-restore", "POST"): ADMIN,
    ("brand-list", "GET"): PUBLIC,
    ("brand-list", "POST"): ADMIN,
    ("brand-detail", "DELETE"): ADMIN,
    ("brand-size-guide", "GET"): PUBLIC,
    ("brand-size-guide", "PUT"): ADMIN,
    ("stock-alert", "POST"): PUBLIC,
    # Like the newsletter's: a mail client posts it with no session.
    ("stock-alert-unsubscribe", "POST"): NO_SESSION,
    ("most-wanted-sizes", "GET"): ADMIN,
    # accounts
    ("signup", "POST"): NO_SESSION,
    ("signin", "POST"): NO_SESSION,
    ("signout", "POST"): NO_SESSION,
    ("google-sign-in", "POST"): NO_SESSION,
    ("password-change", "POST"): SIGNED_IN,
    ("password-reset", "POST"): NO_SESSION,
    ("password-reset-confirm", "POST"): NO_SESSION,
    ("profile", "PUT"): SIGNED_IN,
    ("otp-status", "GET"): SIGNED_IN,
    ("otp-enrol", "POST"): SIGNED_IN,
    ("otp-enrol-confirm", "POST"): CODE_WITHOUT_APP,
    ("otp-verify", "POST"): CODE_WITHOUT_APP,
    ("otp-disable", "POST"): CODE_WITHOUT_APP,
    ("avatar", "POST"): SIGNED_IN,
    ("user-list", "GET"): ADMIN,
    ("user-list", "POST"): SIGNED_IN,
    ("user-detail", "PUT"): ADMIN,
    ("activity-list", "GET"): ADMIN,
    ("favorite-list", "GET"): OWNER_OR_ADMIN,
    ("favorite-list", "POST"): OWNER_ONLY,
    ("favorite-list", "DELETE"): OWNER_ONLY,
    # orders
    ("order-list", "GET"): ADMIN,
    ("cart-checkout", "POST"): SIGNED_IN,
    ("cart-quote", "POST"): PUBLIC,
    # Another shopper's order is not found, rather than refused: its payment id says nothing to them.
    ("order-detail", "GET"): {**OWNER_OR_ADMIN, "other_shopper": 404},
    ("order-detail", "PUT"): ADMIN,
    ("user-order-list", "GET"): OWNER_OR_ADMIN,
    ("order-stats", "GET"): ADMIN,
    ("order-refund", "POST"): ADMIN,
    ("order-cancel", "POST"): ADMIN,
    ("order-ship", "POST"): ADMIN,
    # The buyer's own order, not shipped yet in the matrix's rows: refused by the rules, after the role check.
    ("order-returns", "POST"): {**SIGNED_IN, "shopper": 400, "other_shopper": 404, "admin": 404},
    ("admin-return-list", "GET"): ADMIN,
    # No such return in the matrix's rows: the admin passes the role check and finds none.
    ("admin-return-received", "POST"): {**ADMIN, "admin": 404},
    ("admin-return-approve", "POST"): {**ADMIN, "admin": 404},
    ("admin-return-refuse", "POST"): {**ADMIN, "admin": 404},
    ("shipping-method-list", "GET"): ADMIN,
    ("shipping-method-list", "POST"): ADMIN,
    ("shipping-method-detail", "PUT"): ADMIN,
    ("shipping-method-detail", "DELETE"): ADMIN,
    ("sales-report", "GET"): ADMIN,
    # The caller's own address book; another's address is not found, as one that never was.
    ("saved-address-list", "GET"): SIGNED_IN,
    ("saved-address-list", "POST"): SIGNED_IN,
    ("saved-address-detail", "PUT"): {**SIGNED_IN, "other_shopper": 404, "admin": 404},
    ("saved-address-detail", "PATCH"): {**SIGNED_IN, "other_shopper": 404, "admin": 404},
    ("saved-address-detail", "DELETE"): {**SIGNED_IN, "other_shopper": 404, "admin": 404},
    ("saved-address-default", "POST"): {**SIGNED_IN, "other_shopper": 404, "admin": 404},
    # Stripe's events read no session: the signature is the credential, and a body without it is a 400 for anyone
    # (orders/tests/test_after_sale.py sends signed ones).
    ("stripe-webhook", "POST"): dict.fromkeys(ROLES, 400),
    # reviews: only a buyer whose order was Received writes one (403 not_a_buyer for the others), only its author
    # changes it (403 not_your_review).
    ("review-list", "GET"): PUBLIC,
    ("review-list", "POST"): OWNER_ONLY,
    ("review-eligibility", "GET"): SIGNED_IN,
    ("review-detail", "PUT"): OWNER_ONLY,
    ("review-detail", "DELETE"): OWNER_ONLY,
    # mailing
    ("newsletter", "POST"): PUBLIC,
    # Like the unsubscribe: the confirmation mail's signed token is the credential, no session is read.
    ("newsletter-confirm", "POST"): NO_SESSION,
    ("contact-message", "POST"): PUBLIC,
    # A mail client posts it with no session; the signed token is the credential.
    ("unsubscribe", "POST"): NO_SESSION,
    # the load balancer's
    ("health", "GET"): NO_SESSION,
    # the storefront's, before its first write: the CSRF cookie for anyone
    ("csrf", "GET"): NO_SESSION,
    # releases: anyone reads them and asks for a reminder; a signed-in shopper enters a draw; admins schedule them
    ("release-list", "GET"): PUBLIC,
    ("release-list", "POST"): ADMIN,
    ("release-detail", "GET"): PUBLIC,
    ("release-detail", "PUT"): ADMIN,
    ("release-reminders", "POST"): PUBLIC,
    ("release-entry", "GET"): SIGNED_IN,
    ("release-entry", "POST"): SIGNED_IN,
    ("release-all", "GET"): ADMIN,
    ("release-watch", "GET"): ADMIN,
    ("release-draw", "POST"): ADMIN,
    # privacy: the caller's own data and account; the shop's owners are deleted by the operator only
    ("account-data", "GET"): SIGNED_IN,
    ("account-delete", "POST"): {**SIGNED_IN, "admin": 403},
}


def api_routes(resolver=None, prefix: str = "") -> dict[str | None, type[APIView] | None]:
    """Each route under /api/ by name, with its view class (None for a function view), walked from the URL conf."""
    resolver = resolver or get_resolver()
    routes = {}
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            routes.update(api_routes(pattern, route))
        elif route.startswith("api/") and pattern.name not in NOT_CALLS and pattern.callback is not api_not_found:
            routes[pattern.name] = getattr(pattern.callback, "view_class", None)
    return routes


def methods(view_class: type[APIView] | None) -> list[str]:
    if view_class is None:
        return ["ANY"]  # a function view: it needs a row like any call, and a view class to be tested
    # OPTIONS (DRF's metadata) and HEAD (Django's GET without a body) come with every view.
    return [
        method.upper()
        for method in view_class.http_method_names
        if method not in ("options", "head") and hasattr(view_class, method)
    ]


ROUTES = [(name, method) for name, view in sorted(api_routes().items(), key=str) for method in methods(view)]


def png() -> io.BytesIO:
    upload = io.BytesIO()
    Image.new("RGB", (8, 8), "green").save(upload, "PNG")
    upload.name = "avatar.png"
    upload.seek(0)
    return upload


@pytest.fixture
def google(settings, monkeypatch) -> FakeGoogle:
    """Sign in with Google offered, Google's keys answered by a fake."""
    settings.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID
    fake = FakeGoogle()
    fake.install(monkeypatch)
    google_identity.http_session_forget()
    return fake


@pytest.fixture
def rows(shopper, other_shopper, disabled_user, shop_admin, google) -> dict:
    """shopper's order, review and favorite, and what the admin calls change (an archived shoe to restore)."""
    nike = BrandFactory(name="Nike")
    shoe = ShoeFactory(brand=nike, name="Air Swift", price=Decimal("99.99"), sizes={"9": 5})
    unreviewed = ShoeFactory(brand=nike, name="Cortez", sizes={"9": 1})
    order = OrderFactory(user=shopper, status=Order.Status.RECEIVED)
    OrderLineFactory(order=order, shoe=shoe)
    OrderLineFactory(order=order, shoe=unreviewed)
    Favorite.objects.create(user=shopper, shoe=shoe)
    return {
        "shoe": shoe,
        "unreviewed": unreviewed,
        "empty_brand": BrandFactory(name="Fila"),
        "archived": ShoeFactory(brand=nike, name="Blazer", archived_at=timezone.now()),
        "order": order,
        "review": review_create(user=shopper, shoe=shoe, text="Fits like a glove", rating=5),
        "someone": UserFactory(email="someone@sneakers.test"),
        "google": google,
        "signup": NewsletterSignup.objects.create(email="reader@sneakers.test"),
        "alert": StockAlert.objects.create(shoe=shoe, size=Decimal("11"), email="waiting@sneakers.test"),
        "shipping_method": ShippingMethod.objects.create(name="Courier", price=0, regions=[]),
        "address": SavedAddress.objects.create(
            user=shopper,
            name="Ana Runner",
            state="Jalisco",
            city="Guadalajara",
            line1="Home Street 2",
            postal_code="44100",
            country="US",
            is_default=True,
        ),
        # Its own shoe: the checkout's stays out of any release.
        **release_rows(ShoeFactory(brand=nike, name="Jordan Four", sizes={"9": 5})),
    }


def release_rows(shoe) -> dict:
    """An upcoming first-come release, a draw taking entries and one whose entries closed."""
    now = timezone.now()

    def release(kind, opens, closes=None):
        made = Release.objects.create(
            name=f"Drop {kind} {opens.days}", kind=kind, announce_at=now - timedelta(days=3), opens_at=now + opens,
            closes_at=None if closes is None else now + closes,
        )  # fmt: skip
        ReleaseSize.objects.create(release=made, shoe=shoe, size=Decimal("9"), pairs=2)
        return made

    return {
        "upcoming": release("first_come", timedelta(days=1)),
        "draw": release("draw", timedelta(hours=-1), timedelta(days=1)),
        "closed_draw": release("draw", timedelta(days=-2), timedelta(hours=-1)),
    }


def release_form(rows) -> dict:
    now = timezone.now()
    return {
        "name": "Jordan 4 Drop",
        "kind": "first_come",
        "announceAt": (now + timedelta(hours=1)).isoformat(),
        "opensAt": (now + timedelta(days=2)).isoformat(),
        "sizes": [{"shoe": rows["shoe"].pk, "size": "9", "pairs": 2}],
    }


def call(name: str, method: str, shopper, rows) -> tuple[dict, dict, str]:
    """The path's arguments, a minimal valid body and its format for one route and method."""
    shoe, order, review = rows["shoe"], rows["order"], rows["review"]
    shoe_form = {"brand": "Nike", "name": "Air Zoom", "description": "Fast shoe", "color": "Blue", "price": "120"}
    line = {"_id": shoe.pk, "size": "9", "quantity": 1}
    return {
        ("shoe-list", "POST"): ({}, {**shoe_form, "size": "9", "q": "4"}, "json"),
        ("stock-add", "PUT"): ({"pk": shoe.pk}, {"size": "10", "q": "3"}, "json"),
        ("shoe-detail", "GET"): ({"pk": shoe.pk}, {}, "json"),
        ("shoe-detail", "PUT"): ({"pk": shoe.pk}, shoe_form, "json"),
        ("shoe-detail", "DELETE"): ({"pk": shoe.pk}, {}, "json"),
        ("shoe-on-sale", "PUT"): ({"pk": shoe.pk}, {"onSale": True}, "json"),
        ("shoe-restore", "POST"): ({"pk": rows["archived"].pk}, {}, "json"),
        ("brand-list", "POST"): ({}, {"name": "Reebok"}, "json"),
        ("brand-detail", "DELETE"): ({"pk": rows["empty_brand"].pk}, {}, "json"),
        ("brand-size-guide", "GET"): ({"pk": shoe.brand_id}, {}, "json"),
        ("brand-size-guide", "PUT"): (
            {"pk": shoe.brand_id},
            {"sizeGuide": [{"us": "9", "uk": "8", "eu": "42", "cm": "27"}]},
            "json",
        ),
        ("stock-alert", "POST"): ({"pk": shoe.pk}, {"size": "10", "email": "fan@sneakers.test"}, "json"),
        ("stock-alert-unsubscribe", "POST"): ({"token": alert_token_make(alert=rows["alert"])}, {}, "json"),
        ("signup", "POST"): ({}, {"email": "newcomer@sneakers.test", "password": PASSWORD}, "json"),
        ("signin", "POST"): ({}, {"email": shopper.email, "password": PASSWORD}, "json"),
        ("google-sign-in", "POST"): (
            {},
            {"credential": rows["google"].google_id_token("g-1", email=shopper.email)},
            "json",
        ),
        ("password-change", "POST"): ({}, {"currentPassword": PASSWORD, "password": "battery staple"}, "json"),
        ("password-reset", "POST"): ({}, {"email": shopper.email}, "json"),
        ("password-reset-confirm", "POST"): (
            {},
            {"uid": shopper.uid, "token": default_token_generator.make_token(shopper), "password": "battery staple"},
            "json",
        ),
        ("profile", "PUT"): ({}, {"displayName": "Sam"}, "json"),
        ("otp-enrol-confirm", "POST"): ({}, {"code": "123456"}, "json"),
        ("otp-verify", "POST"): ({}, {"code": "123456"}, "json"),
        ("otp-disable", "POST"): ({}, {"code": "123456", "password": PASSWORD}, "json"),
        ("avatar", "POST"): ({}, {"image": png()}, "multipart"),
        ("user-detail", "PUT"): ({"pk": rows["someone"].pk}, {"manager": True}, "json"),
        ("favorite-list", "GET"): ({"uid": shopper.uid}, {}, "json"),
        ("favorite-list", "POST"): ({"uid": shopper.uid}, {"shoeId": rows["unreviewed"].pk}, "json"),
        ("favorite-list", "DELETE"): ({"uid": shopper.uid}, {"shoeId": shoe.pk}, "json"),
        ("cart-checkout", "POST"): (
            {},
            {"id": "pm_card_visa", "shoes": [line], "amount": 9999, "address": ADDRESS},
            "json",
        ),
        ("order-refund", "POST"): ({"id_payment": order.payment_intent_id}, {}, "json"),
        ("order-cancel", "POST"): ({"id_payment": order.payment_intent_id}, {}, "json"),
        ("order-ship", "POST"): (
            {"id_payment": order.payment_intent_id},
            {"carrier": "UPS", "trackingNumber": "1Z999AA10123456784"},
            "json",
        ),
        ("order-returns", "POST"): (
            {"id_payment": order.payment_intent_id},
            {"lines": [{"line": order.lines.first().pk, "quantity": 1}], "reason": "other"},
            "json",
        ),
        ("admin-return-received", "POST"): ({"pk": 999999}, {}, "json"),
        ("admin-return-approve", "POST"): ({"pk": 999999}, {}, "json"),
        ("admin-return-refuse", "POST"): ({"pk": 999999}, {}, "json"),
        ("cart-quote", "POST"): ({}, {"shoes": [line]}, "json"),
        ("shipping-method-list", "POST"): ({}, {"name": "Express", "price": 1500, "regions": ["US"]}, "json"),
        ("shipping-method-detail", "PUT"): ({"pk": rows["shipping_method"].pk}, {"name": "Pickup", "price": 0}, "json"),
        ("shipping-method-detail", "DELETE"): ({"pk": rows["shipping_method"].pk}, {}, "json"),
        ("saved-address-list", "POST"): ({}, ADDRESS, "json"),
        ("saved-address-detail", "PUT"): ({"pk": rows["address"].pk}, ADDRESS, "json"),
        ("saved-address-detail", "PATCH"): ({"pk": rows["address"].pk}, {"city": "Zapopan"}, "json"),
        ("saved-address-detail", "DELETE"): ({"pk": rows["address"].pk}, {}, "json"),
        ("saved-address-default", "POST"): ({"pk": rows["address"].pk}, {}, "json"),
        ("order-detail", "GET"): ({"id_payment": order.payment_intent_id}, {}, "json"),
        ("order-detail", "PUT"): ({"id_payment": order.payment_intent_id}, {"status": "Pending"}, "json"),
        ("user-order-list", "GET"): ({"uid": shopper.uid}, {}, "json"),
        ("review-list", "GET"): ({"shoe_id": shoe.pk}, {}, "json"),
        ("review-list", "POST"): ({"shoe_id": rows["unreviewed"].pk}, {"review": "Classic", "rating": 4}, "json"),
        ("review-eligibility", "GET"): ({"shoe_id": shoe.pk}, {}, "json"),
        ("review-detail", "PUT"): ({"pk": review.pk}, {"review": "Still fits", "rating": 4}, "json"),
        ("release-list", "POST"): ({}, release_form(rows), "json"),
        ("release-detail", "GET"): ({"release_id": rows["upcoming"].pk}, {}, "json"),
        ("release-detail", "PUT"): ({"release_id": rows["upcoming"].pk}, release_form(rows), "json"),
        ("release-reminders", "POST"): ({"release_id": rows["upcoming"].pk}, {"email": "fan@sneakers.test"}, "json"),
        ("release-entry", "GET"): ({"release_id": rows["draw"].pk}, {}, "json"),
        ("release-entry", "POST"): (
            {"release_id": rows["draw"].pk},
            {"size": rows["draw"].sizes.get().pk, "id": "pm_card_visa--m", "address": ADDRESS},
            "json",
        ),
        ("release-watch", "GET"): ({"release_id": rows["draw"].pk}, {}, "json"),
        ("release-draw", "POST"): ({"release_id": rows["closed_draw"].pk}, {}, "json"),
        ("account-delete", "POST"): ({}, {"password": PASSWORD}, "json"),
        ("review-detail", "DELETE"): ({"pk": review.pk}, {}, "json"),
        ("newsletter", "POST"): ({}, {"email": "fan@sneakers.test"}, "json"),
        ("unsubscribe", "POST"): ({"token": unsubscribe_token_make(signup=rows["signup"])}, {}, "json"),
        ("newsletter-confirm", "POST"): ({"token": confirm_token_make(signup=rows["signup"])}, {}, "json"),
        ("contact-message", "POST"): (
            {},
            {"name": "Sam", "email": "sam@sneakers.test", "message": "Do you ship to Canada, please?"},
            "json",
        ),
    }.get((name, method), ({}, {}, "json"))


def test_every_api_route_and_method_has_a_row():
    assert set(ROUTES) - set(EXPECTED) == set(), "a call without a row in EXPECTED: say who may call it"
    assert set(EXPECTED) - set(ROUTES) == set(), "a row for a call the URL conf no longer has"


def test_every_row_names_each_role():
    assert {key: sorted(roles) for key, roles in EXPECTED.items() if set(roles) != set(ROLES)} == {}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("name", "method"), ROUTES)
def test_each_caller_gets_what_the_matrix_says(name, method, role, client_as, shopper, rows):
    expected = EXPECTED.get((name, method), {}).get(role, "no row")
    client = client_as("shop_admin" if role == "admin" else role)
    # After the sign-in: it moves last_login, which a reset token is made from.
    shopper.refresh_from_db()
    kwargs, body, format = call(name, method, shopper, rows)

    answer = getattr(client, method.lower())(reverse(name, kwargs=kwargs), body, format=format)

    status = OK if 200 <= answer.status_code < 300 else answer.status_code
    assert status == expected, f"{method} {answer.request['PATH_INFO']} as {role}: {answer.content[:300]}"
