"""The home page's catalogue: 28 shoes a page, newest first, with Previous and Next."""

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import ShoeFactory

from .storefront import card_names, cards, columns, next_button, pager, previous_button

PAGE_SIZE = 28


@pytest.fixture
def newest_first(db):
    """30 shoes, the newest first as the catalogue lists them."""
    return [ShoeFactory() for _ in range(PAGE_SIZE + 2)][::-1]


def test_the_catalogue_pages_by_28_with_previous_hidden_first_and_next_disabled_last(page, newest_first):
    page.goto("/")
    catalogue = page.get_by_role("region", name="CATALOGUE")

    # Given the first page: the 28 newest shoes, no way back
    expect(card_names(catalogue)).to_have_text([shoe.name for shoe in newest_first[:PAGE_SIZE]])
    expect(pager(catalogue)).to_contain_text("Page 1 of 2")
    expect(previous_button(catalogue)).to_have_count(0)
    expect(next_button(catalogue)).to_be_enabled()

    # When the shopper goes to the next page, the two oldest show and Next can go no further
    next_button(catalogue).click()
    expect(card_names(catalogue)).to_have_text([shoe.name for shoe in newest_first[PAGE_SIZE:]])
    expect(pager(catalogue)).to_contain_text("Page 2 of 2")
    expect(next_button(catalogue)).to_be_disabled()

    # Then Previous brings the first page back
    previous_button(catalogue).click()
    expect(card_names(catalogue)).to_have_text([shoe.name for shoe in newest_first[:PAGE_SIZE]])
    expect(pager(catalogue)).to_contain_text("Page 1 of 2")
    expect(previous_button(catalogue)).to_have_count(0)


def test_a_single_page_offers_no_way_back_or_forward(page):
    shoes = [ShoeFactory() for _ in range(PAGE_SIZE)]

    page.goto("/")
    catalogue = page.get_by_role("region", name="CATALOGUE")

    expect(cards(catalogue)).to_have_count(len(shoes))
    expect(previous_button(catalogue)).to_have_count(0)
    expect(catalogue.get_by_role("button", name="Next", exact=True, disabled=False)).to_have_count(0)


def test_the_grid_has_4_columns_on_a_large_screen(page):
    for _ in range(8):
        ShoeFactory()

    page.goto("/")
    catalogue = page.get_by_role("region", name="CATALOGUE")

    expect(cards(catalogue)).to_have_count(8)
    assert columns(cards(catalogue)) == 4


def test_the_grid_has_2_columns_on_a_phone(phone_page):
    page = phone_page
    for _ in range(8):
        ShoeFactory()

    page.goto("/")
    catalogue = page.get_by_role("region", name="CATALOGUE")

    expect(cards(catalogue)).to_have_count(8)
    assert columns(cards(catalogue)) == 2
    # Nothing sticks out sideways: the page does not scroll horizontally on a phone.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
