"""Release days in the browser (docs/PRODUCT.md §10): a release's countdown and its reminder mailed at the minute,
one pair per person at a first-come opening, and a draw entered in the browser, run, and won."""

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.services import catalog_version_bump
from catalog.tests.factories import BrandFactory, ShoeFactory
from orders.models import Order, ShippingAddress
from releases import services, tasks
from releases.models import DrawEntry, Release, ReleaseReminder
from releases.tests.factories import release_of

from .storefront import POPUP_GONE_MS, money, popup, signed_in
from .test_checkout import PAID, THREE_D_SECURE, buy, fill_payment_form, pay_button

LIMIT_TAKEN = "Lost and Found sells at most 1 pair per person, card and address; you have taken yours."


@pytest.fixture
def shopper(db):
    return UserFactory(email="runner@sneakers.test")


@pytest.fixture
def jordan(db):
    return ShoeFactory(
        name="Air Jordan 1", brand=BrandFactory(name="Jordan"), price=Decimal("180.00"), sizes={"9": 5, "10": 5}
    )


def test_a_visitor_sees_the_countdown_and_is_mailed_once_at_the_minute_it_opens(page, jordan, mailoutbox):
    # Given a release opening in two days and a bit
    opens = timezone.now().replace(microsecond=0) + timedelta(days=2, hours=4, minutes=5)
    release = release_of(jordan, sizes={"9": 3}, name="Lost and Found", opens_at=opens)
    Release.objects.filter(pk=release.pk).update(announce_at=timezone.now())

    page.goto(f"/products/{jordan.pk}")

    # Then its page counts down on the server's clock
    section = page.get_by_role("region", name="Release")
    expect(section.get_by_role("heading", name="Lost and Found")).to_be_visible()
    expect(section.get_by_role("timer")).to_have_text(re.compile(r"^Opens in 2d 0[34]:\d\d:\d\d$"))

    # When a visitor asks for a reminder, a wrong address first
    section.get_by_label("Mail me when it opens").fill("ana@")
    section.get_by_role("button", name="Remind me").click()
    expect(section.get_by_text("Use a valid email", exact=True)).to_be_visible()
    section.get_by_label("Mail me when it opens").fill("ana@sneakers.test")
    section.get_by_role("button", name="Remind me").click()
    expect(section.get_by_role("status")).to_have_text("We will mail you when it opens.")
    [reminder] = ReleaseReminder.objects.filter(release=release)
    assert (reminder.email, reminder.sent_at) == ("ana@sneakers.test", None)

    # Then beat's minute before the opening sends nothing
    assert tasks.release_minute() == {"reminders": 0, "draws": [], "cancels_owed": 0}
    assert mailoutbox == []

    # And at the minute it opens, one mail, linking to the shoe's page; the next minutes send it no more
    Release.objects.filter(pk=release.pk).update(opens_at=timezone.now())
    assert tasks.release_minute() == {"reminders": 1, "draws": [], "cancels_owed": 0}
    tasks.release_minute()
    [mail] = mailoutbox
    assert mail.to == ["ana@sneakers.test"]
    assert mail.subject == "Lost and Found is out now"
    assert f"/products/{jordan.pk}" in mail.body

    # And the shoe's page tells the release's rule once it is open (the opening moved by hand, so the version too).
    # The browser may keep its copy of the public list for a second (max-age=1), and this journey can get here within
    # that second of the page's first load: the visitor after the opening is one without that copy.
    catalog_version_bump()
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")
    page.reload()
    expect(section).to_contain_text("On sale now: 1 pair per person, card and address.")
    expect(section.get_by_role("timer")).to_have_count(0)


