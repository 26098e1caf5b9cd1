"""Two restocks of one sold-out size racing on PostgreSQL: every waiting address gets one mail, not two."""

import threading
from decimal import Decimal

import pytest
from django.db import connection, transaction

from catalog import services
from catalog.models import StockAlert
from mailing.models import Mail
from shopsite.tests.races import ON_POSTGRESQL

from .factories import ShoeFactory
from .test_archive_concurrency import wait_until_another_backend_waits_for_a_lock

pytestmark = ON_POSTGRESQL

EMAILS = ["ana@example.com", "bo@example.com", "cy@example.com"]


@pytest.mark.parametrize("second", ["create size", "cancelled order"])
def test_two_restocks_racing_mail_each_waiting_address_once(second):
    shoe = ShoeFactory(sizes={"9.5": 0})
    entry = shoe.stock.get()
    for email in EMAILS:
        services.stock_alert_create(shoe=shoe, size=Decimal("9.5"), email=email)
    errors = []

    def restock_again() -> None:
        try:
            if second == "create size":
                services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=2)
            else:
                services.stock_release(pairs={entry.pk: 1})
        except Exception as error:  # reported below, in the test's thread
            errors.append(error)
        finally:
            connection.close()

    # The first restock has marked the alerts and queued their mails, not yet committed, when the second comes.
    with transaction.atomic():
        services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=3)
        other = threading.Thread(target=restock_again)
        other.start()
        wait_until_another_backend_waits_for_a_lock()
    other.join(timeout=30)

    assert errors == []
    assert sorted(Mail.objects.filter(kind="back_in_stock").values_list("to", flat=True)) == EMAILS
    assert not StockAlert.objects.filter(notified_at__isnull=True).exists()
    assert shoe.stock.get().quantity == 3 + (2 if second == "create size" else 1)
