"""Fixtures of the orders tests."""

from decimal import Decimal

import pytest

from catalog.tests.factories import ShoeFactory


@pytest.fixture
def shoe(db):
    return ShoeFactory(name="Air Runner", price=Decimal("129.99"), sizes={"9": 5, "9.5": 3})
