"""/api/account/addresses: the shopper's own address book, the payment form's rules, one default, a cap."""

import pytest

from orders.address_book import MAX_SAVED_ADDRESSES
from orders.models import SavedAddress

from .checkout import ADDRESS, body, line, paid_orders

URL = "/api/account/addresses"


def address(**changes) -> dict:
    return {**ADDRESS, **changes}


def kept(user) -> list[tuple[str, bool]]:
    """The book as (line 1, default), oldest first."""
    return list(SavedAddress.objects.filter(user=user).order_by("id").values_list("line1", "is_default"))


def saved(user, line1: str, *, is_default: bool = False) -> SavedAddress:
    return SavedAddress.objects.create(
        user=user,
        name="Ana María Pérez",
        state="Jalisco",
        city="Guadalajara",
        line1=line1,
        postal_code="44100",
        country="US",
        is_default=is_default,
    )


def test_the_first_address_kept_is_the_default(shopper_client, shopper):
    answer = shopper_client.post(URL, address())

    assert answer.status_code == 201, answer.json()
    assert answer.json() == {
        "_id": SavedAddress.objects.get().pk,
        "name": "Ana María Pérez",
        "state": "Jalisco",
        "city": "Guadalajara",
        "line1": "Av Juárez 12",
        "postalCode": "44100",
        "country": "US",
        "isDefault": True,
    }
    assert shopper_client.get(URL).json() == [answer.json()]


def test_the_list_is_the_default_first_then_the_newest(shopper_client, shopper):
    saved(shopper, "Old Street 1")
    saved(shopper, "Home Street 2", is_default=True)
    saved(shopper, "New Street 3")

    assert [item["line1"] for item in shopper_client.get(URL).json()] == [
        "Home Street 2",
        "New Street 3",
        "Old Street 1",
    ]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "A1", "Please enter a valid name."),
        ("state", "J4lisco", "The state can only contain letters and spaces"),
        ("city", "", "The city can only contain letters and spaces"),
        ("line1", "Av!", "enter the line 1 correctly"),
        ("postalCode", "1", "enter the postal code correctly"),
        ("country", "USA", "Choose the country by its two-letter code, as US or DE."),
    ],
)
def test_an_address_gets_the_payment_forms_rules_and_messages(shopper_client, shopper, field, value, message):
    answer = shopper_client.post(URL, address(**{field: value}))

    assert answer.status_code == 400
    assert answer.json() == {field: [message]}
    assert not SavedAddress.objects.exists()


def test_a_missing_field_gets_the_same_message(shopper_client, shopper):
    body = address()
    del body["line1"]

    assert shopper_client.post(URL, body).json() == {"line1": ["enter the line 1 correctly"]}


def test_a_new_default_takes_over_from_the_old(shopper_client, shopper):
    saved(shopper, "Home Street 2", is_default=True)

    answer = shopper_client.post(URL, address(line1="Work Street 9", isDefault=True))

    assert answer.json()["isDefault"] is True
    assert kept(shopper) == [("Home Street 2", False), ("Work Street 9", True)]


def test_an_address_is_made_the_default(shopper_client, shopper):
    saved(shopper, "Home Street 2", is_default=True)
    work = saved(shopper, "Work Street 9")

    answer = shopper_client.post(f"{URL}/{work.pk}/default")

    assert answer.status_code == 200
    assert answer.json()["isDefault"] is True
    assert kept(shopper) == [("Home Street 2", False), ("Work Street 9", True)]


def test_a_patch_changes_the_fields_sent_checked_whole(shopper_client, shopper):
    home = saved(shopper, "Home Street 2", is_default=True)

    answer = shopper_client.patch(f"{URL}/{home.pk}", {"city": "Zapopan"})

    assert answer.status_code == 200, answer.json()
    assert (answer.json()["city"], answer.json()["line1"], answer.json()["isDefault"]) == (
        "Zapopan",
        "Home Street 2",
        True,
    )
    assert shopper_client.patch(f"{URL}/{home.pk}", {"city": "Z"}).json() == {
        "city": ["The city can only contain letters and spaces"]
    }
    home.refresh_from_db()
    assert home.city == "Zapopan"


