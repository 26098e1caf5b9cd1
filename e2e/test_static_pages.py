"""About us, Contact us, Size chart and Terms of service: reached from the footer and by both spellings."""

import re

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import BrandFactory

PAGES = [
    # (footer link, path, heading, tab title)
    ("About us", "/aboutUs", "ABOUT US", "About us"),
    ("Contact us", "/contactUs", "CONTACT US", "Contact us"),
    ("Size chart", "/sizeChart", "SIZE CHART", "Size chart"),
    ("Terms of service", "/termsOfService", "TERMS OF SERVICE", "Terms of service"),
]

# docs/PRODUCT.md §9: US / UK / EU.
SIZE_CHART = [
    ["6", "3.5", "36"],
    ["6.5", "4", "37"],
    ["7", "4.5", "38"],
    ["7.5", "5", "39"],
    ["8", "5.5", "40"],
    ["8.5", "6", "41"],
    ["9", "6.5", "42"],
    ["9.5", "7", "43"],
    ["10", "7.5", "44"],
    ["10.5", "8", "45"],
    ["11", "8.5", "46"],
    ["11.5", "9", "47"],
]


@pytest.mark.parametrize(("link", "path", "heading", "title"), PAGES, ids=[page[1] for page in PAGES])
def test_the_footer_leads_to_each_page_from_deep_in_the_shop(page, link, path, heading, title):
    BrandFactory(name="Nike")
    page.goto("/colletions/Nike")
    expect(page.get_by_role("heading", level=1, name="COLLECTION")).to_be_visible()

    page.get_by_role("contentinfo").get_by_role("link", name=link).click()

    expect(page).to_have_url(re.compile(f"{path}$"))
    expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()
    expect(page).to_have_title(f"{title} | Sneaker Shop")


@pytest.mark.parametrize(("link", "path", "heading", "title"), PAGES, ids=[page[1] for page in PAGES])
def test_each_page_answers_at_both_spellings(page, link, path, heading, title):
    capitalised = "/" + path[1].upper() + path[2:]
    for spelling in (path, capitalised):
        response = page.goto(spelling)

        assert response.status == 200, spelling
        expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()


def test_the_size_chart_gives_us_uk_and_eu_sizes(page):
    page.goto("/sizeChart")

    table = page.get_by_role("table")
    expect(table.get_by_role("columnheader")).to_have_text(["US", "UK", "EU"])
    rows = table.get_by_role("row").filter(has_not=page.get_by_role("columnheader"))
    expect(rows).to_have_count(len(SIZE_CHART))
    for row, sizes in zip(rows.all(), SIZE_CHART, strict=True):
        expect(row.get_by_role("cell")).to_have_text(sizes)


@pytest.mark.parametrize("path", ["/aboutUs/more", "/colletions", "/products/1/reviews"])
def test_an_unknown_path_is_page_not_found_with_a_way_home(page, db, path):
    response = page.goto(path)

    assert response.status == 404
    expect(page.get_by_role("heading", level=1, name="Page not found")).to_be_visible()
    page.get_by_role("link", name="Back Home").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("region", name="CATALOGUE")).to_be_visible()
