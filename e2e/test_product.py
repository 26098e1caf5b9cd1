"""/products/{id}: 'LOADING...', then the shoe; BUY ME! adds it and goes to the cart; a missing shoe is a 404."""

import html
import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.images import shoe_image_url
from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import money, popup, stored_cart


@pytest.fixture
def air_max(db):
    return ShoeFactory(
        name="Air Max",
        brand=BrandFactory(name="Nike"),
        color="Red",
        price=Decimal("120.00"),
        description="Cushioned for long days",
        on_sale=True,
        sizes={"9": 3, "9.5": 0},
    )


def test_the_product_page_says_loading_then_shows_the_shoe(page, air_max):
    held = []
    page.route(f"**/api/shoes/{air_max.pk}", lambda route: held.append(route))

    # Given the shoe is still on its way
    with page.expect_request(f"**/api/shoes/{air_max.pk}"):
        page.goto(f"/products/{air_max.pk}")
    expect(page.get_by_role("status")).to_have_text("LOADING...")

    # When it arrives, the whole shoe shows
    held[0].continue_()
    expect(page.get_by_role("heading", level=1, name="Air Max")).to_be_visible()
    main = page.get_by_role("main")
    expect(main.get_by_text("NIKE", exact=True)).to_be_visible()
    expect(main.get_by_text(money("120.00"), exact=True)).to_be_visible()
    expect(main.get_by_text("Color: Red")).to_be_visible()
    expect(main.get_by_text("Cushioned for long days")).to_be_visible()
    expect(main.get_by_text("ON SALE", exact=True)).to_be_visible()
    expect(main.get_by_role("img", name="Nike Air Max")).to_be_visible()
    expect(page.get_by_label("Size of Air Max").get_by_role("option")).to_have_text(["Size", "9", "9.5 (sold out)"])
    expect(page.get_by_role("status")).to_have_count(0)
    expect(page).to_have_title("Nike Air Max | Sneaker Shop")


def test_the_server_names_the_shoe_in_the_page_for_link_previews(page, air_max):
    response = page.goto(f"/products/{air_max.pk}")

    assert response.status == 200
    shell = response.text()
    assert "<title>Nike Air Max | Sneaker Shop</title>" in shell
    meta = {
        key: html.unescape(value)
        for key, value in re.findall(r'<meta (?:name|property)="([^"]+)" content="([^"]*)"', shell)
    }
    assert meta["description"] == "Nike Air Max, Red, $120.00. Cushioned for long days"
    assert meta["og:title"] == "Nike Air Max | Sneaker Shop"
    assert meta["og:description"] == meta["description"]
    assert meta["og:type"] == "product"
    assert meta["og:image"] == f"{page.url.split('/products/')[0]}{shoe_image_url(air_max)}"


def test_buy_me_with_a_size_adds_the_shoe_and_goes_to_the_cart(page, air_max):
    page.goto(f"/products/{air_max.pk}")

    page.get_by_label("Size of Air Max").select_option("9")
    page.get_by_role("button", name="BUY ME!").click()

    expect(page).to_have_url(re.compile(r"/cart$"))
    expect(popup(page, "Your shoe add to cart")).to_be_visible()
    assert stored_cart(page) == [
        {
            "_id": air_max.pk,
            "name": "Air Max",
            "image": shoe_image_url(air_max),
            # The picture's smaller copies, for the cart's thumbnail (none made for this one).
            "imageSrcset": "",
            "price": 120.0,
            # The price it sells for when it is reduced; the same here (issue 30).
            "regularPrice": 120.0,
            "size": "9",
            "quantity": 1,
        }
    ]


def test_buy_me_without_a_size_asks_for_one_and_stays(page, air_max):
    page.goto(f"/products/{air_max.pk}")

    page.get_by_role("button", name="BUY ME!").click()

    expect(popup(page, "Add size")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/products/{air_max.pk}$"))
    assert stored_cart(page) in (None, [])


def test_back_home_goes_home(page, air_max):
    page.goto(f"/products/{air_max.pk}")

    page.get_by_role("link", name="BACK HOME").click()

    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("region", name="CATALOGUE")).to_be_visible()


@pytest.mark.parametrize("shoe_id", ["999999", "not-a-number"])
def test_a_missing_shoe_is_page_not_found_and_a_404(page, db, shoe_id):
    response = page.goto(f"/products/{shoe_id}")

    assert response.status == 404
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    expect(page.get_by_role("link", name="Back Home")).to_be_visible()


def test_leaving_the_cart_keeps_it_for_the_next_pair(page, air_max):
    """docs/PRODUCT.md §4: leaving /cart empties nothing; only Clear Cart and a payment do."""
    cortez = ShoeFactory(name="Cortez", brand=air_max.brand, price=Decimal("80.00"), sizes={"10": 2})
    page.goto(f"/products/{air_max.pk}")
    page.get_by_label("Size of Air Max").select_option("9")
    page.get_by_role("button", name="BUY ME!").click()
    expect(page).to_have_url(re.compile(r"/cart$"))

    # When the shopper goes on shopping and buys a second shoe
    page.get_by_role("link", name="Continue Shopping").click()
    page.get_by_role("region", name="CATALOGUE").get_by_role("link", name=re.compile("Cortez")).click()
    page.get_by_label("Size of Cortez").select_option("10")
    page.get_by_role("button", name="BUY ME!").click()

    # Then the cart holds both pairs
    expect(page).to_have_url(re.compile(r"/cart$"))
    lines = page.get_by_role("list", name="Cart lines").get_by_role("listitem")
    expect(lines).to_have_count(2)
    expect(page.get_by_role("listitem", name="Air Max, size 9", exact=True)).to_be_visible()
    expect(page.get_by_role("listitem", name="Cortez, size 10", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 2 pairs")).to_be_visible()
    assert [(line["_id"], line["size"]) for line in stored_cart(page)] == [(air_max.pk, "9"), (cortez.pk, "10")]
