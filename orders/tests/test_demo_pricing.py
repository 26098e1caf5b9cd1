"""manage.py seed_demo_pricing: the demo's breakdown, made once."""

import pytest
from django.core.management import call_command

from orders.models import DiscountCode, ShippingMethod, TaxRate

pytestmark = pytest.mark.django_db


def test_the_demo_pricing_is_made_once(capsys):
    call_command("seed_demo_pricing")
    call_command("seed_demo_pricing")

    assert list(ShippingMethod.objects.values_list("name", flat=True)) == ["Standard", "Express"]
    assert TaxRate.objects.count() == 2 and DiscountCode.objects.get().code == "WELCOME10"
    assert capsys.readouterr().out.splitlines()[-1] == "Demo pricing: already there."
