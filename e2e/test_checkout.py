"""The cart and the card payment in the browser: quantities, the payment form's rules, paying with the test
gateway's cards, the order on /account and /order/{idPayment}, and a cart line the shop changed since."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.images import shoe_image_url
from catalog.models import Shoe, StockEntry
from catalog.tests.factories import BrandFactory, ShoeFactory
from orders.models import Order

from .storefront import POPUP_GONE_MS, money, popup, signed_in, store_cart, stored_cart, wait_for_popup

PAID = re.compile(r"^Thank you for your purchase!")
VISA = "4242 4242 4242 4242"
DECLINED = "4000 0000 0000 0002"
THREE_D_SECURE = "4000 0027 6000 3184"


@pytest.fixture
def shopper(db):
    return UserFactory(email="runner@sneakers.test")


@pytest.fixture
def air_swift(db):
    return ShoeFactory(
        name="Air Swift", brand=BrandFactory(name="Nike"), price=Decimal("99.99"), sizes={"9": 5, "9.5": 3}
    )


def cart_line(shoe: Shoe, size: str, quantity: int = 1) -> dict:
    """A line as BUY ME! stores it."""
    return {
        "_id": shoe.pk,
        "name": shoe.name,
        "image": shoe_image_url(shoe),
        "price": float(shoe.price),
        "size": size,
        "quantity": quantity,
    }


def cart_line_item(page, name: str, size: str):
    return page.get_by_role("listitem", name=f"{name}, size {size}", exact=True)


def pay_button(page):
    return page.locator("form.payment-form button[type=submit]")


def fill_payment_form(page, card: str = VISA) -> None:
    page.get_by_label("Cardholder name").fill("Ana Runner")
    page.get_by_label("State").fill("Jalisco")
    page.get_by_label("City").fill("Guadalajara")
    page.get_by_label("Line 1").fill("Calle 5-B")
    page.get_by_label("Card number").fill(card)
    page.get_by_label("MM/YY").fill("12/40")
    page.get_by_label("CVC").fill("123")
    page.get_by_label("Postal code").fill("44100")


def stock(shoe: Shoe, size: str) -> int:
    return StockEntry.objects.get(shoe=shoe, size=Decimal(size)).quantity


def buy(page, shoe: Shoe, size: str) -> None:
    """BUY ME! on the shoe's page with that size: the pair goes in, and the shopper lands on /cart."""
    page.goto(f"/products/{shoe.pk}")
    page.get_by_label(f"Size of {shoe.name}").select_option(size)
    page.get_by_role("button", name="BUY ME!").click()
    expect(page).to_have_url(re.compile(r"/cart$"))
    wait_for_popup(page, "Your shoe add to cart")


