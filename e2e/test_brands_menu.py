"""The header's BRANDS menu and its way to each brand's collection; the other header links."""

import re

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import BrandFactory


@pytest.fixture
def brands(db):
    return [BrandFactory(name=name) for name in ("Nike", "Adidas", "New Balance")]


def brands_list(page):
    return page.get_by_role("banner").get_by_role("listitem")


def test_hovering_brands_lists_every_brand_and_a_brand_opens_its_collection(page, brands):
    page.goto("/")
    menu_button = page.get_by_role("button", name="BRANDS")
    expect(menu_button).to_have_attribute("aria-expanded", "false")

    menu_button.hover()

    expect(menu_button).to_have_attribute("aria-expanded", "true")
    expect(brands_list(page)).to_have_text(["Adidas", "New Balance", "Nike"])
    page.get_by_role("link", name="New Balance").click()
    expect(page).to_have_url(re.compile(r"/colletions/New%20Balance$"))
    expect(page.get_by_role("heading", level=1, name="COLLECTION")).to_be_visible()
    expect(page.get_by_role("link", name="New Balance")).to_be_hidden()


def test_clicking_brands_opens_the_menu(page, brands):
    page.goto("/")
    menu_button = page.get_by_role("button", name="BRANDS")
    expect(menu_button).to_be_visible()

    menu_button.click()

    expect(menu_button).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("link", name="Nike")).to_be_visible()


def test_tapping_brands_on_a_phone_opens_the_menu(phone_page, brands):
    page = phone_page
    page.goto("/")
    menu_button = page.get_by_role("button", name="BRANDS")
    expect(menu_button).to_be_visible()

    menu_button.tap()

    expect(menu_button).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("link", name="Nike")).to_be_visible()


def test_the_keyboard_opens_the_menu_and_escape_closes_it(page, brands):
    page.goto("/")
    menu_button = page.get_by_role("button", name="BRANDS")
    expect(menu_button).to_be_visible()

    menu_button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("link", name="Adidas")).to_be_visible()
    page.keyboard.press("Escape")

    expect(page.get_by_role("link", name="Adidas")).to_be_hidden()


def test_the_header_leads_to_the_sale_the_cart_the_account_and_home(page):
    page.goto("/aboutUs")
    header = page.get_by_role("banner")

    header.get_by_role("link", name="Deals!").click()
    expect(page).to_have_url(re.compile(r"/sale$"))
    expect(page.get_by_role("heading", level=1, name="ON SALE!")).to_be_visible()

    header.get_by_role("link", name="Cart").click()
    expect(page).to_have_url(re.compile(r"/cart$"))

    # The account icon goes to /account, whose guard sends a visitor on to sign in.
    expect(header.get_by_role("link", name="Account")).to_have_attribute("href", "/account")
    header.get_by_role("link", name="Account").click()
    expect(page).to_have_url(re.compile(r"/signin$"))

    header.get_by_role("link", name="Sneaker Shop").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("region", name="CATALOGUE")).to_be_visible()