def test_a_put_replaces_the_address_and_may_make_it_the_default(shopper_client, shopper):
    saved(shopper, "Home Street 2", is_default=True)
    work = saved(shopper, "Work Street 9")

    answer = shopper_client.put(f"{URL}/{work.pk}", address(line1="Work Street 10", isDefault=True))

    assert answer.status_code == 200, answer.json()
    assert kept(shopper) == [("Home Street 2", False), ("Work Street 10", True)]


def test_the_default_does_not_simply_stop_being_one(shopper_client, shopper):
    home = saved(shopper, "Home Street 2", is_default=True)

    answer = shopper_client.patch(f"{URL}/{home.pk}", {"isDefault": False})

    assert answer.status_code == 400
    assert answer.json() == {"isDefault": ["Make another address the default instead."]}
    assert kept(shopper) == [("Home Street 2", True)]


def test_deleting_the_default_makes_the_newest_left_the_default(shopper_client, shopper):
    saved(shopper, "Old Street 1")
    home = saved(shopper, "Home Street 2", is_default=True)
    saved(shopper, "New Street 3")

    assert shopper_client.delete(f"{URL}/{home.pk}").status_code == 204
    assert kept(shopper) == [("Old Street 1", False), ("New Street 3", True)]


def test_deleting_another_address_leaves_the_default(shopper_client, shopper):
    home = saved(shopper, "Home Street 2", is_default=True)
    other = saved(shopper, "New Street 3")

    assert shopper_client.delete(f"{URL}/{other.pk}").status_code == 204
    assert shopper_client.delete(f"{URL}/{home.pk}").status_code == 204
    assert kept(shopper) == []


def test_the_same_address_twice_is_refused(shopper_client, shopper):
    shopper_client.post(URL, address())
    work = shopper_client.post(URL, address(line1="Work Street 9")).json()

    again = shopper_client.post(URL, address())
    moved_onto = shopper_client.patch(f"{URL}/{work['_id']}", {"line1": "Av Juárez 12"})

    assert (again.status_code, again.json()["code"]) == (409, "address_duplicate")
    assert (moved_onto.status_code, moved_onto.json()["code"]) == (409, "address_duplicate")
    assert SavedAddress.objects.count() == 2


def test_a_full_book_refuses_one_more_with_a_clear_message(shopper_client, shopper):
    for n in range(MAX_SAVED_ADDRESSES):
        saved(shopper, f"Street {n}", is_default=n == 0)

    answer = shopper_client.post(URL, address())

    assert answer.status_code == 409
    assert answer.json() == {
        "detail": "Your address book is full: at most 10 addresses. Delete one to save another.",
        "code": "address_book_full",
    }
    assert SavedAddress.objects.count() == MAX_SAVED_ADDRESSES


def test_another_shoppers_address_is_not_found(shopper_client, shopper, other_shopper):
    theirs = saved(other_shopper, "Their Street 1", is_default=True)

    assert shopper_client.get(URL).json() == []
    for answer in (
        shopper_client.patch(f"{URL}/{theirs.pk}", {"city": "Zapopan"}),
        shopper_client.put(f"{URL}/{theirs.pk}", address()),
        shopper_client.delete(f"{URL}/{theirs.pk}"),
        shopper_client.post(f"{URL}/{theirs.pk}/default"),
    ):
        assert answer.status_code == 404
        assert answer.json()["detail"] == "There is no such address in your address book."
    assert kept(other_shopper) == [("Their Street 1", True)]
    assert SavedAddress.objects.get().city == "Guadalajara"


