"""The order confirmation: queued with the payment, built when it is sent, with the pairs, the total and the order's
page."""

import pytest
from django.db import transaction

from catalog.tests.factories import BrandFactory, ShoeFactory
from mailing.models import Mail
from mailing.services import mail_send_pending
from orders.models import Order
from orders.services import order_confirmation_queue

from .checkout import body, line
from .factories import OrderFactory, OrderLineFactory

pytestmark = pytest.mark.django_db

URL = "/api/cart/checkout"


@pytest.fixture
def shop(settings):
    settings.SHOP_NAME = "Kicks"
    settings.SHOP_BASE_URL = "https://kicks.test"


@pytest.fixture
def paid_order(shopper):
    """Two pairs of a shoe with a picture, and one of a shoe the shop no longer has."""
    swift = ShoeFactory(name="Air Swift", brand=BrandFactory(name="Nike"), image="shoes/air-swift.webp")
    order = OrderFactory(user=shopper, amount=32997)
    OrderLineFactory(order=order, shoe=swift, size="9.5", quantity=2, unit_price=12999)
    OrderLineFactory(order=order, shoe=None, name="Old Skool", brand="Vans", size="10", quantity=1, unit_price=6999)
    return order


def sent_confirmation(order: Order, mailoutbox):
    order_confirmation_queue(order=order)
    assert mail_send_pending().sent == 1
    [mail] = mailoutbox
    return mail


def test_the_html_part_shows_each_pair_the_total_and_the_order_s_page(shop, paid_order, mailoutbox):
    mail = sent_confirmation(paid_order, mailoutbox)

    assert mail.to == ["shopper@sneakers.test"]
    assert mail.subject == f"Your Kicks order {paid_order.payment_intent_id}"
    [(html, mimetype)] = mail.alternatives
    assert mimetype == "text/html"
    # A picture the mail client can fetch, beside the name, size, quantity and price of each line.
    assert (
        '<img src="https://kicks.test/media/shoes/air-swift.webp" width="80" height="80" alt="Nike Air Swift"' in html
    )
    assert "<strong>Nike Air Swift</strong><br>\n      Size 9.5 &middot; Quantity 2" in html
    assert "$129.99 each" in html
    # A shoe gone from the shop keeps its line, without a picture.
    assert "<strong>Vans Old Skool</strong><br>\n      Size 10 &middot; Quantity 1" in html
    assert html.count("<img ") == 1
    assert "$329.97</td>" in html
    assert f'href="https://kicks.test/order/{paid_order.payment_intent_id}"' in html


def test_the_text_part_says_the_same(shop, paid_order, mailoutbox):
    text = sent_confirmation(paid_order, mailoutbox).body

    assert "- 2 x Nike Air Swift, size 9.5, $129.99 each\n- 1 x Vans Old Skool, size 10, $69.99 each\n" in text
    assert "Total: $329.97" in text
    assert f"See your order: https://kicks.test/order/{paid_order.payment_intent_id}" in text


def test_pictures_on_object_storage_keep_their_own_address(shop, settings, paid_order, mailoutbox):
    settings.MEDIA_URL = "https://cdn.kicks.test/media/"
    [(html, _)] = sent_confirmation(paid_order, mailoutbox).alternatives
    assert '<img src="https://cdn.kicks.test/media/shoes/air-swift.webp"' in html


def test_a_paid_checkout_queues_its_confirmation_in_the_same_transaction(
    client_for, shopper, mailoutbox, django_capture_on_commit_callbacks
):
    shoe = ShoeFactory(sizes={"9": 5})
    with django_capture_on_commit_callbacks() as callbacks:
        answer = client_for(shopper).post(URL, body(shopper, [line(shoe)]))

    assert answer.status_code == 201
    mail = Mail.objects.get()
    assert (mail.kind, mail.to, mail.context, mail.state) == (
        "order_confirmation",
        shopper.email,
        {"order": Order.objects.get().pk},
        "pending",
    )
    # Nothing is mailed from inside the request's transaction.
    assert mailoutbox == []
    for callback in callbacks:
        callback()
    assert len(mailoutbox) == 1


@pytest.mark.parametrize("card", ["pm_card_visa_chargeDeclined", "pm_card_authenticationRequired"])
def test_a_checkout_that_is_not_paid_queues_no_mail(client_for, shopper, card, django_capture_on_commit_callbacks):
    shoe = ShoeFactory(sizes={"9": 5})
    with django_capture_on_commit_callbacks(execute=True):
        client_for(shopper).post(URL, body(shopper, [line(shoe)], pm=f"{card}--n1"))
    assert not Mail.objects.exists()


def test_the_confirmation_of_an_order_never_paid_is_dropped(shop, shopper, mailoutbox):
    order = OrderFactory(user=shopper, payment=Order.Payment.RELEASED, paid_at=None)
    with transaction.atomic():
        order_confirmation_queue(order=order)

    assert mail_send_pending().dropped == 1
    assert Mail.objects.get().last_error == "the order is gone, or was never paid"
    assert mailoutbox == []


def test_the_confirmation_shows_the_orders_breakdown(shop, shopper, mailoutbox):
    order = OrderFactory(
        user=shopper, amount=27093, subtotal=25998, discount=2600, discount_code="WELCOME10", shipping_cost=1999,
        shipping_method="Express", shipping_estimate="1 to 2 business days", tax=1696,
    )  # fmt: skip
    OrderLineFactory(order=order, shoe=None, quantity=2, unit_price=12999, discount=2600, tax=1696)

    mail = sent_confirmation(order, mailoutbox)

    assert (
        "Subtotal: $259.98\nDiscount (WELCOME10): -$26.00\nShipping (Express, 1 to 2 business days): $19.99\n"
        "Tax: $16.96\nTotal: $270.93\n"
    ) in mail.body
    [(html, _)] = mail.alternatives
    assert '<td style="padding:8px 0 0;">Discount (WELCOME10)</td>' in html
    assert "-$26.00</td>" in html and "$270.93</td>" in html


def test_free_shipping_and_included_tax_say_so(shop, shopper, mailoutbox):
    order = OrderFactory(
        user=shopper, amount=11900, subtotal=11900, shipping_method="Standard", tax=1900, tax_included=True
    )
    OrderLineFactory(order=order, shoe=None, unit_price=11900, tax=1900)

    text = sent_confirmation(order, mailoutbox).body

    assert "Subtotal: $119.00\nShipping (Standard): Free\nTax included: $19.00\nTotal: $119.00\n" in text
