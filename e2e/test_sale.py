"""/sale: the shoes on sale, cheapest first, 8 a page; 4 columns on a large screen, 2 on a phone."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import ShoeFactory

from .storefront import card_names, cards, grid_columns, next_button, pager, previous_button

PAGE_SIZE = 8


@pytest.fixture
def on_sale_cheapest_first(db):
    """10 shoes on sale, cheapest first; and one that is not on sale."""
    shoes = [ShoeFactory(price=Decimal(100 - 5 * n), on_sale=True) for n in range(10)]
    ShoeFactory(name="Full Price", price=Decimal("1.00"), on_sale=False)
    return shoes[::-1]


def test_the_sale_lists_the_shoes_on_sale_cheapest_first_8_a_page(page, on_sale_cheapest_first):
    shoes = on_sale_cheapest_first

    page.goto("/sale")
    main = page.get_by_role("main")

    # Given the first page: the 8 cheapest shoes on sale, each tagged
    expect(page.get_by_role("heading", level=1, name="ON SALE!")).to_be_visible()
    expect(card_names(main)).to_have_text([shoe.name for shoe in shoes[:PAGE_SIZE]])
    for shoe_card in cards(main).all():
        expect(shoe_card.get_by_text("ON SALE", exact=True)).to_be_visible()
    expect(pager(main)).to_contain_text("Page 1 of 2")
    expect(previous_button(main)).to_have_count(0)

    # When Next is clicked, the dearest two show and Next is disabled
    next_button(main).click()
    expect(card_names(main)).to_have_text([shoe.name for shoe in shoes[PAGE_SIZE:]])
    expect(next_button(main)).to_be_disabled()

    # Then Previous goes back to the start
    previous_button(main).click()
    expect(card_names(main)).to_have_text([shoe.name for shoe in shoes[:PAGE_SIZE]])
    expect(pager(main)).to_contain_text("Page 1 of 2")
    expect(main).not_to_contain_text("Full Price")


def test_the_sale_grid_has_4_columns_on_a_large_screen(page, on_sale_cheapest_first):
    page.goto("/sale")

    assert grid_columns(page.get_by_role("main"), PAGE_SIZE) == 4


def test_the_sale_grid_has_2_columns_on_a_phone(phone_page, on_sale_cheapest_first):
    phone_page.goto("/sale")

    assert grid_columns(phone_page.get_by_role("main"), PAGE_SIZE) == 2


def test_the_sale_says_so_when_nothing_is_on_sale(page):
    ShoeFactory(on_sale=False)

    page.goto("/sale")

    expect(page.get_by_role("heading", level=1, name="ON SALE!")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text("Nothing is on sale right now")
