"""Sale prices (issue 30): an admin sets one in the dashboard's Modify form; the shoe's card then shows it after its
regular price struck through."""

import re
from decimal import Decimal

from playwright.sync_api import expect

from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import card, popup, signed_in


def test_an_admin_sets_a_sale_price_and_the_card_shows_the_price_struck_through(page, shop_admin):
    shoe = ShoeFactory(
        name="Air Swift", brand=BrandFactory(name="Nike"), price=Decimal("120"), on_sale=True, sizes={"9": 5}
    )
    signed_in(page, shop_admin)

    # Given the shoe on sale, selected in the dashboard's Products table, and its Modify form
    page.goto("/admin")
    products = page.get_by_role("region", name="Products")
    products.get_by_role("row").filter(has_text="Air Swift").get_by_role("button", name="Select").click()
    products.get_by_role("link", name="Modify", exact=True).click()
    expect(page).to_have_url(re.compile(r"/modifshoe$"))

    # When the admin gives it a sale price
    page.get_by_label("Sale price", exact=True).fill("89.50")
    page.get_by_role("button", name="Modify", exact=True).click()
    expect(popup(page, "Your modified shoe was added to store")).to_be_visible()
    shoe.refresh_from_db()
    assert shoe.sale_price == Decimal("89.50")

    # Then its card on the sale page shows the sale price after the regular one, struck through
    page.goto("/sale")
    price = card(page, "Air Swift").locator(".price")
    expect(price.locator("del")).to_have_text("Regular price $120.00")
    expect(price).to_have_text("Regular price $120.00 Sale price $89.50")
