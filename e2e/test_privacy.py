"""The shopper's data in the browser (issue 31): they download it as a JSON file, then delete their account, and can
no longer sign in; their order stays in the shop's books without their details."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from accounts.models import User
from accounts.tests.factories import PASSWORD, UserFactory
from catalog.tests.factories import ShoeFactory
from favorites.models import Favorite
from orders.models import Order
from orders.tests.factories import OrderFactory, OrderLineFactory

from .storefront import popup, sign_in, signed_in, wait_for_popup

EMAIL = "leaving@sneakers.test"


@pytest.fixture
def shopper(db):
    user = UserFactory(email=EMAIL, display_name="Ada Runner")
    shoe = ShoeFactory(name="Runner Ada")
    order = OrderFactory(user=user, amount=9_999, ship_name="Ada Runner", ship_line1="12 Main St", ship_city="Oakland")
    OrderLineFactory(order=order, shoe=shoe, unit_price=9_999)
    Favorite.objects.create(user=user, shoe=shoe)
    return user


def test_a_shopper_downloads_their_data_deletes_their_account_and_cannot_sign_in_again(page, shopper):
    signed_in(page, shopper)
    data = page.get_by_role("region", name="YOUR DATA")

    # When they download their data, the browser saves a JSON file of their profile, order and favorite
    with page.expect_download() as download:
        data.get_by_role("button", name="Download my data").click()
    assert re.fullmatch(r"sneaker-shop-data-\d{4}-\d{2}-\d{2}\.json", download.value.suggested_filename)
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["profile"]["email"] == EMAIL
    assert [line["name"] for line in saved["orders"][0]["lines"]] == ["Runner Ada"]
    assert saved["orders"][0]["address"]["line1"] == "12 Main St"
    assert [favorite["shoe"] for favorite in saved["favorites"]] == ["Runner Ada"]

    # A wrong password deletes nothing and says so under the field
    data.get_by_label("Password to confirm").fill("not my password")
    data.get_by_role("button", name="Delete my account").click()
    popup(page, "Are you sure?").get_by_role("button", name="Yes, delete my account").click()
    expect(data.get_by_role("alert")).to_have_text("Wrong Password")
    assert User.objects.get(pk=shopper.pk).status == User.Status.ENABLED

    # With the right password and the question answered, the account is deleted: signed out, home
    data.get_by_label("Password to confirm").fill(PASSWORD)
    data.get_by_role("button", name="Delete my account").click()
    question = popup(page, "Are you sure?")
    expect(question).to_contain_text("You won't be able to revert this!")
    question.get_by_role("button", name="Yes, delete my account").click()
    wait_for_popup(page, "Your account is deleted")
    expect(page).to_have_url(re.compile(r"/$"))
    page.goto("/account")
    expect(page).to_have_url(re.compile(r"/signin$"))

    # They can no longer sign in
    sign_in(page, EMAIL, PASSWORD)
    wait_for_popup(page, "User not found")
    expect(page).to_have_url(re.compile(r"/signin$"))

    # The shop's books keep the order, without their name, address or email
    order = Order.objects.get()
    assert (order.amount, order.lines.get().name) == (9_999, "Runner Ada")
    assert (order.ship_name, order.ship_line1, order.email) == ("", "", order.user.email)
    assert order.user.email.endswith("@deleted.invalid")
    assert not Favorite.objects.exists()
