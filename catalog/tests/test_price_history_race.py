"""Two price writes of one shoe racing on PostgreSQL: the history keeps each state once, in the order they committed,
and its last row is the shoe as it stands."""

import threading
from decimal import Decimal

from django.db import connection, transaction

from activity import services as activity
from catalog import services
from catalog.models import PriceChange, Shoe
from shopsite.tests.races import ON_POSTGRESQL

from .factories import ShoeFactory
from .test_archive_concurrency import wait_until_another_backend_waits_for_a_lock

pytestmark = ON_POSTGRESQL

ACTOR = activity.command("test")


def test_a_sale_ended_while_a_sale_price_is_being_set_is_recorded_after_it():
    shoe = ShoeFactory(price=Decimal("100"))
    errors = []

    def end_the_sale() -> None:
        try:
            services.shoes_on_sale_set(actor=ACTOR, shoe_ids=[shoe.pk], on_sale=False)
        except Exception as error:  # reported below, in the test's thread
            errors.append(error)
        finally:
            connection.close()

    # The first write has set the sale price and written its row, not yet committed, when the second comes.
    with transaction.atomic():
        services.shoe_update(
            actor=ACTOR, shoe=shoe, brand=shoe.brand, name=shoe.name, description=shoe.description,
            color=shoe.color, price=Decimal("100"), on_sale=True, sale_price=Decimal("70"),
        )  # fmt: skip
        other = threading.Thread(target=end_the_sale)
        other.start()
        wait_until_another_backend_waits_for_a_lock()
    other.join(timeout=30)

    assert errors == []
    history = list(PriceChange.objects.filter(shoe=shoe).order_by("at", "pk").values_list("on_sale", "price_now"))
    assert history == [(False, Decimal("100")), (True, Decimal("70")), (False, Decimal("100"))]
    stored = Shoe.objects.get()
    assert (stored.on_sale, stored.sale_price, stored.lowest_prior_price) == (False, Decimal("70"), Decimal("100"))
