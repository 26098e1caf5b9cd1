"""The React app starts in Chromium on every screen's path and shows the 404 screen elsewhere."""

import re

from playwright.sync_api import expect


def test_the_shop_opens_in_chromium(page):
    response = page.goto("/")
    assert response.status == 200
    expect(page).to_have_title("Sneaker Shop")
    expect(page.locator("#root")).not_to_be_empty()


def test_an_unknown_path_shows_page_not_found_and_goes_back_home(page):
    response = page.goto("/no/such/page")

    assert response.status == 404
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    page.get_by_role("link", name="Back Home").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", name="Page not found")).to_have_count(0)
