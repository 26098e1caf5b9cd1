"""An admin's delete racing a checkout of the same shoe on PostgreSQL: the sale is never lost with the shoe."""

import threading
import time

from django.db import connection, transaction
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.models import Shoe, StockEntry
from conftest import ADMIN_EMAIL
from orders.models import OrderLine
from orders.tests.factories import OrderFactory, OrderLineFactory
from shopsite.tests.races import ON_POSTGRESQL

from .factories import ShoeFactory

pytestmark = ON_POSTGRESQL


def wait_until_another_backend_waits_for_a_lock() -> None:
    for _ in range(200):
        with connection.cursor() as cursor:
            # Activity is read once per transaction unless the snapshot is dropped.
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0]:
                return
        time.sleep(0.05)
    raise AssertionError("the delete never waited for the checkout's locks")


def test_a_delete_waits_for_a_checkout_selling_the_shoe_and_then_archives_it():
    shoe = ShoeFactory(sizes={"9": 5})
    order = OrderFactory()
    admin = APIClient()
    admin.force_login(UserFactory(email=ADMIN_EMAIL))
    answers = []

    def delete() -> None:
        try:
            answers.append(admin.delete(f"/api/shoes/{shoe.pk}"))
        finally:
            connection.close()

    # A checkout as orders.services holds it: the shoe's stock rows locked, its order line written, not yet committed.
    with transaction.atomic():
        list(StockEntry.objects.select_for_update().filter(shoe=shoe).order_by("pk"))
        OrderLineFactory(order=order, shoe=shoe)
        admin_thread = threading.Thread(target=delete)
        admin_thread.start()
        wait_until_another_backend_waits_for_a_lock()
    admin_thread.join(timeout=30)

    [answer] = answers
    assert answer.status_code == 204
    assert Shoe.objects.get(pk=shoe.pk).archived_at is not None
    assert OrderLine.objects.get(order=order).shoe_id == shoe.pk
