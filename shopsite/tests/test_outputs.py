"""shopsite/outputs.py: an answer from a kept serializer is DRF's own answer, byte for byte as served, and its fields
are built only once."""

from concurrent.futures import ThreadPoolExecutor
from unittest import mock

import pytest
from rest_framework import serializers

from catalog.tests.factories import ShoeFactory
from orders.models import ReturnRequest, Shipment
from orders.selectors import order_get
from orders.serializers import AdminOrderOutput, OrderOutput
from orders.tests.factories import OrderFactory, OrderLineFactory
from shopsite.outputs import answered
from shopsite.renderers import JSONRenderer

rendered = JSONRenderer().render

pytestmark = pytest.mark.django_db


def _order(**kwargs):
    """A paid order with two lines, a shipment and a return, read as the order views read it."""
    order = OrderFactory(**kwargs)
    line = OrderLineFactory(order=order, shoe=ShoeFactory())
    OrderLineFactory(order=order, shoe=None, name="Gone", size="10.5", quantity=2)
    Shipment.objects.create(order=order, carrier="UPS", tracking_number="1Z999AA10123456784")
    returned = ReturnRequest.objects.create(
        order=order, reason=ReturnRequest.Reason.TOO_SMALL, kind=ReturnRequest.Kind.EXCHANGE, exchange_size="10"
    )
    returned.pairs.create(line=line, number=1)
    return order_get(id_payment=order.payment_intent_id, user=order.user)


@pytest.mark.parametrize("output", [OrderOutput, AdminOrderOutput])
def test_answer_is_drfs_own(output):
    order = _order()
    assert rendered(answered(output, order)) == rendered(output(order).data)


def test_fields_are_built_by_the_first_answer_only():
    orders = [_order(), _order()]
    answered(OrderOutput, orders[0])
    with mock.patch.object(serializers.Serializer, "get_fields", autospec=True) as built:
        answers = [answered(OrderOutput, order) for order in orders]
    assert built.call_count == 0
    assert [answer["idPayment"] for answer in answers] == [order.payment_intent_id for order in orders]


def test_threads_sharing_it_each_get_their_own_order():
    orders = [_order() for _ in range(6)]
    expected = [rendered(OrderOutput(order).data) for order in orders]
    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(pool.map(lambda order: rendered(answered(OrderOutput, order)), orders * 20))
    assert answers == expected * 20
