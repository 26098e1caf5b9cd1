"""What sneaker shoppers look for (issue 19), in Chromium: their size in stock on a collection, and a note when a
sold-out size is back, mailed once an admin adds pairs with the Create size form."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.models import StockAlert
from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import card_names, cards, wait_for_popup
from .test_admin_forms import admin_page, fill, select_in_products  # noqa: F401 (admin_page is a fixture)


def test_a_shopper_filters_a_collection_by_size_and_sees_only_shoes_with_it_in_stock(page):
    nike = BrandFactory(name="Nike")
    ShoeFactory(name="Has Pairs", brand=nike, sizes={"9": 1, "9.5": 2})
    ShoeFactory(name="Sold Out", brand=nike, sizes={"9.5": 0, "10": 4})
    ShoeFactory(name="Other Sizes", brand=nike, sizes={"8": 3, "10": 1})
    ShoeFactory(name="Last Pair", brand=nike, sizes={"9.5": 1})
    ShoeFactory(name="Vans Pair", brand=BrandFactory(name="Vans"), sizes={"9.5": 5})

    page.goto("/colletions/Nike")
    collection = page.get_by_role("region", name="COLLECTION")
    expect(cards(collection)).to_have_count(4)

    sizes = collection.get_by_role("group", name="Size")
    sizes.get_by_role("button", name="9.5", exact=True).click()
    expect(sizes.get_by_role("button", name="9.5", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(card_names(collection)).to_have_text(["Last Pair", "Has Pairs"])

    # Reset with the other filters
    collection.get_by_role("button", name="Clear filters").click()
    expect(cards(collection)).to_have_count(4)


@pytest.fixture
def demo_mail_folder(settings, tmp_path):
    """The demo's mail folder (var/mail/ under make run): each mail sent is a file there."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path / "mail"
    settings.SHOP_BASE_URL = "http://shop.test"
    return settings.EMAIL_FILE_PATH


def test_a_visitor_is_mailed_when_an_admin_adds_the_sold_out_size(new_page, admin_page, demo_mail_folder):  # noqa: F811
    shoe = ShoeFactory(
        name="Air Swift", brand=BrandFactory(name="Nike"), price=Decimal("1234.50"), sizes={"9": 2, "9.5": 0}
    )

    # A visitor asks to be told about the sold-out 9.5
    visitor = new_page()
    visitor.goto(f"/products/{shoe.pk}")
    notify = visitor.get_by_role("region", name="Sold out in your size?")
    expect(notify.get_by_label("Size to wait for")).to_have_value("9.5")
    notify.get_by_label("Your email").fill("ana@example.com")
    notify.get_by_role("button", name="Notify me").click()
    expect(notify.get_by_role("status")).to_have_text("We will email ana@example.com once size 9.5 is back in stock.")
    assert list(StockAlert.objects.values_list("email", "size")) == [("ana@example.com", Decimal("9.5"))]
    assert not demo_mail_folder.exists() or not list(demo_mail_folder.iterdir())

    # An admin adds pairs of that size with the Create size form
    select_in_products(admin_page, "Air Swift")
    admin_page.get_by_role("region", name="Products").get_by_role("link", name="Create size").click()
    fill(admin_page, {"Size": "9.5", "Quantity": "3"})
    admin_page.get_by_role("button", name="Create", exact=True).click()
    wait_for_popup(admin_page, "Size 9.5 of Air Swift now has 3 pairs")

    # The notice is in the demo's mail folder, once
    [mail_file] = list(demo_mail_folder.iterdir())
    text = mail_file.read_text()
    assert "To: ana@example.com" in text
    assert "Subject: Back in stock: Nike Air Swift, size 9.5" in text
    assert f"http://shop.test/products/{shoe.pk}" in text
    assert "$1,234.50" in text
    assert "http://shop.test/unsubscribe/stock/" in text