def test_the_owner_is_the_signed_in_user_whatever_the_body_says(shopper_client, shopper, other_shopper):
    shopper_client.post(URL, address(user=other_shopper.pk, uid=other_shopper.uid, idUser=other_shopper.uid))

    assert SavedAddress.objects.get().user == shopper


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 401), ("disabled_user", 403), ("eliminated_user", 403)],
)
def test_the_book_is_for_signed_in_enabled_shoppers(client_as, shopper, role, status):
    home = saved(shopper, "Home Street 2", is_default=True)
    client = client_as(role)

    assert client.get(URL).status_code == status
    assert client.post(URL, address()).status_code == status
    assert client.delete(f"{URL}/{home.pk}").status_code == status
    assert kept(shopper) == [("Home Street 2", True)]


def test_the_list_runs_the_same_queries_for_one_address_or_ten(shopper_client, shopper, django_assert_max_num_queries):
    saved(shopper, "Home Street 2", is_default=True)
    with django_assert_max_num_queries(3):
        assert len(shopper_client.get(URL).json()) == 1
    for n in range(MAX_SAVED_ADDRESSES - 1):
        saved(shopper, f"Street {n}")
    with django_assert_max_num_queries(3):
        assert len(shopper_client.get(URL).json()) == MAX_SAVED_ADDRESSES


CHECKOUT = "/api/cart/checkout"


def test_a_checkout_saves_the_address_it_paid_with_when_asked(shopper_client, shopper, shoe):
    answer = shopper_client.post(CHECKOUT, {**body(shopper, [line(shoe)]), "saveAddress": True})

    assert answer.status_code == 201, answer.json()
    assert answer.json()["addressSaved"] is True
    book = SavedAddress.objects.get(user=shopper)
    assert (book.name, book.line1, book.postal_code, book.country, book.is_default) == (
        "Ana María Pérez",
        "Av Juárez 12",
        "44100",
        "US",
        True,
    )


def test_a_checkout_keeps_no_address_unless_asked(shopper_client, shopper, shoe):
    answer = shopper_client.post(CHECKOUT, body(shopper, [line(shoe)]))

    assert answer.status_code == 201
    assert "addressSaved" not in answer.json()
    assert not SavedAddress.objects.exists()


def test_a_checkout_with_an_address_already_kept_keeps_it_once(shopper_client, shopper, shoe):
    shopper_client.post(URL, address())
    saved(shopper, "Work Street 9")

    answer = shopper_client.post(CHECKOUT, {**body(shopper, [line(shoe)]), "saveAddress": True})

    assert answer.json()["addressSaved"] is True
    assert kept(shopper) == [("Av Juárez 12", True), ("Work Street 9", False)]


def test_a_full_book_never_refuses_the_payment(shopper_client, shopper, shoe):
    for n in range(MAX_SAVED_ADDRESSES):
        saved(shopper, f"Street {n}", is_default=n == 0)

    answer = shopper_client.post(CHECKOUT, {**body(shopper, [line(shoe)]), "saveAddress": True})

    assert answer.status_code == 201
    assert answer.json()["addressSaved"] is False
    assert paid_orders() == 1
    assert SavedAddress.objects.count() == MAX_SAVED_ADDRESSES


def test_a_declined_checkout_keeps_no_address(shopper_client, shopper, shoe):
    answer = shopper_client.post(
        CHECKOUT, {**body(shopper, [line(shoe)], pm="pm_card_visa_chargeDeclined--a1"), "saveAddress": True}
    )

    assert answer.status_code == 402
    assert not SavedAddress.objects.exists()


def test_an_address_that_fails_the_rules_is_refused_before_anything_is_held(shopper_client, shopper, shoe):
    answer = shopper_client.post(
        CHECKOUT, {**body(shopper, [line(shoe)], address=address(city="C1ty")), "saveAddress": True}
    )

    assert answer.json() == {"address": {"city": ["The city can only contain letters and spaces"]}}
    assert paid_orders() == 0
    assert not SavedAddress.objects.exists()