def test_a_shopper_pays_for_two_sizes_and_finds_the_order_on_the_account_and_its_page(page, shopper, air_swift):
    # Given a signed-in shopper with two sizes of one shoe in the cart
    signed_in(page, shopper)
    buy(page, air_swift, "9")
    buy(page, air_swift, "9.5")
    size_9 = cart_line_item(page, "Air Swift", "9")
    size_9_5 = cart_line_item(page, "Air Swift", "9.5")
    expect(size_9.get_by_role("link", name="Air Swift")).to_have_attribute("href", f"/products/{air_swift.pk}")

    # When they change the quantities with '+' and '-'
    more_9 = size_9.get_by_role("button", name="One pair more of Air Swift, size 9", exact=True)
    more_9.click()
    more_9.click()
    size_9.get_by_role("button", name="One pair less of Air Swift, size 9", exact=True).click()
    size_9_5.get_by_role("button", name="One pair more of Air Swift, size 9.5", exact=True).click()
    expect(size_9.locator("output")).to_have_text("2")
    expect(size_9_5.locator("output")).to_have_text("2")
    expect(page.get_by_text(f"Subtotal: {money('399.96')}")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 4 pairs")).to_be_visible()

    # And pay with the test gateway's Visa
    fill_payment_form(page)
    expect(page.get_by_role("list", name="Cards we take").get_by_text("Visa")).to_have_attribute("aria-current", "true")
    pay_button(page).click()

    # Then the shop's message shows, and the new order's page
    thanks = page.get_by_role("dialog", name=PAID)
    expect(thanks).to_be_visible()
    expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))
    order = Order.objects.get()
    assert page.url.endswith(f"/order/{order.payment_intent_id}")
    assert order.amount == 39996
    expect(thanks).to_contain_text(order.payment_intent_id)
    # The popup hides the page from assistive technology (and so from roles) while it shows: 5 s
    expect(thanks).to_be_hidden(timeout=POPUP_GONE_MS)
    expect(page.get_by_text(order.payment_intent_id, exact=True)).to_be_visible()
    rows = page.get_by_role("table").get_by_role("row")
    expect(rows).to_have_count(3)
    expect(rows.nth(1).get_by_role("cell")).to_have_text(["Air Swift", "2", "9", money("99.99")])
    expect(rows.nth(2).get_by_role("cell")).to_have_text(["Air Swift", "2", "9.5", money("99.99")])
    expect(rows.nth(1).get_by_role("link", name="Air Swift")).to_have_attribute("href", f"/products/{air_swift.pk}")
    expect(page.get_by_text("Pending", exact=True)).to_be_visible()
    expect(page.get_by_text(order.paid_at.date().isoformat(), exact=True)).to_be_visible()
    expect(page.get_by_text(money("399.96"), exact=True)).to_be_visible()
    # And the cart is empty, the stock taken
    assert stored_cart(page) == []
    expect(page.get_by_role("link", name="Cart", exact=True)).to_be_visible()
    assert (stock(air_swift, "9"), stock(air_swift, "9.5")) == (3, 1)

    # And My Orders on /account lists it, linking to its page
    page.goto("/account")
    my_orders = page.get_by_role("region", name="MY ORDERS")
    expect(my_orders.get_by_role("row").nth(1).get_by_role("cell")).to_have_text(
        [order.paid_at.date().isoformat(), money("399.96"), "Pending", order.payment_intent_id]
    )
    my_orders.get_by_role("link", name=order.payment_intent_id).click()
    expect(page).to_have_url(re.compile(rf"/order/{order.payment_intent_id}$"))
    page.get_by_role("link", name="Back Account").click()
    expect(page).to_have_url(re.compile(r"/account$"))


def test_a_declined_card_says_error_in_your_payment_and_keeps_the_cart(page, shopper, air_swift):
    signed_in(page, shopper)
    store_cart(page, [cart_line(air_swift, "9", 2)])
    page.goto("/cart")

    fill_payment_form(page, card=DECLINED)
    held = []
    page.route("**/api/cart/checkout", lambda route: held.append(route))
    pay_button(page).click()

    # While the shop answers, the button says so and cannot be pressed again
    expect(pay_button(page)).to_have_text("Proccesading...")
    expect(pay_button(page)).to_be_disabled()
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    held[0].continue_()

    expect(popup(page, "error in your payment")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/cart$"))
    assert stored_cart(page) == [cart_line(air_swift, "9", 2)]
    expect(cart_line_item(page, "Air Swift", "9")).to_be_visible()
    assert stock(air_swift, "9") == 5
    assert not Order.objects.filter(payment=Order.Payment.PAID).exists()
    expect(popup(page, "error in your payment")).to_be_hidden(timeout=POPUP_GONE_MS)
    expect(pay_button(page)).to_have_text("Pay")


def test_a_card_whose_bank_asks_is_confirmed_in_a_dialog_and_paid(page, shopper, air_swift):
    signed_in(page, shopper)
    store_cart(page, [cart_line(air_swift, "9.5")])
    page.goto("/cart")
    fill_payment_form(page, card=THREE_D_SECURE)
    pay_button(page).click()

    confirm = page.get_by_role("dialog", name="Confirm this payment")
    expect(confirm).to_contain_text("Your bank asks you to confirm this payment.")
    confirm.get_by_role("button", name="Confirm").click()

    expect(page.get_by_role("dialog", name=PAID)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))
    assert stock(air_swift, "9.5") == 2


