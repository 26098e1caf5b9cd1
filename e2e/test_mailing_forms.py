"""The footer's newsletter form and the contact form: the spec's messages, the server's answers, one row each."""

import re

import pytest
from playwright.sync_api import expect

from mailing.models import ContactMessage, NewsletterSignup

from .storefront import popup

NEWSLETTER_CALL = "**/api/mail/newsletter"
CONTACT_CALL = "**/api/mail/contactUs"
POPUP_GONE_MS = 15_000
NAME_REFUSED = "Enter your name"
EMAIL_REFUSED = "Enter a valid email"
MESSAGE_REFUSED = "The message must be 20 to 500 characters"


def calls_to(page, path: str) -> list:
    """The requests the page sends to an API path from now on."""
    sent = []
    page.on("request", lambda request: sent.append(request) if request.url.endswith(path) else None)
    return sent


@pytest.fixture
def newsletter(page):
    page.goto("/")
    footer = page.get_by_role("contentinfo")
    expect(footer.get_by_label("Get the newsletter")).to_be_visible()
    return footer


def subscribe(page, footer, email: str):
    footer.get_by_label("Get the newsletter").fill(email)
    with page.expect_response(NEWSLETTER_CALL) as answer:
        footer.get_by_role("button", name="Subscribe").click()
    return answer.value


def test_subscribing_thanks_the_shopper_and_counts_once_they_confirm_the_mailed_link(page, newsletter, mailoutbox):
    # When the shopper subscribes
    answer = subscribe(page, newsletter, "Shopper@Example.com")

    # Then the shop stores the address, pending, thanks them and mails them a link to confirm
    assert answer.status == 200
    thanks = popup(page, "Thanks for subscribing!")
    expect(thanks).to_be_visible()
    expect(thanks).to_contain_text("Check your inbox: follow the link we sent to confirm.")
    expect(newsletter.get_by_label("Get the newsletter")).to_have_value("")
    assert list(NewsletterSignup.objects.values_list("email", "confirmed_at")) == [("shopper@example.com", None)]
    [mail] = mailoutbox
    link = re.search(r"http://\S+/newsletter/confirm/\S+", mail.body).group(0)

    # When they subscribe again, in another case
    expect(thanks).to_be_hidden(timeout=POPUP_GONE_MS)
    answer = subscribe(page, newsletter, "shopper@example.com")

    # Then they are thanked alike, the address is still stored once, and no second mail floods their inbox
    assert answer.status == 200
    expect(popup(page, "Thanks for subscribing!")).to_be_visible()
    assert NewsletterSignup.objects.count() == 1
    assert len(mailoutbox) == 1

    # When they follow the mailed link and confirm
    page.goto(link)
    page.get_by_role("button", name="Confirm my subscription").click()

    # Then they are subscribed, told so, and welcomed
    expect(page.get_by_role("status")).to_have_text("Your subscription is confirmed: welcome to the newsletter!")
    assert NewsletterSignup.objects.get().subscribed
    assert mailoutbox[1].subject.startswith("Welcome to the")


def test_an_address_without_an_at_is_refused_in_the_browser(page, newsletter):
    sent = calls_to(page, "/api/mail/newsletter")
    box = newsletter.get_by_label("Get the newsletter")

    box.fill("shopper.example.com")
    newsletter.get_by_role("button", name="Subscribe").click()

    expect(newsletter.get_by_role("alert")).to_have_text("Use a valid email")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert sent == []
    assert NewsletterSignup.objects.count() == 0
    # Typing again clears the message.
    box.type("@")
    expect(newsletter.get_by_role("alert")).to_have_count(0)


def test_an_address_the_server_refuses_gets_the_same_message_and_a_400(page, newsletter):
    answer = subscribe(page, newsletter, "shopper@example")

    assert answer.status == 400
    expect(newsletter.get_by_role("alert")).to_have_text("Use a valid email")
    expect(popup(page, "Thanks for subscribing!")).to_have_count(0)
    assert NewsletterSignup.objects.count() == 0


