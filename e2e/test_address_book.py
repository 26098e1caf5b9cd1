"""The address book in the browser (issue 31): a shopper saves an address on /account, checked with the payment
form's messages, and pays with it from the cart's picker; a new address typed at checkout is saved with the order."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.tests.factories import BrandFactory, ShoeFactory
from orders.models import Order, SavedAddress

from .storefront import signed_in, wait_for_popup
from .test_checkout import VISA, buy, fill_payment_form, pay_button

PAID = re.compile(r"^Thank you for your purchase!")


@pytest.fixture
def shopper(db):
    return UserFactory(email="runner@sneakers.test")


@pytest.fixture
def air_swift(db):
    return ShoeFactory(name="Air Swift", brand=BrandFactory(name="Nike"), price=Decimal("99.99"), sizes={"9": 5})


def address_book(page):
    return page.get_by_role("region", name="ADDRESSES")


def type_card(page, card: str = VISA) -> None:
    page.get_by_label("Card number").fill(card)
    page.get_by_label("MM/YY").fill("12/40")
    page.get_by_label("CVC").fill("123")


def test_a_shopper_saves_an_address_on_the_account_and_pays_with_it(page, shopper, air_swift):
    # Given a signed-in shopper on /account with an empty address book
    signed_in(page, shopper)
    book = address_book(page)
    expect(book.get_by_text("No saved addresses yet")).to_be_visible()

    # When they add an address, first with a city the payment form would refuse
    book.get_by_role("button", name="Add an address").click()
    book.get_by_label("Name").fill("Ana Runner")
    book.get_by_label("State").fill("Jalisco")
    book.get_by_label("City").fill("Guadalajara 2")
    book.get_by_label("Line 1").fill("Calle 5-B")
    book.get_by_label("Postal code").fill("44100")
    expect(book.get_by_text("The city can only contain letters and spaces")).to_be_visible()
    book.get_by_label("City").fill("Guadalajara")
    book.get_by_role("button", name="Save address").click()

    # Then it is kept, as their default
    wait_for_popup(page, "Address saved")
    kept = book.get_by_role("listitem", name="Ana Runner, Calle 5-B, Guadalajara, Jalisco 44100")
    expect(kept.get_by_text("Default", exact=True)).to_be_visible()

    # When they put a pair in the cart, the payment form starts with that address
    buy(page, air_swift, "9")
    expect(page.get_by_label("Saved address")).to_have_value(str(SavedAddress.objects.get().pk))
    expect(page.get_by_label("Cardholder name")).to_have_value("Ana Runner")
    expect(page.get_by_label("Postal code")).to_have_value("44100")
    expect(page.get_by_role("checkbox", name="Save this address")).to_have_count(0)

    # And they pay with it, typing only the card
    type_card(page)
    pay_button(page).click()

    # Then the order ships to the saved address
    expect(page.get_by_role("dialog", name=PAID)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))
    order = Order.objects.get()
    assert (order.ship_name, order.ship_state, order.ship_city, order.ship_line1, order.ship_postal_code) == (
        "Ana Runner",
        "Jalisco",
        "Guadalajara",
        "Calle 5-B",
        "44100",
    )


def test_a_new_address_typed_at_checkout_is_saved_with_the_order(page, shopper, air_swift):
    # Given a signed-in shopper with a pair in the cart and an empty address book
    signed_in(page, shopper)
    buy(page, air_swift, "9")
    expect(page.get_by_label("Saved address")).to_have_count(0)

    # When they type an address, tick "Save this address" and pay
    fill_payment_form(page)
    page.get_by_role("checkbox", name="Save this address").check()
    pay_button(page).click()
    expect(page.get_by_role("dialog", name=PAID)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))

    # Then their account's address book has it, as the default
    page.get_by_role("link", name="Back Account").click()
    kept = address_book(page).get_by_role("listitem", name="Ana Runner, Calle 5-B, Guadalajara, Jalisco 44100")
    expect(kept.get_by_text("Default", exact=True)).to_be_visible()
    assert SavedAddress.objects.get().user == shopper
