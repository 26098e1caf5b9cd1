"""A shopper with something of every kind the shop keeps of a person, and another whose rows must not move."""

from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import User
from catalog.models import Shoe, StockAlert
from catalog.tests.factories import ShoeFactory
from favorites.models import Favorite
from mailing.models import Mail
from mailing.tests.factories import NewsletterSignupFactory
from orders.models import Order, SavedAddress, Shipment
from orders.tests.factories import OrderFactory, OrderLineFactory
from releases.models import DrawEntry, Release, ReleaseReminder
from releases.tests.factories import release_of
from reviews.models import Review

EMAIL = "shopper@sneakers.test"


@dataclass
class Person:
    user: User
    shoe: Shoe
    orders: list[Order]
    release: Release


def order_of(user: User, shoe: Shoe, **fields) -> Order:
    order = OrderFactory(
        user=user,
        amount=21_598,
        subtotal=19_998,
        shipping_cost=800,
        tax=800,
        ship_name="Ada Runner",
        ship_state="California",
        ship_city="Oakland",
        ship_line1="12 Main St",
        ship_postal_code="94607",
        ship_country="US",
        **fields,
    )
    OrderLineFactory(order=order, shoe=shoe, quantity=2, unit_price=9_999, tax=800)
    return order


def things_of(user: User, shoe: Shoe, release: Release) -> None:
    """One of each: a saved address, a review, a favorite, a newsletter signup, a back-in-stock alert, a reminder, a
    mail, a lost draw entry."""
    SavedAddress.objects.create(
        user=user, name="Ada Runner", state="California", city="Oakland", line1="12 Main St", postal_code="94607",
        country="US", is_default=True,
    )  # fmt: skip
    Review.objects.create(user=user, shoe=shoe, text="Fits like a glove", rating=5)
    Favorite.objects.create(user=user, shoe=shoe)
    NewsletterSignupFactory(email=user.email, confirmed_at=timezone.now())
    StockAlert.objects.create(shoe=shoe, size=Decimal("11"), email=user.email)
    ReleaseReminder.objects.create(release=release, email=user.email)
    Mail.objects.create(kind="order_confirmation", to=user.email, state=Mail.State.SENT, sent_at=timezone.now())
    DrawEntry.objects.create(
        release=release,
        release_size=release.sizes.get(),
        user=user,
        email=user.email,
        ship_name="Ada Runner",
        ship_state="California",
        ship_city="Oakland",
        ship_line1="12 Main St",
        ship_postal_code="94607",
        address_key="addr_x",
        payment_method_id=f"pm_card_visa--draw-{user.pk}",
        payment_intent_id=f"pi_draw_{user.pk}",
        amount=9_999,
        status=DrawEntry.Status.LOST,
        decided_at=timezone.now(),
    )


@pytest.fixture
def person(shopper) -> Person:
    shoe = ShoeFactory(name="Runner Ada")
    release = release_of(shoe, sizes={"9": 5}, kind=Release.Kind.DRAW, name="Ada Drop")
    first = order_of(shopper, shoe, status=Order.Status.RECEIVED)
    Shipment.objects.create(order=first, carrier="UPS", tracking_number="1Z999AA10123456784")
    second = order_of(shopper, shoe)
    things_of(shopper, shoe, release)
    return Person(user=shopper, shoe=shoe, orders=[first, second], release=release)


@pytest.fixture
def neighbour(other_shopper, person) -> User:
    """Another shopper with the same kinds of rows, on the same shoe and release."""
    order_of(other_shopper, person.shoe)
    things_of(other_shopper, person.shoe, person.release)
    return other_shopper
