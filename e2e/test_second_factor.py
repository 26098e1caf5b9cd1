"""An admin's second factor in the browser: enrolled from /account (the code computed from the key the page shows, as
an authenticator app computes it), signing in again with a code, and a refund from /orders that asks for a fresh code
once the last one is older than 15 minutes (the step-up), then found in the activity log under their name."""

import re
import time
from base64 import b32decode
from datetime import timedelta

from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from accounts import second_factor
from accounts.models import User
from accounts.tests.factories import PASSWORD, UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Refund
from orders.tests.factories import OrderFactory, OrderLineFactory

from .storefront import popup, sign_in, signed_in, wait_for_popup

STEP = 30


def app_code(secret: str, user) -> str:
    """What the authenticator app shows for this key: the current 30-second step's code, or the next one's when the
    current one was used already (the app shows a new code every 30 seconds; the shop takes each once)."""
    device = TOTPDevice.objects.get(user=user)
    now = int(time.time()) // STEP
    step = max(now, device.last_t + 1)
    return f"{TOTP(b32decode(secret), step=STEP, drift=step - now).token():06d}"


def verification_aged(page, minutes: int) -> None:
    """The browser's session as if its last code were entered `minutes` ago."""
    [cookie] = [cookie for cookie in page.context.cookies() if cookie["name"] == "sessionid"]
    session = SessionStore(session_key=cookie["value"])
    session[second_factor.SESSION_VERIFIED_AT] = (timezone.now() - timedelta(minutes=minutes)).timestamp()
    session.save()


def test_an_admin_enrols_signs_in_with_a_code_and_refunds_past_the_step_up(new_page, shop_admin):
    User.objects.filter(pk=shop_admin.pk).update(display_name="Ada Admin")
    page = new_page()
    signed_in(page, shop_admin)

    # When the admin sets up two-factor authentication from /account
    section = page.get_by_role("region", name="TWO-FACTOR AUTHENTICATION")
    section.get_by_role("button", name="Set up two-factor authentication").click()
    expect(section.get_by_role("img", name="QR code of your two-factor key")).to_be_visible()
    secret = section.locator(".two-factor-secret").inner_text()
    section.get_by_label("Code").fill(app_code(secret, shop_admin))
    section.get_by_role("button", name="Confirm").click()

    # Then it is on, with ten recovery codes shown once
    wait_for_popup(page, "Two-factor authentication is on")
    expect(section.get_by_role("list", name="Recovery codes").get_by_role("listitem")).to_have_count(10)
    section.get_by_role("button", name="I saved them").click()
    expect(section.get_by_role("list", name="Recovery codes")).to_have_count(0)
    expect(section).to_contain_text("10 recovery codes left")

    # When they sign out and in again, the sign-in asks for a code
    page.get_by_role("button", name="Logout").click()
    wait_for_popup(page, "See you later!")
    page.goto("/signin")
    sign_in(page, shop_admin.email, PASSWORD)
    expect(page.get_by_role("status")).to_contain_text("Enter the 6-digit code from your authenticator app")
    page.get_by_label("Code").fill(app_code(secret, shop_admin))
    page.get_by_role("button", name="Verify").click()
    wait_for_popup(page, "Welcome again!")
    expect(page.get_by_role("heading", name="MY ACCOUNT")).to_be_visible()

    # When, 16 minutes after that code, they refund a pair from /orders
    buyer = UserFactory(email="buyer@sneakers.test")
    order = OrderFactory(user=buyer, amount=12999, payment_intent_id="pi_e2e_step_up")
    OrderLineFactory(order=order, shoe=ShoeFactory(name="Air Swift", sizes={"9": 2}), quantity=1, unit_price=12999)
    verification_aged(page, minutes=16)
    page.goto("/admin")
    page.get_by_role("region", name="Clients / orders").get_by_role("link", name="pi_e2e_step_up").click()
    expect(page).to_have_url(re.compile(r"/orders$"))
    page.get_by_role("button", name="Refund 1 pair").click()
    popup(page, "Are you sure?").get_by_role("button", name="Yes, refund it!").click()

    # Then the dashboard asks for a fresh code, and the refund goes through with it
    step_up = popup(page, "Confirm it is you")
    expect(step_up).to_contain_text("enter a code from your authenticator app")
    step_up.get_by_label("Code").fill(app_code(secret, shop_admin))
    step_up.get_by_role("button", name="Confirm").click()
    wait_for_popup(page, "Refunded!")
    assert [refund.amount for refund in Refund.objects.filter(order=order)] == [12999]

    # And the refund is the activity log's newest line, under their name
    page.goto("/admin")
    page.get_by_role("navigation", name="Admin").get_by_role("link", name="Activity").click()
    newest = page.get_by_role("region", name="Activity", exact=True).get_by_role("row").nth(1)
    expect(newest).to_contain_text("Ada Admin")
    expect(newest).to_contain_text("order.refund")
    expect(newest).to_contain_text(f"order #{order.pk}")
