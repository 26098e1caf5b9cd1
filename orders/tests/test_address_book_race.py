"""One shopper's tabs saving addresses at once on PostgreSQL: the cap holds and the book keeps one default
(orders.services.addresses locks the shopper's row first)."""

import threading
from collections import Counter

import pytest
from django.db import connection

from accounts.tests.factories import UserFactory
from orders.address_book import MAX_SAVED_ADDRESSES
from orders.models import SavedAddress

from .checkout import ADDRESS
from .test_checkout_concurrency import signed_in

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL's row locks (SQLite runs one writer at a time, so nothing races there)",
    ),
    pytest.mark.django_db(transaction=True),
]

URL = "/api/account/addresses"


def race(user, bodies: list[dict]) -> list:
    """POST each body from its own thread and session (a tab each), all released at the same moment; return the
    answers."""
    clients = [signed_in(user) for _ in bodies]
    start = threading.Barrier(len(bodies))
    answers = [None] * len(bodies)

    def send(index: int, body: dict) -> None:
        try:
            start.wait()
            answers[index] = clients[index].post(URL, body, format="json")
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i, body)) for i, body in enumerate(bodies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(answer is not None for answer in answers), "a save never answered"
    return answers


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
