"""Size guides per brand in the browser (issue 31): an admin gives a brand its own table from the dashboard, and a
shopper on a shoe of that brand follows "Size guide" to it; a shoe of a brand without one links the shop's chart."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.models import Brand
from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import signed_in, wait_for_popup


@pytest.fixture
def shoes(db):
    adidas = ShoeFactory(name="Ultra Run", brand=BrandFactory(name="Adidas"), price=Decimal("180"), sizes={"9": 3})
    vans = ShoeFactory(name="Old Skool", brand=BrandFactory(name="Vans"), price=Decimal("70"), sizes={"9": 3})
    return adidas, vans


def guide_form(page):
    return page.get_by_role("form", name="Size guide of Adidas")


def test_an_admin_gives_a_brand_its_guide_and_a_shopper_follows_the_shoes_link_to_it(new_page, shop_admin, shoes):
    adidas_shoe, vans_shoe = shoes

    # Given the dashboard, Adidas on the shop's chart
    admin = new_page()
    signed_in(admin, shop_admin)
    admin.goto("/admin")
    brands = admin.get_by_role("region", name="Brands", exact=True)
    adidas_row = brands.get_by_role("row").filter(has_text="Adidas")
    expect(adidas_row).to_contain_text("Shop's chart")

    # When the admin starts from the shop's chart, gives a foot length, adds a row with a third and saves
    adidas_row.get_by_role("button", name="Size guide").click()
    form = guide_form(admin)
    expect(form).to_contain_text("No rows: this brand's shoes link the shop's size chart.")
    form.get_by_role("button", name="Start from the shop's chart").click()
    form.get_by_role("textbox", name="cm, row 7").fill("27")
    form.get_by_role("button", name="Add a row").click()
    for column, size in (("US", "12"), ("UK", "11.5"), ("EU", "47 1/3"), ("cm", "30.5")):
        form.get_by_role("textbox", name=f"{column}, row 13").fill(size)
    form.get_by_role("button", name="Save size guide").click()

    # Then the shop keeps it and the table says so
    wait_for_popup(admin, "The size guide of Adidas was saved")
    expect(guide_form(admin)).to_have_count(0)
    expect(adidas_row).to_contain_text("Own")
    guide = Brand.objects.get(name="Adidas").size_guide
    assert len(guide) == 13
    assert guide[6] == {"us": "9", "uk": "6.5", "eu": "42", "cm": "27"}
    assert guide[-1] == {"us": "12", "uk": "11.5", "eu": "47 1/3", "cm": "30.5"}

    # When a shopper opens the Adidas shoe and follows its Size guide link
    shopper = new_page()
    shopper.goto(f"/products/{adidas_shoe.pk}")
    expect(shopper.get_by_role("heading", level=1, name="Ultra Run")).to_be_visible()
    link = shopper.get_by_role("link", name="Size guide")
    expect(link).to_have_attribute("href", f"/sizeChart?brand={adidas_shoe.brand_id}")
    link.click()

    # Then the brand's own table shows, under its name
    expect(shopper.get_by_role("heading", level=1, name="ADIDAS SIZE CHART")).to_be_visible()
    chart = shopper.get_by_role("table")
    expect(chart.get_by_role("columnheader")).to_have_text(["US", "UK", "EU", "cm"])
    expect(chart.get_by_role("row").filter(has_text="47 1/3")).to_contain_text("12")
    expect(chart.get_by_role("row")).to_have_count(14)

    # And a Vans shoe still links the shop's chart, the spec's table
    shopper.goto(f"/products/{vans_shoe.pk}")
    expect(shopper.get_by_role("heading", level=1, name="Old Skool")).to_be_visible()
    shopper.get_by_role("link", name="Size guide").click()
    expect(shopper).to_have_url(re.compile(r"/sizeChart$"))
    expect(shopper.get_by_role("heading", level=1, name="SIZE CHART")).to_be_visible()
    expect(shopper.get_by_role("table").get_by_role("columnheader")).to_have_text(["US", "UK", "EU"])


def test_a_refused_row_is_named_and_nothing_is_saved(new_page, shop_admin, shoes):
    admin = new_page()
    signed_in(admin, shop_admin)
    admin.goto("/admin")
    brands = admin.get_by_role("region", name="Brands", exact=True)
    brands.get_by_role("row").filter(has_text="Adidas").get_by_role("button", name="Size guide").click()
    form = guide_form(admin)
    form.get_by_role("button", name="Add a row").click()
    for column, size in (("US", "9"), ("UK", "8"), ("EU", "99")):
        form.get_by_role("textbox", name=f"{column}, row 1").fill(size)
    form.get_by_role("button", name="Save size guide").click()

    expect(form.get_by_role("alert")).to_have_text("Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3.")
    assert Brand.objects.get(name="Adidas").size_guide == []
