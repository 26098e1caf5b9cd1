"""Favorites and verified-buyer reviews in the browser: the favorite toggle and /favorites, 8 a page; 'I already
bought them', a review written, edited and deleted by its buyer; a non-buyer and a visitor turned away."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from accounts.tests.factories import PASSWORD
from catalog.tests.factories import BrandFactory, ShoeFactory
from favorites.models import Favorite
from orders.models import Order
from orders.tests.factories import OrderFactory, OrderLineFactory
from reviews.models import Review

from .storefront import (
    card,
    card_names,
    cards,
    next_button,
    pager,
    popup,
    previous_button,
    sign_in,
    signed_in,
    wait_for_popup,
)

TOO_SHORT = "Review must contain at least 5 characters."
UPDATE_TOO_SHORT = "Review update must contain at least 5 characters."
NOT_A_BUYER = "You haven't bought these yet"


@pytest.fixture
def air_swift(db):
    return ShoeFactory(
        name="Air Swift", brand=BrandFactory(name="Nike"), price=Decimal("99.99"), sizes={"9": 5, "9.5": 3}
    )


def bought(user, shoe, status=Order.Status.RECEIVED) -> Order:
    """A paid order of the user with a pair of the shoe, in that fulfilment status."""
    order = OrderFactory(user=user, status=status)
    OrderLineFactory(order=order, shoe=shoe)
    return order


def add_to_favorites(page):
    return page.get_by_role("button", name="Add to favorites", exact=True)


def remove_from_favorites(page):
    return page.get_by_role("button", name="Remove from favorites", exact=True)


def reviews(page):
    return page.get_by_role("region", name="REVIEWS")


def review_item(page, author: str):
    """The review of that author as the list shows it: 'YOU' or 'ANONYMOUS USER'."""
    return reviews(page).get_by_role("listitem").filter(has=page.get_by_text(author, exact=True))


def i_bought_them(page):
    return reviews(page).get_by_role("button", name="I already bought them", exact=True)


def test_a_shopper_favorites_a_shoe_finds_it_on_favorites_and_removes_it(page, shopper, air_swift):
    signed_in(page, shopper)

    # Given the shoe's page: not a favorite yet, so the button offers to add it
    page.goto(f"/products/{air_swift.pk}")
    expect(add_to_favorites(page)).to_be_enabled()

    # When the shopper presses it, the spec's toast shows and the button offers to remove it
    add_to_favorites(page).click()
    wait_for_popup(page, "Shoe added to Favorites")
    expect(remove_from_favorites(page)).to_be_enabled()
    expect(add_to_favorites(page)).to_have_count(0)
    assert list(Favorite.objects.filter(user=shopper).values_list("shoe_id", flat=True)) == [air_swift.pk]

    # Then /favorites shows it as a product card, and the account page links there
    page.goto("/account")
    page.get_by_role("link", name="Favorites", exact=True).click()
    expect(page).to_have_url(re.compile(r"/favorites$"))
    expect(page.get_by_role("heading", level=1, name="MY FAVORITES!")).to_be_visible()
    expect(card_names(page.get_by_role("main"))).to_have_text(["Air Swift"])

    # When it is removed on its page (still a favorite after a reload), the toast says so
    card(page, "Air Swift").get_by_role("link").click()
    remove_from_favorites(page).click()
    wait_for_popup(page, "Shoe removed from Favorites")
    expect(add_to_favorites(page)).to_be_enabled()

    # Then /favorites is empty
    page.goto("/favorites")
    empty = "No favorites yet: press Add to favorites on a shoe you like to keep it here."
    expect(page.get_by_text(empty)).to_be_visible()
    expect(cards(page.get_by_role("main"))).to_have_count(0)
    assert not Favorite.objects.filter(user=shopper).exists()


def test_favorites_come_8_a_page_newest_first(page, shopper, client_for):
    shoes = [ShoeFactory(name=f"Loved {n}") for n in range(10)]
    shopper_api = client_for(shopper)
    for shoe in shoes:
        assert shopper_api.post(f"/api/favorites/{shopper.uid}", {"shoeId": shoe.pk}, format="json").status_code == 201
    newest_first = [shoe.name for shoe in reversed(shoes)]

    signed_in(page, shopper)
    page.goto("/favorites")
    main = page.get_by_role("main")

    expect(card_names(main)).to_have_text(newest_first[:8])
    expect(previous_button(main)).to_have_count(0)
    expect(pager(main)).to_contain_text("Page 1 of 2")
    next_button(main).click()
    expect(card_names(main)).to_have_text(newest_first[8:])
    expect(next_button(main)).to_be_disabled()
    previous_button(main).click()
    expect(card_names(main)).to_have_text(newest_first[:8])
    expect(previous_button(main)).to_have_count(0)


def test_a_visitor_is_asked_to_sign_in_for_favorites_and_comes_back_to_the_shoe(page, shopper, air_swift):
    # A visitor on /favorites goes to sign in
    page.goto("/favorites")
    expect(page).to_have_url(re.compile(r"/signin$"))

    # A visitor pressing Add to favorites is told why, and comes back to the shoe once signed in
    page.goto(f"/products/{air_swift.pk}")
    add_to_favorites(page).click()
    expect(page).to_have_url(re.compile(r"/signin$"))
    expect(page.get_by_role("status")).to_have_text("Sign in to keep your Favorites.")
    sign_in(page, shopper.email, PASSWORD)
    wait_for_popup(page, "Welcome again!")
    expect(page).to_have_url(re.compile(rf"/products/{air_swift.pk}$"))
    expect(add_to_favorites(page)).to_be_enabled()


def test_a_buyer_writes_edits_and_deletes_a_review(page, shopper, other_shopper, air_swift, client_for):
    # Given the shopper's order with the shoe was received, and another buyer reviewed it
    bought(shopper, air_swift)
    bought(other_shopper, air_swift)
    answer = client_for(other_shopper).post(
        f"/api/reviews/{air_swift.pk}", {"review": "Runs a bit small", "rating": 2}, format="json"
    )
    assert answer.status_code == 201
    signed_in(page, shopper)
    page.goto(f"/products/{air_swift.pk}")

    # The other buyer's review is anonymous
    theirs = review_item(page, "ANONYMOUS USER")
    expect(theirs).to_contain_text("Runs a bit small")
    expect(theirs.get_by_role("img", name="Rated 2 out of 5")).to_be_visible()
    expect(theirs.get_by_role("button")).to_have_count(0)

    # When the shopper says they bought them, the form opens with 1 star and no Send button
    i_bought_them(page).click()
    text = reviews(page).get_by_label("Your review")
    expect(text).to_be_visible()
    expect(reviews(page).get_by_role("button", name="1 star", exact=True)).to_have_attribute("aria-pressed", "true")
    send = reviews(page).get_by_role("button", name="Send review")
    expect(send).to_have_count(0)

    # A text under 5 characters is refused as it is typed
    text.press_sequentially("Good")
    expect(reviews(page).get_by_text(TOO_SHORT, exact=True)).to_be_visible()
    expect(send).to_have_count(0)
    text.press_sequentially(" fit for running")
    expect(reviews(page).get_by_text(TOO_SHORT, exact=True)).to_have_count(0)
    reviews(page).get_by_role("button", name="4 stars", exact=True).click()
    send.click()

    # Then the page reloads with the review marked as the shopper's, and the shoe's count follows
    mine = review_item(page, "YOU")
    expect(mine).to_contain_text("Good fit for running")
    expect(mine.get_by_role("img", name="Rated 4 out of 5")).to_be_visible()
    expect(page.get_by_role("main").get_by_text("2 reviews", exact=True)).to_be_visible()
    expect(i_bought_them(page)).to_have_count(0)
    assert Review.objects.filter(user=shopper).values_list("text", "rating").get() == ("Good fit for running", 4)

    # When the shopper edits it: the update's own message, then the new text and stars
    mine.get_by_role("button", name="Edit", exact=True).click()
    edit = mine.get_by_label("Your review")
    expect(edit).to_have_value("Good fit for running")
    edit.fill("")
    edit.press_sequentially("Meh")
    expect(mine.get_by_text(UPDATE_TOO_SHORT, exact=True)).to_be_visible()
    expect(mine.get_by_role("button", name="Save changes")).to_have_count(0)
    edit.fill("Even better after a month")
    mine.get_by_role("button", name="5 stars", exact=True).click()
    mine.get_by_role("button", name="Save changes").click()

    expect(review_item(page, "YOU")).to_contain_text("Even better after a month")
    expect(review_item(page, "YOU").get_by_role("img", name="Rated 5 out of 5")).to_be_visible()
    assert Review.objects.filter(user=shopper).values_list("text", "rating").get() == ("Even better after a month", 5)

    # When the shopper deletes it and confirms, the page reloads without it
    review_item(page, "YOU").get_by_role("button", name="Delete", exact=True).click()
    confirm = popup(page, "Are you sure?")
    expect(confirm).to_contain_text("You won't be able to revert this!")
    confirm.get_by_role("button", name="Yes, delete it").click()

    expect(review_item(page, "YOU")).to_have_count(0)
    expect(review_item(page, "ANONYMOUS USER")).to_have_count(1)
    expect(i_bought_them(page)).to_be_visible()
    expect(page.get_by_role("main").get_by_text("1 review", exact=True)).to_be_visible()
    assert not Review.objects.filter(user=shopper).exists()


@pytest.mark.parametrize("order_status", [None, Order.Status.PENDING], ids=["never bought", "order still pending"])
def test_a_shopper_without_a_received_order_has_not_bought_these_yet(page, shopper, air_swift, order_status):
    if order_status:
        bought(shopper, air_swift, status=order_status)
    signed_in(page, shopper)
    page.goto(f"/products/{air_swift.pk}")

    i_bought_them(page).click()

    expect(reviews(page).get_by_text(NOT_A_BUYER, exact=True)).to_be_visible()
    expect(reviews(page).get_by_label("Your review")).to_have_count(0)
    expect(i_bought_them(page)).to_be_visible()


def test_a_visitor_pressing_i_already_bought_them_is_asked_to_sign_in(page, air_swift):
    page.goto(f"/products/{air_swift.pk}")
    expect(reviews(page).get_by_text("No reviews yet.", exact=True)).to_be_visible()

    i_bought_them(page).click()

    expect(page).to_have_url(re.compile(r"/signin$"))
    expect(page.get_by_role("status")).to_have_text("Sign in to review the shoes you bought.")
