"""The pricing tables as each process keeps them (orders.pricing_selectors.pricing_tables): read once, read anew after
any write of a shipping method or a tax rate, whoever makes it."""

from decimal import Decimal

import pytest
from django.core.cache import cache

from orders import services
from orders.models import ShippingMethod, TaxRate
from orders.pricing_selectors import TABLES_VERSION_KEY, destination_of, pricing_tables, tax_rate_find

pytestmark = pytest.mark.django_db


def names() -> list[str]:
    return [method.name for method in pricing_tables().methods]


def test_the_tables_are_read_once_then_kept(django_assert_num_queries):
    ShippingMethod.objects.create(name="Standard", price=799)
    TaxRate.objects.create(country="US", state="CA", rate=Decimal("7.25"))

    with django_assert_num_queries(2):
        first = pricing_tables()
    with django_assert_num_queries(0):
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


def test_the_version_moves_again_once_the_write_commits(django_capture_on_commit_callbacks):
    pricing_tables()
    before = cache.get(TABLES_VERSION_KEY)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        ShippingMethod.objects.create(name="Standard", price=799)
    moved = cache.get(TABLES_VERSION_KEY)
    # A reader between the write and its commit may keep the old tables under `moved`: the commit moves past it.
    for callback in callbacks:
        callback()

    assert len({before, moved, cache.get(TABLES_VERSION_KEY)}) == 3


def test_a_cache_that_keeps_nothing_reads_the_tables_every_time(settings, django_assert_num_queries):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    ShippingMethod.objects.create(name="Standard", price=799)

    for _read in range(2):
        with django_assert_num_queries(2):
            assert names() == ["Standard"]
