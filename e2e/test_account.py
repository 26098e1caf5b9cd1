"""Accounts in the browser: sign up, out and in, the account page's forms, the reset mail, the guards."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from accounts.tests.factories import PASSWORD, UserFactory
from catalog.tests.images import image_bytes

from .storefront import popup, sign_in, signed_in, wait_for_popup


@pytest.fixture
def shopper(db):
    return UserFactory(email="runner@sneakers.test", display_name="")


def test_a_new_shopper_signs_up_lands_on_the_account_page_and_signs_out(page, db):
    page.goto("/createaccount")
    page.get_by_label("Email").fill("New.Runner@Sneakers.test")
    page.get_by_label("Password").fill("secret1")

    # When the shopper creates the account, they are welcomed and /account loads afresh
    with page.expect_navigation(url=re.compile(r"/account$")):
        page.get_by_role("button", name="Create account").click()
        expect(popup(page, "Welcome to Sneaker Shop")).to_be_visible()

    expect(page.get_by_role("heading", name="MY ACCOUNT")).to_be_visible()
    expect(page.get_by_label("Email")).to_have_value("new.runner@sneakers.test")
    expect(page.get_by_role("img", name="No profile image yet")).to_be_visible()
    assert User.objects.get().email == "new.runner@sneakers.test"

    # When they log out, they are seen off and go home; the account is closed to them again
    page.get_by_role("button", name="Logout").click()
    expect(popup(page, "See you later!")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))
    page.goto("/account")
    expect(page).to_have_url(re.compile(r"/signin$"))


def test_signing_up_with_an_address_in_use_or_a_short_password_says_why(page, shopper):
    page.goto("/createaccount")
    page.get_by_label("Email").fill(shopper.email)
    page.get_by_label("Password").fill("secret1")
    page.get_by_role("button", name="Create account").click()
    wait_for_popup(page, "Email already in use")

    page.get_by_label("Email").fill("fresh@sneakers.test")
    page.get_by_label("Password").fill("12345")
    page.get_by_role("button", name="Create account").click()
    wait_for_popup(page, "The Password should be at least 6 characters")
    assert User.objects.count() == 1


def test_a_wrong_password_is_named_and_the_right_one_signs_in(page, shopper):
    page.goto("/signin")
    sign_in(page, shopper.email, "not my password")
    wait_for_popup(page, "Wrong Password")
    expect(page).to_have_url(re.compile(r"/signin$"))

    sign_in(page, shopper.email, PASSWORD)

    expect(popup(page, "Welcome again!")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/account$"))


def test_an_unknown_address_is_user_not_found(page, db):
    page.goto("/signin")
    sign_in(page, "nobody@sneakers.test", PASSWORD)
    wait_for_popup(page, "User not found")


def test_the_account_page_changes_the_name_the_image_and_the_password(page, shopper):
    signed_in(page, shopper)

    page.get_by_label("Display name").fill("Road Runner")
    page.get_by_role("button", name="Change name").click()
    wait_for_popup(page, "Name Updated")
    expect(page.locator(".account-name")).to_have_text("Road Runner")

    page.get_by_label("Profile image").set_input_files(
        {"name": "me.png", "mimeType": "image/png", "buffer": image_bytes(size=(600, 400))}
    )
    page.get_by_role("button", name="Upload image").click()
    wait_for_popup(page, "Image Upload")
    avatar = page.get_by_role("img", name="Your profile image")
    expect(avatar).to_have_attribute("src", re.compile(rf"^/media/avatars/{shopper.uid}/\w+\.webp$"))
    assert page.evaluate("() => document.querySelector('img.avatar').naturalWidth") == 256

    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password").fill("brand new secret")
    page.get_by_role("button", name="Change password").click()
    wait_for_popup(page, "Password Updated")

    # All of it is kept: a new visit shows it, and the new password opens the account
    page.reload()
    expect(page.locator(".account-name")).to_have_text("Road Runner")
    shopper.refresh_from_db()
    assert shopper.check_password("brand new secret")


def test_a_forgotten_password_is_set_anew_through_the_mailed_link(page, shopper, mailoutbox):
    page.goto("/forget")
    expect(page.get_by_label("Email")).to_have_attribute("type", "email")
    page.get_by_label("Email").fill(shopper.email)
    page.get_by_role("button", name="Send Email").click()

    # 'Email send', then /account, which a visitor is sent on from, to /signin
    wait_for_popup(page, "Email send")
    expect(page).to_have_url(re.compile(r"/signin$"))
    [mail] = mailoutbox
    assert mail.to == [shopper.email]
    link = re.search(r"http://\S+/reset-password\?\S+", mail.body).group(0)

    page.goto(link)
    page.get_by_label("New password").fill("fresh secret")
    page.get_by_role("button", name="Set password").click()
    wait_for_popup(page, "Password Updated")
    expect(page).to_have_url(re.compile(r"/signin$"))

    sign_in(page, shopper.email, "fresh secret")
    expect(popup(page, "Welcome again!")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/account$"))


def test_an_unknown_address_gets_no_reset_mail(page, db, mailoutbox):
    page.goto("/forget")
    page.get_by_label("Email").fill("nobody@sneakers.test")
    page.get_by_role("button", name="Send Email").click()
    wait_for_popup(page, "User not found")
    assert mailoutbox == []


def test_a_visitor_sent_to_sign_in_comes_back_to_the_account(page, shopper):
    page.goto("/account")
    expect(page).to_have_url(re.compile(r"/signin$"))
    sign_in(page, shopper.email, PASSWORD)
    expect(page).to_have_url(re.compile(r"/account$"))


@pytest.mark.parametrize("path", ["/admin", "/orders", "/createshoes", "/modifshoe"])
def test_a_shopper_who_types_an_admin_address_lands_home(page, shopper, path):
    signed_in(page, shopper)
    page.goto(path)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("region", name="CATALOGUE")).to_be_visible()


def test_an_admin_gets_the_admin_button_and_the_dashboard(page, db):
    admin = UserFactory(email="admin@sneakers.test")
    signed_in(page, admin)
    page.get_by_role("link", name="Admin").click()
    expect(page).to_have_url(re.compile(r"/admin$"))


def test_a_disabled_account_cannot_sign_in(page, shopper):
    User.objects.filter(pk=shopper.pk).update(status=User.Status.DISABLED)
    page.goto("/signin")
    sign_in(page, shopper.email, PASSWORD)
    wait_for_popup(page, "Your account is Disabled or Eliminated")
    expect(page).to_have_url(re.compile(r"/signin$"))


def test_an_account_disabled_while_signed_in_is_warned_sent_home_and_signed_out(page, shopper):
    signed_in(page, shopper)
    User.objects.filter(pk=shopper.pk).update(status=User.Status.DISABLED)

    page.reload()

    expect(popup(page, "Your account is Disabled or Eliminated")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))
    page.goto("/account")
    expect(page).to_have_url(re.compile(r"/signin$"))
