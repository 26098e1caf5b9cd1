"""The home page's help chat: Help, Information and Bug, and the pages they point to."""

import re

import pytest
from playwright.sync_api import expect


@pytest.fixture
def chat(page, db):
    page.goto("/")
    page.get_by_role("button", name="Help", exact=True).click()
    dialog = page.get_by_role("dialog", name="Chat help")
    expect(dialog).to_be_visible()
    return dialog


def options(chat):
    """The choices offered now: the buttons with a text (the close button has only an icon)."""
    return chat.get_by_role("button").filter(has_text=re.compile(r"\w"))


def choose(chat, option: str) -> None:
    chat.get_by_role("button", name=option, exact=True).click()


def test_the_chat_starts_with_help_information_and_bug_and_closes(page, chat):
    expect(chat.get_by_role("button", name="Close the chat")).to_be_visible()
    expect(options(chat)).to_have_text(["Help", "Information", "Bug"])

    chat.get_by_role("button", name="Close the chat").click()

    expect(page.get_by_role("dialog", name="Chat help")).to_have_count(0)
    expect(page.get_by_role("button", name="Help", exact=True)).to_be_visible()


def test_help_offers_account_shoe_size_and_order_problem(page, chat):
    choose(chat, "Help")

    expect(options(chat)).to_have_text(["Account", "Shoe size", "Order problem"])
    choose(chat, "Shoe size")
    chat.get_by_role("link", name="Open the size chart").click()

    expect(page).to_have_url(re.compile(r"/sizeChart$"))
    expect(page.get_by_role("heading", level=1, name="SIZE CHART")).to_be_visible()
    expect(page.get_by_role("dialog", name="Chat help")).to_have_count(0)


def test_information_tells_that_the_sneakers_are_authenticated(chat):
    choose(chat, "Information")

    expect(options(chat)).to_have_text(["About us", "Authentication", "Pictures"])
    choose(chat, "Authentication")
    expect(chat.get_by_text("Our sneakers are 100% legitimate, authenticated by a resale marketplace")).to_be_visible()

    # The shopper can go back to the first choices.
    choose(chat, "Something else")
    expect(options(chat)).to_have_text(["Help", "Information", "Bug"])


def test_a_bug_points_to_the_contact_form(page, chat):
    choose(chat, "Bug")

    chat.get_by_role("link", name=re.compile("contact form")).click()

    expect(page).to_have_url(re.compile(r"/contactUs$"))
    expect(page.get_by_label("Message", exact=True)).to_be_visible()
