"""Fulfilment and returns (issue 31), on the shop as `make run` serves it: an admin ships an order with a tracking
number, the shopper sees the tracking link and gets the mail; the shopper asks to exchange the pair for another size,
the admin approves, and the new size's stock is one pair less."""

import json
import re
import time
import urllib.request
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from .storefront import POPUP_GONE_MS, sign_in, wait_for_popup
from .test_after_sale import fact, watched_page
from .test_checkout import PAID, buy, fill_payment_form, pay_button
from .test_make_run import MAIL_SECONDS, mails_in
from .test_make_run import demo_shop as demo_shop_started

demo_shop = demo_shop_started

UPS = "1Z999AA10123456784"


def shoe_with_two_sizes(base: str) -> tuple[SimpleNamespace, str, str]:
    with urllib.request.urlopen(f"{base}/api/shoes?limit=28", timeout=10) as answer:
        shoes = json.load(answer)["results"]
    for shoe in shoes:
        sizes = [entry["size"] for entry in shoe["stock"] if entry["quantity"] >= 1]
        if len(sizes) >= 2:
            return SimpleNamespace(pk=shoe["_id"], name=shoe["name"]), sizes[0], sizes[1]
    pytest.fail("the demo has no shoe with two sizes in stock")


def fresh_stock(context, shoe_id: int, size: str) -> int:
    """A size's pairs as they are now: asked with the admin's session (an anonymous read may be a second old)."""
    answer = context.request.get(f"/api/shoes/{shoe_id}")
    return next(entry["quantity"] for entry in answer.json()["stock"] if entry["size"] == size)


def wait_for_mail(demo_shop, subject: str):
    deadline = time.monotonic() + MAIL_SECONDS
    while not (found := [mail for mail in mails_in(demo_shop.mail_dir) if mail["Subject"] == subject]):
        if time.monotonic() > deadline:
            pytest.fail(f"no mail {subject!r} after {MAIL_SECONDS} s:\n{demo_shop.log.read_text()[-3000:]}")
        time.sleep(0.2)
    return found[0]


def test_an_admin_ships_and_approves_an_exchange_for_another_size(browser, demo_shop):
    violations, errors = [], []
    base = demo_shop.url
    shoe, size, other = shoe_with_two_sizes(base)
    shopper_context, shopper = watched_page(browser, base, violations, errors)
    admin_context, admin = watched_page(browser, base, violations, errors)
    try:
        # Given the demo's shopper, who paid for one pair
        shopper.goto("/signin")
        sign_in(shopper, "shopper@sneakers.test", demo_shop.password)
        wait_for_popup(shopper, "Welcome again!")
        buy(shopper, shoe, size)
        fill_payment_form(shopper)
        pay_button(shopper).click()
        thanks = shopper.get_by_role("dialog", name=PAID)
        expect(thanks).to_be_visible()
        expect(shopper).to_have_url(re.compile(r"/order/pi_\w+$"))
        payment_id = re.search(r"/order/(pi_\w+)$", shopper.url)[1]
        expect(thanks).to_be_hidden(timeout=POPUP_GONE_MS)

        # When an admin marks it shipped with UPS and a tracking number
        admin.goto("/signin")
        sign_in(admin, "admin@sneakers.test", demo_shop.admin_password)
        wait_for_popup(admin, "Welcome again!")
        admin.goto("/admin")
        admin.get_by_role("region", name="Clients / orders", exact=True).get_by_role("link", name=payment_id).click()
        expect(admin).to_have_url(re.compile(r"/orders$"))
        ship = admin.get_by_role("form", name="Ship")
        ship.get_by_label("Tracking number").fill(UPS)
        ship.get_by_role("button", name="Mark shipped").click()
        expect(fact(admin, "Status")).to_have_text("Shipped")

        # Then the shopper sees Shipped and the tracking link
        shopper.goto(f"/order/{payment_id}")
        expect(fact(shopper, "Status")).to_have_text("Shipped")
        expect(shopper.get_by_role("link", name=UPS)).to_have_attribute("href", re.compile(UPS))

        # When the shopper asks to exchange the pair for another size
        held_before = fresh_stock(admin_context, shoe.pk, other)
        asked = shopper.get_by_role("form", name="Ask for the return")
        asked.get_by_label("Exchange for size").fill(other)
        asked.get_by_role("button", name="Ask for the return").click()
        expect(shopper.get_by_role("region", name="Return or exchange")).to_contain_text("Requested")
        assert fresh_stock(admin_context, shoe.pk, other) == held_before - 1

        # And the admin marks the pair received and approves, shipping the new size
        admin.goto("/orders")
        row = admin.locator("li[data-return]", has_text=payment_id)
        row.get_by_role("button", name="Pairs received").click()
        row.get_by_label("Carrier").select_option("DHL")
        row.get_by_label("Tracking number").fill("1234567890")
        row.get_by_role("button", name="Approve").click()
        expect(row).to_have_count(0)

        # Then the exchange shows as shipped and the new size has one pair less
        shopper.goto(f"/order/{payment_id}")
        expect(shopper.get_by_role("region", name="Return or exchange")).to_contain_text("Exchange shipped")
        assert fresh_stock(admin_context, shoe.pk, other) == held_before - 1
    finally:
        shopper_context.close()
        admin_context.close()

    # And the shopper was mailed the tracking link
    mail = wait_for_mail(demo_shop, f"Your order {payment_id} shipped")
    assert mail["To"] == "shopper@sneakers.test"
    assert f"https://www.ups.com/track?tracknum={UPS}" in mail.get_body(preferencelist=("plain",)).get_content()
    assert not errors, f"JavaScript errors in the page: {errors}"
    assert not violations, f"Content-Security-Policy violations in the page: {violations}"
