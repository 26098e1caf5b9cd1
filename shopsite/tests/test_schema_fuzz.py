"""Schemathesis fuzzes every call of /api/schema/ in-process, as each role: no server error, every answer documented.

The app is reached through its WSGI handler (no server, no network) with a real session cookie and CSRF token.
Each call runs in a savepoint that is rolled back, so every call meets the same shop: an admin's DELETE does not
leave the calls after it without a shoe to name.
"""

import sys
import zlib
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.core.signals import got_request_exception, request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import Client
from django.utils import timezone
from django.utils.crypto import get_random_string
from hypothesis import HealthCheck, settings
from schemathesis import AuthContext, GenerationMode
from schemathesis.auths import AuthStorage
from schemathesis.core.mutations import OperatorKind
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.meta import CoveragePhaseData, CoverageScenario
from schemathesis.specs.openapi.checks import negative_data_rejection

from accounts.tests.factories import PASSWORD
from catalog.tests.factories import BrandFactory, ShoeFactory
from favorites.models import Favorite
from mailing.mails import unsubscribe_token_make
from mailing.models import NewsletterSignup
from orders.models import Order, SavedAddress, ShippingMethod
from orders.selectors import CartLine, cart_price
from orders.tests.factories import OrderFactory, OrderLineFactory
from releases.models import Release, ReleaseSize
from reviews.services import review_create
from shopsite.wsgi import application

ROLES = ["anonymous", "shopper", "admin"]
# Per operation, role and generation mode; the examples and coverage phases add their own cases on top.
EXAMPLES = 12

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
schema.config.seed = 20260801
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
    max_examples=EXAMPLES,
    deterministic=True,
    database="none",
)
schema.config.checks.update(
    included_check_names=["all"],
    # Schema-valid input the shop still refuses with 400 is right here: the forms' rules (a brand that exists,
    # letters of any alphabet, a size in half steps, the price the shopper saw) are more than JSON Schema says.
    excluded_check_names=["positive_data_acceptance"],
)

# Every method a path does not document must get 405 with an Allow header; all but OPTIONS, which DRF answers on
# every view with its metadata (SimpleMetadata): not a call of the API, and no 405.
schema.config.phases.coverage.unexpected_methods = {"get", "put", "post", "delete", "patch", "trace", "query"}

# Calls only an admin may make: the admin run must get through them, the others must not.
ADMIN_READS = {("GET", "/api/admin/stats"), ("GET", "/api/users"), ("GET", "/api/cart")}
SCALARS = {"string", "integer", "number", "boolean"}
TEST_CARDS = ["pm_card_visa", "pm_card_visa_chargeDeclined", "pm_card_authenticationRequired"]


@dataclass
class Shop:
    """The rows the fuzzed calls may name, and the session of the role under test."""

    session: str | None = None
    # The signed-in role's own uid and address.
    uid: str | None = None
    email: str | None = None
    shoes: list[int] = field(default_factory=list)
    brands: list[int] = field(default_factory=list)
    users: list[int] = field(default_factory=list)
    uids: list[str] = field(default_factory=list)
    payments: list[str] = field(default_factory=list)
    reviews: list[int] = field(default_factory=list)
    releases: list[int] = field(default_factory=list)
    shipping_methods: list[int] = field(default_factory=list)
    addresses: list[int] = field(default_factory=list)
    unsubscribe_tokens: list[str] = field(default_factory=list)

    def path_values(self, path: str, name: str) -> list:
        if name == "uid":
            return self.uids
        if name == "token":
            return self.unsubscribe_tokens
        if name == "id_payment":
            return self.payments
        if name == "shoe_id" or path.startswith(("/api/shoes", "/api/admin/onsale")):
            return self.shoes
        return {
            "/api/brands": self.brands,
            "/api/users": self.users,
            "/api/reviews": self.reviews,
            "/api/releases": self.releases,
            "/api/admin": self.shipping_methods,
            "/api/account": self.addresses,
        }["/".join(path.split("/")[:3])]


SHOP = Shop()


# Applied by the test itself: the coverage phase draws its cases at collection, before any session exists.
ROLE_SESSION = AuthStorage()


@ROLE_SESSION.auth(refresh_interval=None)
class RoleSession:
    """The session cookie of the role under test; none for the anonymous run."""

    def get(self, case, context):
        return SHOP.session

    def set(self, case, data, context):
        case.cookies = {**(case.cookies or {}), django_settings.SESSION_COOKIE_NAME: data}


def pick(options: list, generated):
    """One of options, or the generated value itself, chosen by that value: the same case always picks alike."""
    index = zlib.crc32(repr(generated).encode()) % (len(options) + 1)
    return options[index] if index < len(options) else generated