def test_at_opening_a_shopper_buys_one_pair_and_is_refused_a_second(page, shopper, jordan):
    # Given a first-come release that opened this minute
    release_of(jordan, sizes={"9": 3, "10": 3}, name="Lost and Found", opens_at=timezone.now())
    signed_in(page, shopper)

    # When the shopper buys one pair
    buy(page, jordan, "9")
    fill_payment_form(page)
    pay_button(page).click()
    expect(page.get_by_role("dialog", name=PAID)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))
    assert Order.objects.filter(user=shopper, payment=Order.Payment.PAID).count() == 1

    # Then a second pair, of another size, is refused with the release's rule, and the cart kept
    buy(page, jordan, "10")
    fill_payment_form(page)
    pay_button(page).click()
    refused = popup(page, "error in your payment")
    expect(refused).to_contain_text(LIMIT_TAKEN)
    expect(refused).to_be_hidden(timeout=POPUP_GONE_MS)
    expect(page).to_have_url(re.compile(r"/cart$"))
    assert Order.objects.filter(user=shopper, payment=Order.Payment.PAID).count() == 1


def test_a_shopper_enters_a_draw_in_the_browser_wins_it_and_finds_the_order_and_the_mails(
    page, shopper, jordan, mailoutbox
):
    # Given a draw whose entries are open, one pair of size 9
    release = release_of(jordan, sizes={"9": 1}, name="Lost and Found", kind=Release.Kind.DRAW, opens_at=timezone.now())
    signed_in(page, shopper)
    page.goto(f"/products/{jordan.pk}")
    section = page.get_by_role("region", name="Release")
    expect(section).to_contain_text("The draw is open until")

    # When the shopper enters for size 9 with a card whose bank asks for 3-D Secure
    entry_form = section.get_by_role("form", name="ENTER THE DRAW")
    fill_payment_form(page, card=THREE_D_SECURE)
    entry_form.get_by_role("button", name="Enter the draw").click()
    expect(entry_form.get_by_text("Choose a size.", exact=True)).to_be_visible()
    entry_form.get_by_label("Size to enter for").select_option("9")
    entry_form.get_by_role("button", name="Enter the draw").click()
    confirm = page.get_by_role("dialog", name="Confirm this payment")
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Confirm").click()

    # Then the entry is taken, authorised and not charged, and the page says so
    expect(section.get_by_role("status")).to_contain_text("You are in the draw, size 9.")
    [entry] = DrawEntry.objects.filter(release=release)
    assert (entry.user, entry.status, entry.ship_city) == (shopper, DrawEntry.Status.ENTERED, "Guadalajara")
    assert not Order.objects.exists()

    # And a second account entering later with the same address (another card) is void at the draw
    other = UserFactory(email="reseller@sneakers.test")
    address = ShippingAddress(
        name="Bo Reseller", state="Jalisco", city="Guadalajara", line1="Calle 5 B", postal_code="44100"
    )
    services.draw_enter(
        release=release,
        user=other,
        size_id=entry.release_size_id,
        payment_method_id="pm_card_mastercard",
        address=address,
    )

    # When the entries close and the draw runs
    Release.objects.filter(pk=release.pk).update(closes_at=timezone.now())
    report = services.draw_run(release_id=release.pk)
    assert (report.state, report.won, report.void) == ("ran", 1, 1)

    # Then the winner was charged and has an order, and each entrant got one mail
    entry.refresh_from_db()
    order = entry.order
    assert (entry.status, order.user, order.payment) == (DrawEntry.Status.WON, shopper, Order.Payment.PAID)
    mails = {mail.to[0]: mail for mail in mailoutbox}
    assert sorted(mails) == ["reseller@sneakers.test", "runner@sneakers.test"]
    assert mails["runner@sneakers.test"].subject == "You won the draw for Lost and Found"
    assert f"/order/{order.payment_intent_id}" in mails["runner@sneakers.test"].body
    assert mails["reseller@sneakers.test"].subject == "The draw for Lost and Found: not this time"

    # And the winner's order page shows the pair
    page.goto(f"/order/{order.payment_intent_id}")
    expect(page.get_by_text(order.payment_intent_id, exact=True)).to_be_visible()
    rows = page.get_by_role("table").get_by_role("row")
    expect(rows.nth(1).get_by_role("cell")).to_have_text(["Air Jordan 1", "1", "9", money("180.00")])
