"""What the journeys read off the storefront: cards, prices, the pager, popups, the stored cart, signing in."""

import json
import re
from decimal import Decimal

from playwright.sync_api import Locator, Page, expect

from accounts.tests.factories import PASSWORD

PRICE = re.compile(r"^\$\d{1,3}(?:,\d{3})*\.\d{2}$")


def money(price: Decimal | str) -> str:
    """A price as the shop writes it (lib/money.js): $99.99, $1,234.50."""
    return f"${Decimal(price):,.2f}"


def cards(scope: Page | Locator) -> Locator:
    return scope.get_by_role("article")


def card(scope: Page | Locator, name: str) -> Locator:
    """The product card of the shoe of that name."""
    # `has` is matched inside each card, so it must start from the page, not from the scope.
    page = scope if isinstance(scope, Page) else scope.page
    return cards(scope).filter(has=page.get_by_role("heading", name=name, exact=True))


def card_names(scope: Page | Locator) -> Locator:
    """The cards' names: a heading one level under the grid's title (h3 on the home page, h2 on a list's page)."""
    return cards(scope).get_by_role("heading")


def card_prices(scope: Page | Locator) -> Locator:
    return cards(scope).get_by_text(PRICE)


def pager(scope: Page | Locator) -> Locator:
    """Previous, 'Page X of Y' and Next under a paged list (named "Pages").

    Exactly that name: a loose one also finds the dashboard's tables' pagers ("Pages of Products", "Pages of Brands")
    and the reviews' ("Review pages"). A link keeps the screen it leaves on show until the next one has rendered
    (React Router's transition, Layout's Suspense), so right after Deals! on the dashboard a loose name found the
    dashboard's pager: its Next was clicked, or two of them failed the expect at once (strict mode).
    """
    return scope.get_by_role("navigation", name="Pages", exact=True)


def previous_button(scope: Page | Locator) -> Locator:
    return pager(scope).get_by_role("button", name="Previous", exact=True)


def next_button(scope: Page | Locator) -> Locator:
    return pager(scope).get_by_role("button", name="Next", exact=True)


def popup(page: Page, title: str) -> Locator:
    """A sweetalert2 popup, named by its title."""
    return page.get_by_role("dialog", name=title)


# Popups close by themselves after 2, 3 or 5 s; the next step waits for that, on a slow machine too.
POPUP_GONE_MS = 15_000


def wait_for_popup(page: Page, title: str) -> None:
    """The popup of that title shows, then closes by itself."""
    shown = popup(page, title)
    expect(shown).to_be_visible()
    expect(shown).to_be_hidden(timeout=POPUP_GONE_MS)


def sign_in(page: Page, email: str, password: str) -> None:
    """Fills and sends the /signin form on the page."""
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in", exact=True).click()


def signed_in(page: Page, user) -> None:
    """Signs the user in through /signin and waits for the welcome to close on /account."""
    page.goto("/signin")
    sign_in(page, user.email, PASSWORD)
    wait_for_popup(page, "Welcome again!")
    expect(page.get_by_role("heading", name="MY ACCOUNT")).to_be_visible()


def stored_cart(page: Page):
    """The cart as the browser keeps it in local storage (None when nothing was ever stored)."""
    return page.evaluate("() => JSON.parse(localStorage.getItem('cart'))")


def store_cart(page: Page, lines: list[dict]) -> None:
    """Puts these cart lines in the browser's local storage, as BUY ME! would have; the next page load reads them."""
    if page.url == "about:blank":
        page.goto("/sizeChart")
    page.evaluate("lines => localStorage.setItem('cart', lines)", json.dumps(lines))


def columns(grid_cards: Locator) -> int:
    """How many cards share the first card's row."""
    tops = [box["y"] for box in (item.bounding_box() for item in grid_cards.all()) if box]
    return sum(1 for top in tops if abs(top - tops[0]) < 1)


def grid_columns(scope: Page | Locator, shown: int) -> int:
    """How many columns the grid of cards in scope has, once its `shown` cards show."""
    expect(cards(scope)).to_have_count(shown)
    return columns(cards(scope))