def form_values(path: str) -> dict:
    """Field values the shop's rules accept, for the bodies of the calls under path."""
    values = {
        "brand": "Nike",
        "name": "Air Swift",
        "description": "Light and fast",
        "color": "Black",
        "price": 99.5,
        "size": "9.5",
        "q": 3,
        "review": "Fits like a glove",
        "rating": 4,
        "email": SHOP.email,
        "password": PASSWORD,
        "currentPassword": PASSWORD,
        "idUser": SHOP.uid,
        "uid": SHOP.uid,
    }
    if path == "/api/auth/signup":
        values["email"] = "newcomer@sneakers.test"
    return values


def with_real_rows(case) -> None:
    """Point a schema-valid case at rows that exist and, for every other case, fill its body as a form would.

    Without it nearly every call would stop at 404 or at the forms' rules, and the code behind them, with
    the answers it gives, would go untested.
    """
    for name, value in (case.path_parameters or {}).items():
        case.path_parameters[name] = pick(SHOP.path_values(case.path, name), value)
    body = case.body
    if not isinstance(body, dict) or zlib.crc32(repr(body).encode()) % 2:
        return
    values = form_values(case.path)
    for name in body.keys() & values.keys():
        if values[name] is not None:
            body[name] = values[name]
    if "shoeId" in body:
        body["shoeId"] = pick(SHOP.shoes, body["shoeId"])
    if isinstance(body.get("shoes"), list):
        # The first two shoes, one pair each of a size in stock: a cart the shop can sell.
        body["shoes"] = [
            {**line, "_id": shoe, "size": "9", "quantity": 1}
            for line, shoe in zip(body["shoes"], SHOP.shoes[:2], strict=False)
            if isinstance(line, dict)
        ]
        if "amount" in body:
            body["id"] = TEST_CARDS[zlib.crc32(repr(body).encode()) % len(TEST_CARDS)]
            body["amount"] = amount_of(body["shoes"])


def aims_at(case, location: ParameterLocation) -> bool:
    """Whether a negative case was made to break this part of the request (the session cookie: to call without it)."""
    data = case.meta.phase.data
    if not case.meta.is_negative_at(location):
        return False
    if data.parameter_location is location or any(m.parameter_location is location for m in data.mutations):
        return True
    return not any(
        component.mode.is_negative for other, component in case.meta.components.items() if other is not location
    )


def taken_on_purpose(case) -> bool:
    """A negative case the API accepts by design, which negative_data_rejection must not count against it.

    Paging falls back to its defaults on a malformed limit or offset (DRF's LimitOffsetPagination) and other
    query parameters are ignored, as browsers and caches add their own. In a body, DRF reads 0 as "0" and
    "12" as 12 on purpose: the same serializers read multipart forms, where every value is a string.
    """
    negative = {
        location
        for location, component in case.meta.components.items()
        if component.mode.is_negative and location is not ParameterLocation.COOKIE
    }
    if not negative or not negative <= {ParameterLocation.QUERY, ParameterLocation.BODY}:
        return False
    if ParameterLocation.BODY not in negative:
        return True
    if (case.media_type or "").startswith("multipart/") and not isinstance(case.body, dict):
        # A body that is no object has no multipart form: what goes out is a preamble, which the parser skips (RFC
        # 2046), and the view reads an empty form, which a call whose fields are all optional (POST /users) takes.
        return True
    data = case.meta.phase.data
    if isinstance(data, CoveragePhaseData):
        # location is the schema's pointer to the changed keyword: /properties/<field>/type
        field = (data.location or "").split("/")
        return (
            data.scenario is CoverageScenario.INCORRECT_TYPE
            and len(field) == 4
            and isinstance(case.body, dict)
            and isinstance(case.body.get(field[2]), str | int | float)
            and not isinstance(case.body.get(field[2]), bool)
        )
    body = [m for m in data.mutations if m.parameter_location is ParameterLocation.BODY]
    return bool(body) and all(
        m.operator is OperatorKind.CHANGE_TYPE and {m.original_value, m.new_value} <= SCALARS for m in body
    )


def amount_of(lines: list) -> int:
    """What the shop charges for these cart lines, as the client saw it on /cart/quote."""
    cart = [CartLine(shoe_id=line["_id"], size=Decimal(line["size"]), quantity=line["quantity"]) for line in lines]
    return cart_price(lines=cart).amount if cart else 0


