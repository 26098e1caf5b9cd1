"""The header's search drawer: one request per pause in typing, results that lead to the shoe, three ways out."""

import contextlib
import re
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from catalog.tests.factories import ShoeFactory

from .storefront import money

SEARCH_CALL = re.compile(r"/api/shoes\?(.*&)?name=")


@pytest.fixture
def shoes(db):
    return {
        "pegasus": ShoeFactory(name="Pegasus Trail", price=Decimal("129.99")),
        "vomero": ShoeFactory(name="Vomero Plus", price=Decimal("159.00")),
    }


def open_search(page):
    page.get_by_role("button", name="Search").click()
    drawer = page.get_by_role("dialog", name="Search shoes")
    expect(drawer).to_be_visible()
    return drawer


def test_a_search_lists_matching_shoes_that_lead_to_the_shoe(page, shoes):
    pegasus = shoes["pegasus"]
    page.goto("/")

    drawer = open_search(page)
    drawer.get_by_placeholder("Search...").fill("pegasus")

    result = drawer.get_by_role("link", name=re.compile("Pegasus Trail"))
    expect(result).to_have_attribute("href", f"/products/{pegasus.pk}")
    expect(result).to_contain_text(money(pegasus.price))
    expect(result.locator("img")).to_have_count(1)
    expect(drawer.get_by_role("link")).to_have_count(1)

    result.click()
    expect(page).to_have_url(re.compile(rf"/products/{pegasus.pk}$"))
    expect(page.get_by_role("heading", level=1, name="Pegasus Trail")).to_be_visible()
    expect(page.get_by_role("dialog", name="Search shoes")).to_have_count(0)


def test_a_search_that_finds_nothing_says_so(page, shoes):
    page.goto("/")

    drawer = open_search(page)
    drawer.get_by_placeholder("Search...").fill("zzz")

    expect(drawer.get_by_text("No shoes named like “zzz”.")).to_be_visible()
    expect(drawer.get_by_role("link")).to_have_count(0)


def test_typing_a_word_quickly_asks_the_shop_once_with_the_text_lower_cased(page, shoes):
    page.goto("/")
    drawer = open_search(page)
    asked = []
    page.on("request", lambda request: asked.append(request.url) if SEARCH_CALL.search(request.url) else None)

    # When the shopper types a word without pausing
    drawer.get_by_placeholder("Search...").click()
    page.keyboard.type("VOMERO", delay=30)

    # Then the shop is asked once, for the whole word in lower case, and answers
    expect(drawer.get_by_role("link", name=re.compile("Vomero Plus"))).to_be_visible()
    assert len(asked) == 1, asked
    assert parse_qs(urlsplit(asked[0]).query)["name"] == ["vomero"]


def test_an_answer_to_an_older_text_never_replaces_the_newer_one(page, shoes):
    page.goto("/")
    drawer = open_search(page)
    box = drawer.get_by_placeholder("Search...")
    held = []
    # The first search request is held back until the second has been answered.
    page.route(SEARCH_CALL, lambda route: held.append(route) if not held else route.continue_())

    # Given a search for "pegasus" whose answer is slow
    with page.expect_request(SEARCH_CALL) as first:
        box.fill("pegasus")
    # When the shopper changes the text and the newer answer arrives first
    box.fill("vomero")
    expect(drawer.get_by_role("link", name=re.compile("Vomero Plus"))).to_be_visible()
    # The page may have given up on the older request already; then there is nothing to let through.
    with contextlib.suppress(PlaywrightError):
        held[0].continue_()
    first.value.response()
    page.wait_for_load_state("networkidle")

    # Then the older answer is dropped
    expect(drawer.get_by_role("link", name=re.compile("Vomero Plus"))).to_be_visible()
    expect(drawer.get_by_role("link", name=re.compile("Pegasus Trail"))).to_have_count(0)


def test_emptying_the_box_clears_the_results(page, shoes):
    page.goto("/")
    drawer = open_search(page)
    box = drawer.get_by_placeholder("Search...")
    box.fill("trail")
    expect(drawer.get_by_role("link", name=re.compile("Pegasus Trail"))).to_be_visible()

    box.fill("")

    expect(drawer.get_by_role("link")).to_have_count(0)


@pytest.mark.parametrize("way_out", ["the close button", "the overlay", "Escape"])
def test_the_drawer_closes_and_gives_the_focus_back_to_the_search_button(page, way_out):
    page.goto("/")
    open_search(page)
    expect(page.get_by_placeholder("Search...")).to_be_focused()

    if way_out == "the close button":
        page.get_by_role("button", name="Close search").click()
    elif way_out == "the overlay":
        page.get_by_test_id("search-overlay").click(position={"x": 20, "y": 200})
    else:
        page.keyboard.press("Escape")

    expect(page.get_by_role("dialog", name="Search shoes")).to_have_count(0)
    expect(page.get_by_role("button", name="Search")).to_be_focused()