@pytest.fixture
def contact_form(page):
    page.goto("/contactUs")
    form = page.get_by_role("main")
    expect(form.get_by_role("heading", level=1, name="CONTACT US")).to_be_visible()
    return form


def fill_contact(form, *, name: str, email: str, message: str) -> None:
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Email", exact=True).fill(email)
    form.get_by_label("Message", exact=True).fill(message)


def test_a_message_is_stored_once_and_the_form_empties_and_thanks(page, contact_form):
    message = "Do Cortez shoes run?"
    assert len(message) == 20  # the shortest message the shop takes
    fill_contact(contact_form, name="Ada", email="ada@example.com", message=message)

    # When the shopper sends the message
    with page.expect_response(CONTACT_CALL) as answer:
        contact_form.get_by_role("button", name="Send").click()

    # Then the shop keeps it, and the form empties and says so
    assert answer.value.status == 201
    expect(contact_form.get_by_role("status")).to_have_text("Thanks, we got your message")
    for field in ("Name", "Email", "Message"):
        expect(contact_form.get_by_label(field, exact=True)).to_have_value("")
    assert list(ContactMessage.objects.values_list("name", "email", "message")) == [("Ada", "ada@example.com", message)]

    # And sending the emptied form again stores nothing more
    sent = calls_to(page, "/api/mail/contactUs")
    contact_form.get_by_role("button", name="Send").click()
    expect(contact_form.get_by_text(NAME_REFUSED)).to_be_visible()
    assert sent == []
    assert ContactMessage.objects.count() == 1


def test_an_empty_form_gets_the_three_messages_and_is_not_sent(page, contact_form):
    sent = calls_to(page, "/api/mail/contactUs")

    contact_form.get_by_role("button", name="Send").click()

    expect(contact_form.get_by_role("alert")).to_have_text([NAME_REFUSED, EMAIL_REFUSED, MESSAGE_REFUSED])
    expect(contact_form.get_by_label("Name", exact=True)).to_have_attribute("aria-invalid", "true")
    # A field put right loses its message at once.
    contact_form.get_by_label("Name", exact=True).fill("Ada")
    expect(contact_form.get_by_role("alert")).to_have_text([EMAIL_REFUSED, MESSAGE_REFUSED])
    assert sent == []
    assert ContactMessage.objects.count() == 0


def test_a_message_shorter_than_20_or_longer_than_500_characters_is_refused(page, contact_form):
    sent = calls_to(page, "/api/mail/contactUs")
    for message in ("x" * 19, "x" * 501):
        fill_contact(contact_form, name="Ada", email="ada@example.com", message=message)

        contact_form.get_by_role("button", name="Send").click()

        expect(contact_form.get_by_role("alert")).to_have_text([MESSAGE_REFUSED])
    assert sent == []
    assert ContactMessage.objects.count() == 0


def test_a_500_character_message_is_accepted(page, contact_form):
    fill_contact(contact_form, name="Ada", email="ada@example.com", message="x" * 500)

    with page.expect_response(CONTACT_CALL) as answer:
        contact_form.get_by_role("button", name="Send").click()

    assert answer.value.status == 201
    expect(contact_form.get_by_role("status")).to_have_text("Thanks, we got your message")
    assert ContactMessage.objects.count() == 1


def test_an_email_the_server_refuses_gets_its_message_and_a_400(page, contact_form):
    fill_contact(contact_form, name="Ada", email="ada@example", message="Do the Cortez run big?")

    with page.expect_response(CONTACT_CALL) as answer:
        contact_form.get_by_role("button", name="Send").click()

    assert answer.value.status == 400
    expect(contact_form.get_by_role("alert")).to_have_text([EMAIL_REFUSED])
    expect(contact_form.get_by_label("Name", exact=True)).to_have_value("Ada")
    expect(contact_form.get_by_role("status")).to_have_count(0)
    assert ContactMessage.objects.count() == 0
