"""Home: the header, the winter sale carousel, the catalogue and the footer, as a shopper first sees them."""

import re
from datetime import date
from decimal import Decimal

import pytest
from django.conf import settings
from playwright.sync_api import expect

from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import card, money


@pytest.fixture
def calm_page(page):
    """A page that asked for less motion: the carousel stays on a shoe until an arrow moves it."""
    page.emulate_media(reduced_motion="reduce")
    return page


def test_home_shows_the_header_the_sale_the_catalogue_and_the_footer(page):
    nike = BrandFactory(name="Nike")
    ShoeFactory(name="Air Max", brand=nike, price=Decimal("120.00"))
    ShoeFactory(name="Cortez", brand=nike, price=Decimal("80.00"), on_sale=True)

    page.goto("/")

    # The shop's name is the page's heading for screen readers only.
    expect(page.get_by_role("heading", level=1, name="Sneaker Shop")).to_have_count(1)
    header = page.get_by_role("banner")
    expect(header.get_by_role("link", name="Sneaker Shop")).to_have_attribute("href", "/")
    expect(header.get_by_role("button", name="BRANDS")).to_be_visible()
    expect(header.get_by_role("button", name="Search")).to_be_visible()
    expect(header.get_by_role("link", name="Deals!")).to_have_attribute("href", "/sale")
    expect(header.get_by_role("link", name="Cart")).to_have_attribute("href", "/cart")
    expect(header.get_by_role("link", name="Account")).to_have_attribute("href", "/account")

    expect(page.get_by_role("heading", name="WINTER SALE")).to_be_visible()
    catalogue = page.get_by_role("region", name="CATALOGUE")
    expect(card(catalogue, "Air Max")).to_be_visible()
    expect(card(catalogue, "Cortez")).to_be_visible()
    expect(page.get_by_role("button", name="Help")).to_be_visible()

    footer = page.get_by_role("contentinfo")
    expect(footer.get_by_label("Get the newsletter")).to_be_visible()
    expect(footer.get_by_role("button", name="Subscribe")).to_be_visible()
    for network, url in settings.SHOP_SOCIAL_LINKS.items():
        expect(footer.get_by_role("link", name=network, exact=True)).to_have_attribute("href", url)
    expect(footer).to_contain_text(f"© {date.today().year} Sneaker Shop. All rights reserved.")


def test_the_deals_button_is_red(page):
    page.goto("/")

    deals = page.get_by_role("link", name="Deals!")
    expect(deals).to_be_visible()
    red, green, blue = map(
        int, re.findall(r"\d+", deals.evaluate("element => getComputedStyle(element).backgroundColor"))[:3]
    )
    assert red > 150 and green < 80 and blue < 80, (red, green, blue)


def test_the_carousel_shows_the_cheapest_shoe_on_sale_first_and_goes_round(calm_page):
    page = calm_page
    ShoeFactory(name="Dunk", price=Decimal("30.00"), on_sale=True)
    ShoeFactory(name="Blazer", price=Decimal("10.00"), on_sale=True)
    ShoeFactory(name="Pegasus", price=Decimal("20.00"), on_sale=True)
    ShoeFactory(name="Full Price", price=Decimal("5.00"), on_sale=False)

    page.goto("/")
    sale = page.get_by_role("region", name="Winter sale")
    slide = sale.get_by_role("link")

    # Given the cheapest shoe on sale shows first
    expect(slide).to_contain_text("Blazer")
    expect(slide).to_contain_text(money("10.00"))
    # When the shopper goes forward, the next cheapest follows, and after the dearest the cheapest again
    sale.get_by_role("button", name="Next shoe on sale").click()
    expect(slide).to_contain_text("Pegasus")
    sale.get_by_role("button", name="Next shoe on sale").click()
    expect(slide).to_contain_text("Dunk")
    sale.get_by_role("button", name="Next shoe on sale").click()
    expect(slide).to_contain_text("Blazer")
    # Then back from the first is the last
    sale.get_by_role("button", name="Previous shoe on sale").click()
    expect(slide).to_contain_text("Dunk")
    expect(sale).not_to_contain_text("Full Price")


def test_a_carousel_shoe_leads_to_its_page(calm_page):
    page = calm_page
    shoe = ShoeFactory(name="Blazer", on_sale=True)

    page.goto("/")
    page.get_by_role("region", name="Winter sale").get_by_role("link").click()

    expect(page).to_have_url(re.compile(rf"/products/{shoe.pk}$"))
    expect(page.get_by_role("heading", level=1, name="Blazer")).to_be_visible()


def test_a_banner_shows_when_nothing_is_on_sale(page):
    ShoeFactory(name="Full Price", on_sale=False)

    page.goto("/")

    sale = page.get_by_role("region", name="Winter sale")
    expect(sale.get_by_role("img", name="Sneakers for every season")).to_be_visible()
    expect(sale.get_by_role("button", name="Next shoe on sale")).to_have_count(0)


def test_the_catalogue_says_so_when_the_shop_is_empty(page):
    page.goto("/")

    expect(page.get_by_role("region", name="CATALOGUE")).to_contain_text("No shoes in the shop yet")