@pytest.fixture
def in_process(db, settings):
    """The app runs inside the test's transaction: Django must not close the connection around each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    # The throttles would answer 429 before a bug could show; 429 is documented where they apply.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "100000/minute"),
    }
    raised = []

    def keep(sender, request, **kwargs):
        raised.append(sys.exc_info()[1])

    got_request_exception.connect(keep)
    yield raised
    got_request_exception.disconnect(keep)
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def address_saved(*, user) -> SavedAddress:
    return SavedAddress.objects.create(
        user=user, name="Ana Runner", state="Jalisco", city="Guadalajara", line1="Calle 5-B", postal_code="44100",
        country="US", is_default=True,
    )  # fmt: skip


@pytest.fixture
def shop(in_process, role, shopper, other_shopper, disabled_user, shop_admin) -> Shop:
    nike, adidas, fila = BrandFactory(name="Nike"), BrandFactory(name="Adidas"), BrandFactory(name="Fila")
    shoes = [
        ShoeFactory(brand=nike, name="Air Swift", sizes={"9": 5, "10": 1}),
        ShoeFactory(brand=adidas, name="Samba", price=Decimal("120"), sizes={"9": 2}),
        ShoeFactory(brand=nike, name="Cortez", sizes={}),
    ]
    received = OrderFactory(user=shopper, status=Order.Status.RECEIVED)
    OrderLineFactory(order=received, shoe=shoes[0])
    # Received and not reviewed yet: the shopper may review this one.
    OrderLineFactory(order=received, shoe=shoes[2])
    others = OrderFactory(user=other_shopper, status=Order.Status.RECEIVED)
    OrderLineFactory(order=others, shoe=shoes[1])
    reviews = [
        review_create(user=shopper, shoe=shoes[0], text="Fits like a glove", rating=5),
        review_create(user=other_shopper, shoe=shoes[1], text="Runs a bit small", rating=3),
    ]
    Favorite.objects.create(user=shopper, shoe=shoes[0])
    signup = NewsletterSignup.objects.create(email="reader@sneakers.test")
    # A release of its own shoe (the carts buy the others): upcoming, and a draw taking entries.
    now = timezone.now()
    released = ShoeFactory(brand=nike, name="Jordan Four", sizes={"9": 5})
    releases = [
        Release.objects.create(name="Drop", announce_at=now, opens_at=now + timedelta(days=1)),
        Release.objects.create(
            name="Draw", kind="draw", announce_at=now, opens_at=now, closes_at=now + timedelta(days=1)
        ),
    ]
    for release in releases:
        ReleaseSize.objects.create(release=release, shoe=released, size=Decimal("9"), pairs=2)
    user = {"anonymous": None, "shopper": shopper, "admin": shop_admin}[role]
    session = None
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    # Filled in place: the auth provider and the test read this one object.
    SHOP.__init__(
        session=session,
        uid=user.uid if user else None,
        email=user.email if user else "shopper@sneakers.test",
        shoes=[shoe.pk for shoe in shoes],
        brands=[nike.pk, fila.pk],
        users=[shopper.pk, other_shopper.pk, disabled_user.pk, shop_admin.pk],
        uids=[shopper.uid, other_shopper.uid],
        payments=[received.payment_intent_id, others.payment_intent_id],
        reviews=[review.pk for review in reviews],
        releases=[release.pk for release in releases],
        # Free: a checkout's amount stays its goods' (amount_of).
        shipping_methods=[ShippingMethod.objects.create(name="Standard", price=0).pk],
        unsubscribe_tokens=[unsubscribe_token_make(signup=signup)],
        # The shopper's address book and another's.
        addresses=[address_saved(user=owner).pk for owner in (shopper, other_shopper)],
    )
    yield SHOP
    SHOP.__init__()


@pytest.mark.parametrize("role", ROLES)
@schema.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_the_api_answers_as_its_schema_says(case, role, shop, in_process):
    # Read before the case is touched: schemathesis revalidates an edited part, and counts any multipart body
    # with a file in it as invalid.
    positive = case.meta.generation.mode is GenerationMode.POSITIVE
    # negative_data_rejection is about negative cases only.
    unchecked = [negative_data_rejection] if positive or taken_on_purpose(case) else []
    if SHOP.session and not aims_at(case, ParameterLocation.COOKIE):
        ROLE_SESSION.set(case, AuthContext(operation=case.operation, app=application))
    if positive:
        with_real_rows(case)
    # Every browser that writes has the CSRF cookie (it asks GET /api/csrf first); the signed-in roles have a session
    # too. Identity: the in-process transport does not undo the gzip a public answer gets when it is accepted (a
    # browser does; catalog/tests/test_sale_day_cache.py checks it).
    csrf = get_random_string(32)
    sent = {
        "cookies": {django_settings.CSRF_COOKIE_NAME: csrf},
        "headers": {"X-CSRFToken": csrf, "Accept-Encoding": "identity"},
    }
    with transaction.atomic():
        try:
            response = case.call(**sent)
            if in_process:
                raise in_process.pop()
            case.validate_response(
                response,
                headers=sent["headers"],
                transport_kwargs=sent,
                excluded_checks=unchecked,
            )
        finally:
            transaction.set_rollback(True)
    if positive and (case.method, case.path) in ADMIN_READS:
        assert response.status_code == {"anonymous": 401, "shopper": 403, "admin": 200}[role]
