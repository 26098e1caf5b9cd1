"""The Django admin of pricing: codes, shipping methods and tax rates open, save and are activity-logged."""

import pytest
from django.urls import reverse

from accounts.models import User
from activity.models import Entry
from orders.models import DiscountCode, ShippingMethod, TaxRate

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(User.objects.create_superuser("staff@sneakers.test", "secret-pw"))
    return client


@pytest.mark.parametrize("model", ["discountcode", "shippingmethod", "taxrate"])
def test_each_list_and_add_page_opens(staff_client, model):
    assert staff_client.get(reverse(f"admin:orders_{model}_changelist"), {"q": "a"}).status_code == 200
    assert staff_client.get(reverse(f"admin:orders_{model}_add")).status_code == 200


def test_staff_add_a_code_and_it_is_logged(staff_client):
    answer = staff_client.post(
        reverse("admin:orders_discountcode_add"),
        {"code": "SPRING15", "kind": "percent", "value": "15", "min_subtotal": "0", "combines_with_sale": "on"},
    )

    assert answer.status_code == 302, answer.content[:2000]
    code = DiscountCode.objects.get()
    assert (code.code, code.value, code.uses) == ("SPRING15", 15, 0)
    assert Entry.objects.filter(record_id=str(code.pk), via=Entry.Via.ADMIN).exists()


def test_a_shipping_methods_regions_are_checked(staff_client):
    answer = staff_client.post(
        reverse("admin:orders_shippingmethod_add"),
        {"name": "Moon", "price": "100", "estimate": "", "regions": '["US-XX"]', "active": "on", "position": "0"},
    )

    assert answer.status_code == 200
    assert not ShippingMethod.objects.exists()


def test_a_tax_rate_is_saved(staff_client):
    answer = staff_client.post(reverse("admin:orders_taxrate_add"), {"country": "US", "state": "Texas", "rate": "6.25"})

    assert answer.status_code == 302
    assert TaxRate.objects.get().state == "Texas"