def test_every_payment_field_names_its_mistake(page, air_swift):
    store_cart(page, [cart_line(air_swift, "9")])
    page.goto("/cart")
    mistakes = {
        "Cardholder name": ("Al", "Please enter a valid name."),
        "State": ("Jalisco 2", "The state can only contain letters and spaces"),
        "City": ("L.A.", "The city can only contain letters and spaces"),
        "Line 1": ("5th Ave. #2", "enter the line 1 correctly"),
        "Postal code": ("123", "enter the postal code correctly"),
    }
    for label, (wrong, message) in mistakes.items():
        page.get_by_label(label).press_sequentially(wrong)
        expect(page.get_by_text(message, exact=True)).to_be_visible()
        expect(page.get_by_label(label)).to_have_attribute("aria-invalid", "true")

    # Accented letters are letters; each message goes as its field is put right
    page.get_by_label("Cardholder name").fill("José Núñez")
    page.get_by_label("State").fill("Nuevo León")
    page.get_by_label("City").fill("Querétaro")
    page.get_by_label("Line 1").fill("Av 5 de Mayo")
    page.get_by_label("Postal code").fill("76000")
    for _, message in mistakes.values():
        expect(page.get_by_text(message, exact=True)).to_have_count(0)

    # A field left empty says so on blur
    page.get_by_label("City").fill("")
    page.get_by_label("City").blur()
    expect(page.get_by_text("The city can only contain letters and spaces", exact=True)).to_be_visible()

    # A card number that is not a test card is refused by the card field
    page.get_by_label("Card number").fill("4111 1111 1111 1111")
    expect(page.get_by_text("Your card number is invalid.", exact=True)).to_be_visible()


def test_the_pay_button_is_disabled_on_an_empty_cart(page, shopper):
    signed_in(page, shopper)
    page.goto("/cart")
    expect(page.get_by_text("Your cart is empty.")).to_be_visible()
    expect(pay_button(page)).to_be_disabled()
    expect(page.get_by_role("button", name="Clear Cart")).to_be_disabled()


def test_clear_cart_empties_the_stored_cart(page, air_swift):
    store_cart(page, [cart_line(air_swift, "9"), cart_line(air_swift, "9.5")])
    page.goto("/cart")
    cart_line_item(page, "Air Swift", "9").get_by_role(
        "button", name="Remove Air Swift, size 9 from the cart", exact=True
    ).click()
    expect(cart_line_item(page, "Air Swift", "9")).to_have_count(0)
    assert stored_cart(page) == [cart_line(air_swift, "9.5")]

    page.get_by_role("button", name="Clear Cart").click()

    expect(page.get_by_text("Your cart is empty.")).to_be_visible()
    assert stored_cart(page) == []
    expect(pay_button(page)).to_be_disabled()
    page.get_by_role("link", name="Continue Shopping").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_a_visitor_pressing_pay_is_told_to_make_a_user_and_lands_on_sign_in(page, air_swift):
    store_cart(page, [cart_line(air_swift, "9")])
    page.goto("/cart")

    pay_button(page).click()

    expect(popup(page, "create your user for pay")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/signin$"))
    assert stored_cart(page) == [cart_line(air_swift, "9")]
    assert not Order.objects.exists()


def test_a_price_changed_since_the_shoe_was_added_is_flagged_and_fixed_with_the_new_price(page, shopper, air_swift):
    # Given a cart line added at $99.99, and the shop's price raised since
    signed_in(page, shopper)
    store_cart(page, [cart_line(air_swift, "9")])
    Shoe.objects.filter(pk=air_swift.pk).update(price=Decimal("109.99"))

    page.goto("/cart")

    # Then the line shows the old and the new price, and paying waits for a decision
    line = cart_line_item(page, "Air Swift", "9")
    expect(line.get_by_text(re.compile(r"The price changed: was \$99\.99, now \$109\.99"))).to_be_visible()
    expect(pay_button(page)).to_be_disabled()

    # When the shopper takes the new price, the line and the total follow and paying goes through
    line.get_by_role("button", name="Use the new price").click()
    expect(line.get_by_role("button", name="Use the new price")).to_have_count(0)
    expect(page.get_by_text(f"Subtotal: {money('109.99')}")).to_be_visible()
    assert stored_cart(page)[0]["price"] == 109.99
    fill_payment_form(page)
    pay_button(page).click()
    expect(page.get_by_role("dialog", name=PAID)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))
    assert Order.objects.get().amount == 10999
