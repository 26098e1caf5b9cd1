"""After the sale, on the shop as `make run` serves it (gunicorn, a Celery worker and beat): a shopper pays with an
address and finds it on the order's page; an admin refunds one pair of that order from /orders after 'Are you sure?';
the pair is back in stock, the shopper's order shows Partly refunded, and the worker has put the refund mail in the
demo's mail folder."""

import json
import re
import time
import urllib.request
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP, csp_watched
from .storefront import POPUP_GONE_MS, popup, sign_in, wait_for_popup
from .test_checkout import PAID, buy, fill_payment_form, pay_button
from .test_make_run import MAIL_SECONDS, mails_in
from .test_make_run import demo_shop as demo_shop_started

# make run's shop, started for this module's test as for test_make_run's.
demo_shop = demo_shop_started

SHIP_TO = "Ana RunnerCalle 5-BGuadalajara, Jalisco 44100"


def stock_of(base: str, shoe_id: int, size: str) -> int:
    with urllib.request.urlopen(f"{base}/api/shoes/{shoe_id}", timeout=10) as answer:
        return next(entry["quantity"] for entry in json.load(answer)["stock"] if entry["size"] == size)


def shoe_with_two_pairs(base: str) -> tuple[SimpleNamespace, str]:
    with urllib.request.urlopen(f"{base}/api/shoes?limit=28", timeout=10) as answer:
        shoes = json.load(answer)["results"]
    for shoe in shoes:
        for entry in shoe["stock"]:
            if entry["quantity"] >= 2:
                return SimpleNamespace(pk=shoe["_id"], name=shoe["name"]), entry["size"]
    pytest.fail("the demo has no shoe with two pairs of a size")


def fact(page, term: str):
    """The value of a fact of an order's page (a <dt> and its <dd>)."""
    return page.locator("dl.order-facts dt", has_text=re.compile(rf"^{term}$")).locator("xpath=following-sibling::dd")


def watched_page(browser, base: str, violations: list, errors: list):
    context = browser.new_context(base_url=base, viewport=DESKTOP)
    page = csp_watched(context, violations)
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page


def test_an_admin_refunds_one_pair_and_the_shopper_sees_it_with_the_mail(browser, demo_shop):
    violations, errors = [], []
    base = demo_shop.url
    shoe, size = shoe_with_two_pairs(base)
    before = stock_of(base, shoe.pk, size)
    shopper_context, shopper = watched_page(browser, base, violations, errors)
    admin_context, admin = watched_page(browser, base, violations, errors)
    try:
        # Given the demo's shopper, who pays for two pairs of one size with an address
        shopper.goto("/signin")
        sign_in(shopper, "shopper@sneakers.test", demo_shop.password)
        wait_for_popup(shopper, "Welcome again!")
        buy(shopper, shoe, size)
        shopper.get_by_role("button", name=f"One pair more of {shoe.name}, size {size}", exact=True).click()
        fill_payment_form(shopper)
        pay_button(shopper).click()
        thanks = shopper.get_by_role("dialog", name=PAID)
        expect(thanks).to_be_visible()
        expect(shopper).to_have_url(re.compile(r"/order/pi_\w+$"))
        payment_id = re.search(r"/order/(pi_\w+)$", shopper.url)[1]
        expect(thanks).to_be_hidden(timeout=POPUP_GONE_MS)

        # Then the order's page says where it ships, and that it is paid
        expect(fact(shopper, "Ship to")).to_have_text(SHIP_TO)
        expect(fact(shopper, "Payment")).to_have_text("Paid")
        assert stock_of(base, shoe.pk, size) == before - 2

        # When an admin opens the order on /orders from the dashboard and refunds one pair, sure of it
        admin.goto("/signin")
        sign_in(admin, "admin@sneakers.test", demo_shop.admin_password)
        wait_for_popup(admin, "Welcome again!")
        admin.goto("/admin")
        clients = admin.get_by_role("region", name="Clients / orders", exact=True)
        clients.get_by_role("link", name=payment_id).click()
        expect(admin).to_have_url(re.compile(r"/orders$"))
        expect(fact(admin, "Ship to")).to_have_text(SHIP_TO)
        admin.get_by_role("button", name="Refund 1 pair").click()
        question = popup(admin, "Are you sure?")
        expect(question).to_contain_text(f"One pair of {shoe.name} size {size}")
        question.get_by_role("button", name="Yes, refund it!").click()
        wait_for_popup(admin, "Refunded!")
        expect(fact(admin, "Payment")).to_have_text("Partly refunded")

        # Then that size has one pair more in stock
        assert stock_of(base, shoe.pk, size) == before - 1

        # And the shopper's order shows Partly refunded
        shopper.goto(f"/order/{payment_id}")
        expect(fact(shopper, "Payment")).to_have_text("Partly refunded")
        expect(shopper.get_by_role("table").get_by_role("row").nth(1)).to_contain_text("2 (1 refunded)")
    finally:
        shopper_context.close()
        admin_context.close()

    # And the worker has put the refund mail in the demo's mail folder
    deadline = time.monotonic() + MAIL_SECONDS
    subject = f"A refund on your order {payment_id}"
    while not (refunds := [mail for mail in mails_in(demo_shop.mail_dir) if mail["Subject"] == subject]):
        if time.monotonic() > deadline:
            pytest.fail(
                f"no refund mail in {demo_shop.mail_dir} after {MAIL_SECONDS} s:\n{demo_shop.log.read_text()[-3000:]}"
            )
        time.sleep(0.2)
    [mail] = refunds
    assert mail["To"] == "shopper@sneakers.test"
    assert "We refunded $" in mail.get_body(preferencelist=("plain",)).get_content()
    assert not errors, f"JavaScript errors in the page: {errors}"
    assert not violations, f"Content-Security-Policy violations in the page: {violations}"
