"""A product card: what it shows, and BUY ME! with and without a size (the popups and the stored cart)."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.images import shoe_image_url
from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import card, money, popup, stored_cart

# The popups close by themselves after 2 s (success) and 3 s (error): ample room for a slow machine.
POPUP_GONE_MS = 15_000


@pytest.fixture
def cortez(db):
    return ShoeFactory(
        name="Cortez",
        brand=BrandFactory(name="Nike"),
        price=Decimal("99.99"),
        on_sale=True,
        sizes={"9": 3, "9.5": 0},
    )


@pytest.fixture
def cortez_card(page, cortez):
    page.goto("/")
    shoe_card = card(page.get_by_role("region", name="CATALOGUE"), "Cortez")
    expect(shoe_card).to_be_visible()
    return shoe_card


def test_a_card_shows_the_brand_the_name_the_price_the_sale_tag_and_the_sizes(page, cortez):
    ShoeFactory(name="Plain", on_sale=False)

    page.goto("/")

    cortez_card = card(page.get_by_role("region", name="CATALOGUE"), "Cortez")
    expect(cortez_card.get_by_text("NIKE", exact=True)).to_be_visible()
    expect(cortez_card.get_by_role("heading", level=3)).to_have_text("Cortez")
    expect(cortez_card.get_by_text(money("99.99"), exact=True)).to_be_visible()
    expect(cortez_card.get_by_text("ON SALE", exact=True)).to_be_visible()
    expect(card(page, "Plain").get_by_text("ON SALE", exact=True)).to_have_count(0)
    sizes = cortez_card.get_by_label("Size of Cortez")
    expect(sizes.get_by_role("option")).to_have_text(["Size", "9", "9.5 (sold out)"])
    expect(sizes.get_by_role("option", name="9.5 (sold out)")).to_be_disabled()
    expect(sizes.get_by_role("option", name="9", exact=True)).to_be_enabled()

    cortez_card.get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/products/{cortez.pk}$"))


def test_buy_me_without_a_size_shows_add_size_and_adds_nothing(page, cortez_card):
    cortez_card.get_by_role("button", name="BUY ME!").click()

    added = popup(page, "Add size")
    expect(added).to_be_visible()
    expect(added).to_be_hidden(timeout=POPUP_GONE_MS)
    assert stored_cart(page) in (None, [])
    expect(page.get_by_role("link", name="Cart", exact=True)).to_be_visible()


def test_buy_me_with_a_size_puts_the_pair_in_the_stored_cart(page, cortez, cortez_card):
    # When the shopper picks a size and buys
    cortez_card.get_by_label("Size of Cortez").select_option("9")
    cortez_card.get_by_role("button", name="BUY ME!").click()

    # Then the popup thanks them and goes away by itself
    thanks = popup(page, "Your shoe add to cart")
    expect(thanks).to_be_visible()
    expect(thanks).to_be_hidden(timeout=POPUP_GONE_MS)
    # And the pair is in the cart the browser keeps, which the header counts
    expect(page.get_by_role("link", name="Cart, 1 pairs")).to_be_visible()
    assert stored_cart(page) == [
        {
            "_id": cortez.pk,
            "name": "Cortez",
            "image": shoe_image_url(cortez),
            # The picture's smaller copies, for the cart's thumbnail (none made for this one).
            "imageSrcset": "",
            "price": 99.99,
            # The price it sells for when it is reduced; the same here (issue 30).
            "regularPrice": 99.99,
            "size": "9",
            "quantity": 1,
        }
    ]
    # And it is still there on the next visit
    page.reload()
    expect(page.get_by_role("link", name="Cart, 1 pairs")).to_be_visible()


def test_the_cart_never_holds_more_pairs_of_a_size_than_the_shop_has(page):
    ShoeFactory(name="Last Pair", sizes={"10": 1})
    page.goto("/")
    shoe_card = card(page, "Last Pair")
    shoe_card.get_by_label("Size of Last Pair").select_option("10")

    shoe_card.get_by_role("button", name="BUY ME!").click()
    expect(page.get_by_role("link", name="Cart, 1 pairs")).to_be_visible()
    expect(popup(page, "Your shoe add to cart")).to_be_hidden(timeout=POPUP_GONE_MS)
    shoe_card.get_by_role("button", name="BUY ME!").click()

    expect(popup(page, "No more pairs left")).to_be_visible()
    assert [line["quantity"] for line in stored_cart(page)] == [1]
