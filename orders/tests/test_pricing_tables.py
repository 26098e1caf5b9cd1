"""The pricing tables as each process keeps them (orders.pricing_selectors.pricing_tables, shopsite/kept.py): read
once, read anew after any write of a shipping method or a tax rate, whoever makes it and in whichever process."""

from decimal import Decimal

import pytest
from django.db import transaction

from orders import services
from orders.models import ShippingMethod, TaxRate
from orders.pricing_selectors import _tables_read, destination_of, pricing_tables, tax_rate_find
from shopsite.kept import KeptTables, versions_read

pytestmark = pytest.mark.django_db


def names() -> list[str]:
    return [method.name for method in pricing_tables().methods]


def test_the_tables_are_read_once_then_kept(django_assert_num_queries):
    ShippingMethod.objects.create(name="Standard", price=799)
    TaxRate.objects.create(country="US", state="CA", rate=Decimal("7.25"))

    # Their version, then the tables; then their version alone.
    with django_assert_num_queries(3):
        first = pricing_tables()
    with django_assert_num_queries(1):
        again = pricing_tables()

    assert again is first
    assert [method.name for method in first.methods] == ["Standard"]


def test_a_method_saved_through_the_service_is_read_at_once(shop_admin):
    assert names() == []

    method = services.shipping_method_save(actor=shop_admin, name="Express", price=1999)
    assert names() == ["Express"]

    services.shipping_method_save(actor=shop_admin, method=method, active=False)
    assert names() == []


def test_saves_and_deletes_made_without_the_service_move_the_tables_on_too():
    # The Django admin's and the demo's writes: a model's save and delete.
    rate = TaxRate.objects.create(country="US", state="NY", rate=Decimal("8.875"))
    assert tax_rate_find(destination=destination_of(country="us", state="New York")) == rate

    rate.rate = Decimal("4")
    rate.save()
    assert tax_rate_find(destination=destination_of(state="NY")).rate == Decimal("4")

    rate.delete()
    assert tax_rate_find(destination=destination_of(state="NY")) is None


def test_another_process_sees_a_write_whatever_the_cache(settings):
    # Another gunicorn worker keeps its own tables; with a cache of each process's own memory (the single machine's
    # default) or none at all, the version it reads is still the database's.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    other_worker = KeptTables("pricing", _tables_read)
    assert other_worker.get().methods == ()

    ShippingMethod.objects.create(name="Standard", price=799)

    assert [method.name for method in other_worker.get().methods] == ["Standard"]


def test_a_write_rolled_back_leaves_nothing_kept(django_assert_num_queries):
    pricing_tables()
    before = versions_read()

    with pytest.raises(RuntimeError), transaction.atomic():
        ShippingMethod.objects.create(name="Never", price=1)
        # Read inside the writer's transaction: its write is seen, and kept under the version it moved to.
        assert names() == ["Never"]
        raise RuntimeError("the write fails")

    # The version went back with the write, and the tables kept under the one rolled back are never read again.
    assert versions_read() == before
    assert names() == []
