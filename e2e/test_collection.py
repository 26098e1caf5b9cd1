"""A brand's collection (/colletions/{brand}): 6 shoes a page, sorted by price, filtered by color; 4 columns on a large
screen, 2 on a phone, as every grid of shoes."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import card_names, card_prices, grid_columns, money, next_button, pager, previous_button

PAGE_SIZE = 6


@pytest.fixture
def nike_newest_first(db):
    """11 Nike shoes (8 black, 3 red) at different prices, newest first; and an Adidas shoe in green."""
    nike = BrandFactory(name="Nike")
    shoes = [
        ShoeFactory(brand=nike, color="Black", price=Decimal(price))
        for price in ("50.00", "20.00", "80.00", "10.00", "70.00", "30.00", "60.00", "40.00")
    ]
    shoes += [ShoeFactory(brand=nike, color="Red", price=Decimal(price)) for price in ("55.00", "15.00", "65.00")]
    ShoeFactory(name="Samba", brand=BrandFactory(name="Adidas"), color="Green")
    return shoes[::-1]


def names(shoes) -> list[str]:
    return [shoe.name for shoe in shoes]


def prices(shoes) -> list[str]:
    return [money(shoe.price) for shoe in shoes]


def test_a_collection_shows_its_brand_6_a_page(page, nike_newest_first):
    shoes = nike_newest_first

    page.goto("/colletions/Nike")
    main = page.get_by_role("main")

    # Given the first page: the brand's 6 newest shoes, no Previous
    expect(page.get_by_role("heading", level=1, name="COLLECTION")).to_be_visible()
    expect(card_names(main)).to_have_text(names(shoes[:PAGE_SIZE]))
    expect(pager(main)).to_contain_text("Page 1 of 2")
    expect(previous_button(main)).to_have_count(0)

    # When Next is clicked, the rest show and Next is disabled
    next_button(main).click()
    expect(card_names(main)).to_have_text(names(shoes[PAGE_SIZE:]))
    expect(pager(main)).to_contain_text("Page 2 of 2")
    expect(next_button(main)).to_be_disabled()

    # Then Previous goes back to the first page
    previous_button(main).click()
    expect(card_names(main)).to_have_text(names(shoes[:PAGE_SIZE]))
    expect(previous_button(main)).to_have_count(0)
    expect(main).not_to_contain_text("Samba")


def test_the_collection_grid_has_4_columns_on_a_large_screen(page, nike_newest_first):
    page.goto("/colletions/Nike")

    assert grid_columns(page.get_by_role("main"), PAGE_SIZE) == 4


def test_the_collection_grid_has_2_columns_on_a_phone(phone_page, nike_newest_first):
    phone_page.goto("/colletions/Nike")

    assert grid_columns(phone_page.get_by_role("main"), PAGE_SIZE) == 2


def test_sorting_by_price_orders_the_whole_collection_both_ways(page, nike_newest_first):
    cheapest_first = sorted(nike_newest_first, key=lambda shoe: shoe.price)
    page.goto("/colletions/Nike")
    main = page.get_by_role("main")
    sort = page.get_by_label("Sort by price")
    expect(sort.get_by_role("option")).to_have_text(["Newest first", "Price: low to high", "Price: high to low"])
    expect(card_names(main)).to_have_count(PAGE_SIZE)

    sort.select_option(label="Price: low to high")
    expect(card_prices(main)).to_have_text(prices(cheapest_first[:PAGE_SIZE]))
    next_button(main).click()
    expect(card_prices(main)).to_have_text(prices(cheapest_first[PAGE_SIZE:]))

    # A new sort is a new list: it starts again from its first page.
    sort.select_option(label="Price: high to low")
    expect(pager(main)).to_contain_text("Page 1 of 2")
    expect(card_prices(main)).to_have_text(prices(cheapest_first[::-1][:PAGE_SIZE]))
    next_button(main).click()
    expect(card_prices(main)).to_have_text(prices(cheapest_first[::-1][PAGE_SIZE:]))


def test_the_color_filter_offers_the_brand_colors_and_shows_only_that_color(page, nike_newest_first):
    black = [shoe for shoe in nike_newest_first if shoe.color == "Black"]
    red = [shoe for shoe in nike_newest_first if shoe.color == "Red"]
    page.goto("/colletions/Nike")
    main = page.get_by_role("main")
    color = page.get_by_label("Color", exact=True)
    expect(color.get_by_role("option")).to_have_text(["All colors", "Black", "Red"])

    # Given the shopper is on the second page
    next_button(main).click()
    expect(pager(main)).to_contain_text("Page 2 of 2")

    # When they pick a color, the list starts again from its first page, in that color only
    color.select_option("Black")
    expect(pager(main)).to_contain_text("Page 1 of 2")
    expect(card_names(main)).to_have_text(names(black[:PAGE_SIZE]))
    next_button(main).click()
    expect(card_names(main)).to_have_text(names(black[PAGE_SIZE:]))

    color.select_option("Red")
    expect(card_names(main)).to_have_text(names(red))
    expect(pager(main)).to_have_count(0)

    # Then All colors brings every shoe of the brand back
    color.select_option(label="All colors")
    expect(card_names(main)).to_have_text(names(nike_newest_first[:PAGE_SIZE]))


def test_the_collection_is_also_at_the_well_spelled_path_and_in_any_case(page, nike_newest_first):
    for path in ("/collections/Nike", "/colletions/nike"):
        response = page.goto(path)

        assert response.status == 200
        expect(page.get_by_role("heading", level=1, name="COLLECTION")).to_be_visible()
        expect(card_names(page.get_by_role("main"))).to_have_text(names(nike_newest_first[:PAGE_SIZE]))


def test_a_collection_card_leads_to_the_shoe(page, nike_newest_first):
    newest = nike_newest_first[0]
    page.goto("/colletions/Nike")

    page.get_by_role("main").get_by_role("link", name=newest.name).click()

    expect(page).to_have_url(re.compile(rf"/products/{newest.pk}$"))
    expect(page.get_by_role("heading", level=1, name=newest.name)).to_be_visible()
