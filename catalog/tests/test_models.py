"""What the database itself refuses to store, whatever code writes it."""

from decimal import Decimal

import pytest
from django.db import IntegrityError

from catalog.models import StockEntry, size_label

from .factories import ShoeFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("price", [Decimal("0"), Decimal("-1")])
def test_a_price_must_be_above_zero(price):
    with pytest.raises(IntegrityError):
        ShoeFactory(price=price)


def test_stock_is_never_negative():
    shoe = ShoeFactory()
    with pytest.raises(IntegrityError):
        StockEntry.objects.create(shoe=shoe, size=Decimal("9"), quantity=-1)


def test_a_shoe_has_one_row_per_size():
    shoe = ShoeFactory(sizes={"9": 1})
    with pytest.raises(IntegrityError):
        StockEntry.objects.create(shoe=shoe, size=Decimal("9.0"), quantity=2)


@pytest.mark.parametrize(("size", "label"), [("9", "9"), ("9.0", "9"), ("9.5", "9.5"), ("10", "10"), ("11.5", "11.5")])
def test_size_labels(size, label):
    assert size_label(Decimal(size)) == label
