"""One shopper's tabs saving addresses at once on PostgreSQL: the cap holds and the book keeps one default
(orders.services.addresses locks the shopper's row first)."""

from collections import Counter
from functools import partial

from accounts.tests.factories import UserFactory
from orders.address_book import MAX_SAVED_ADDRESSES
from orders.models import SavedAddress
from shopsite.tests.races import ON_POSTGRESQL, together

from .checkout import ADDRESS
from .test_checkout_concurrency import signed_in

pytestmark = ON_POSTGRESQL

URL = "/api/account/addresses"


def race(user, bodies: list[dict]) -> list:
    """POST each body from its own session (a tab each), all at the same moment; return the answers."""
    tabs = [signed_in(user) for _ in bodies]
    return together([partial(tab.post, URL, sent, format="json") for tab, sent in zip(tabs, bodies, strict=True)])


def test_six_tabs_saving_defaults_into_a_book_two_short_of_full_keep_two_and_one_default():
    user = UserFactory()
    for n in range(MAX_SAVED_ADDRESSES - 2):
        SavedAddress.objects.create(
            user=user, name="Ana", state="Jalisco", city="Guadalajara", line1=f"Street {n}", postal_code="44100",
            country="US", is_default=n == 0,
        )  # fmt: skip

    answers = race(user, [{**ADDRESS, "line1": f"Race Street {i}", "isDefault": True} for i in range(6)])

    assert Counter(answer.status_code for answer in answers) == {201: 2, 409: 4}
    assert {answer.json()["code"] for answer in answers if answer.status_code == 409} == {"address_book_full"}
    assert SavedAddress.objects.filter(user=user).count() == MAX_SAVED_ADDRESSES
    assert SavedAddress.objects.filter(user=user, is_default=True).count() == 1
