"""Beat's periodic job of the orders app: the stale checkouts it settles are those release_stale_reservations would."""

from datetime import timedelta

import pytest
from django.utils import timezone

from orders.models import Order
from orders.tasks import reservations_release_stale

from .checkout import body, line, stock

pytestmark = pytest.mark.django_db


def test_beat_s_job_settles_checkouts_older_than_the_reservation_limit(client_for, shopper, shoe, settings):
    settings.SHOP_RESERVATION_MINUTES = 10
    client = client_for(shopper)
    client.post("/api/cart/checkout", body(shopper, [line(shoe, "9", 2)], pm="pm_card_authenticationRequired--t1"))
    client.post("/api/cart/checkout", body(shopper, [line(shoe, "9.5", 1)], pm="pm_card_authenticationRequired--t2"))
    stale, young = Order.objects.order_by("pk")
    Order.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timedelta(minutes=11))

    assert reservations_release_stale.delay().get() == {"paid": 0, "released": 1, "skipped": 0}

    assert (stock(shoe, "9"), stock(shoe, "9.5")) == (5, 2)
    assert Order.objects.get(pk=young.pk).payment == Order.Payment.REQUIRES_ACTION
