"""Accessibility stays proven: axe-core's WCAG 2.1 A and AA rules on every storefront screen and every admin screen,
in the built bundle and Debian's Chromium; no serious or critical violation anywhere (docs/DESIGN.md §7)."""

from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from catalog.images import shoe_image_url
from catalog.tests.factories import BrandFactory, ShoeFactory
from favorites.models import Favorite
from mailing import mails
from mailing.tests.factories import NewsletterSignupFactory
from orders.tests.factories import OrderFactory, OrderLineFactory

from .storefront import popup, signed_in, store_cart

# axe-core's own build, from the npm package pinned in package.json.
AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = ("serious", "critical")

# What axe finds, reduced to what a failure message needs: the rule, its impact and the first few elements.
RUN_AXE = """async (tags) => {
  const { violations } = await axe.run(document, { runOnly: { type: "tag", values: tags } });
  return violations.map((found) => ({
    id: found.id,
    impact: found.impact,
    help: found.help,
    targets: found.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
}"""


def axe_page(new_page, **options):
    """A page whose every document gets axe-core, through the browser's own init script: the shop's
    Content-Security-Policy refuses any script tag Playwright would add, and the test fails on a violation of it."""
    if not AXE.exists():
        pytest.fail("axe-core is missing: `npm ci` installs it.")
    page = new_page(**options)
    page.context.add_init_script(path=str(AXE))
    return page


def settled(page) -> None:
    """The screen has drawn what its data holds: no request on the way, no LOADING... left."""
    page.wait_for_load_state("networkidle")
    expect(page.get_by_text("LOADING...", exact=True)).to_have_count(0)


def blocking_violations(page, path: str) -> list[dict]:
    page.goto(path)
    settled(page)
    found = page.evaluate(RUN_AXE, WCAG_21_A_AA)
    return [{"path": path, **violation} for violation in found if violation["impact"] in BLOCKING]


@pytest.fixture
def catalogue(db):
    nike = BrandFactory(name="Nike")
    shoes = [
        ShoeFactory(name="Air Swift", brand=nike, price=Decimal("99.99"), sizes={"9": 5, "9.5": 0}, on_sale=True),
        ShoeFactory(name="Court Classic", brand=BrandFactory(name="Puma"), price=Decimal("75.00"), sizes={"10": 2}),
    ]
    return shoes


def storefront_paths(shoe) -> list[str]:
    signup = NewsletterSignupFactory()
    return [
        "/",
        "/products",
        f"/products/{shoe.pk}",
        "/collections/Nike",
        "/sale",
        "/cart",
        "/signin",
        "/createaccount",
        "/forget",
        "/reset-password?uid=x&token=y",
        "/aboutUs",
        "/contactUs",
        "/sizeChart",
        "/termsOfService",
        f"/unsubscribe/{mails.unsubscribe_token_make(signup=signup)}",
        "/no-such-page",
    ]


def test_every_storefront_screen_a_visitor_sees_has_no_serious_violation(new_page, catalogue):
    page = axe_page(new_page)
    found = [violation for path in storefront_paths(catalogue[0]) for violation in blocking_violations(page, path)]
    assert found == []


def axe_now(page, what: str) -> list[dict]:
    """axe on the page as it is now (a drawer, a menu, a popup open)."""
    return [{"path": what, **found} for found in page.evaluate(RUN_AXE, WCAG_21_A_AA) if found["impact"] in BLOCKING]


def test_the_search_drawer_the_brands_menu_and_a_popup_have_no_serious_violation(new_page, catalogue):
    page = axe_page(new_page)
    page.goto("/")
    settled(page)
    page.get_by_role("button", name="BRANDS").click()
    expect(page.get_by_role("link", name="Nike", exact=True)).to_be_visible()
    found = axe_now(page, "BRANDS menu")
    page.keyboard.press("Escape")

    page.get_by_role("button", name="Search").click()
    drawer = page.get_by_role("dialog", name="Search shoes")
    drawer.get_by_placeholder("Search...").fill("swift")
    expect(drawer.get_by_text("Air Swift")).to_be_visible()
    found += axe_now(page, "search drawer")
    drawer.get_by_role("button", name="Close search").click()

    # BUY ME! without a size: the popup asks for one.
    page.get_by_role("region", name="CATALOGUE").get_by_role("button", name="BUY ME!").first.click()
    expect(popup(page, "Add size")).to_be_visible()
    # Its colors once it has faded in: halfway through, any text is too faint.
    page.wait_for_function("() => document.querySelector('.swal2-popup').getAnimations().length === 0")
    found += axe_now(page, "the Add size popup")
    assert found == []


def test_the_home_page_and_a_product_on_a_phone_have_no_serious_violation(new_page, catalogue):
    page = axe_page(new_page, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    found = blocking_violations(page, "/") + blocking_violations(page, f"/products/{catalogue[0].pk}")
    assert found == []


def test_a_shoppers_screens_have_no_serious_violation(new_page, shopper, catalogue):
    shoe = catalogue[0]
    Favorite.objects.create(user=shopper, shoe=shoe)
    order = OrderFactory(user=shopper, amount=9999)
    OrderLineFactory(order=order, shoe=shoe, quantity=1, unit_price=9999)
    page = axe_page(new_page)
    signed_in(page, shopper)
    line = {"_id": shoe.pk, "name": shoe.name, "image": shoe_image_url(shoe), "price": float(shoe.price),
            "size": "9", "quantity": 2}  # fmt: skip
    store_cart(page, [line])
    paths = ["/account", "/favorites", f"/order/{order.payment_intent_id}", "/cart"]
    found = [violation for path in paths for violation in blocking_violations(page, path)]
    assert found == []


def test_every_admin_screen_has_no_serious_violation(new_page, shop_admin, catalogue):
    order = OrderFactory(amount=9999)
    OrderLineFactory(order=order, shoe=catalogue[0], quantity=1, unit_price=9999)
    page = axe_page(new_page)
    signed_in(page, shop_admin)
    paths = ["/admin", "/createshoes", "/createbrand", "/createsize", "/modifshoe", "/orders"]
    found = [violation for path in paths for violation in blocking_violations(page, path)]
    assert found == []


def test_axe_finds_a_picture_without_a_text_when_there_is_one(new_page, catalogue):
    # The check above proves something only if axe runs in the page and its findings come back.
    page = axe_page(new_page)
    page.goto("/sizeChart")
    settled(page)
    page.evaluate("() => document.querySelector('main').append(document.createElement('img'))")
    found = page.evaluate(RUN_AXE, WCAG_21_A_AA)
    assert [(violation["id"], violation["impact"]) for violation in found] == [("image-alt", "critical")]
