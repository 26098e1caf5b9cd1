"""Two requests for the last pair of a line racing on PostgreSQL's row locks: one return, never two."""

from collections import Counter
from functools import partial

from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order, OrderLine, ReturnPair, Shipment
from shopsite.tests.races import ON_POSTGRESQL, together

from .checkout import body, line
from .test_checkout_concurrency import signed_in

pytestmark = ON_POSTGRESQL


def test_two_requests_for_the_last_pair_make_one_return():
    shoe = ShoeFactory(sizes={"9": 5, "10": 5})
    buyer = UserFactory()
    client = APIClient()
    client.force_login(buyer)
    answer = client.post(
        "/api/cart/checkout", body(buyer, [line(shoe, "9", 1)], pm="pm_card_visa--ret1"), format="json"
    )
    assert answer.status_code == 201, answer.json()
    order = Order.objects.get(payment_intent_id=answer.json()["order"]["idPayment"])
    Order.objects.filter(pk=order.pk).update(status="Shipped")
    Shipment.objects.create(order=order, carrier="UPS", tracking_number="1Z999AA10123456784")
    order_line = OrderLine.objects.get(order=order)
    url = f"/api/cart/order/{order.payment_intent_id}/returns"
    payloads = [
        {"lines": [{"line": order_line.pk, "quantity": 1}], "reason": "too_small", "exchangeSize": "10"},
        {"lines": [{"line": order_line.pk, "quantity": 1}], "reason": "defect"},
    ]
    tabs = [signed_in(buyer) for _ in payloads]
    answers = together([partial(tab.post, url, sent, format="json") for tab, sent in zip(tabs, payloads, strict=True)])

    assert Counter(answer.status_code for answer in answers) == {201: 1, 400: 1}
    assert ReturnPair.objects.filter(line=order_line).count() == 1
    exchanged = answers[0].status_code == 201
    assert shoe.stock.get(size=10).quantity == (4 if exchanged else 5)
