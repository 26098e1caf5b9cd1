"""GET /admin/stats: the dashboard's totals and 30-day chart, computed by the database in a fixed number of queries."""

from datetime import timedelta

import pytest
from django.utils import timezone

from orders.models import Order

from .factories import OrderFactory, OrderLineFactory

URL = "/api/admin/stats"


def paid(days_ago: int, amount: int, pairs: list[int], **fields) -> Order:
    order = OrderFactory(amount=amount, paid_at=timezone.now() - timedelta(days=days_ago), **fields)
    for quantity in pairs:
        OrderLineFactory(order=order, shoe=None, quantity=quantity)
    return order


def test_the_stats_of_a_known_data_set(admin_client):
    paid(0, 10_000, [1, 2])
    paid(0, 5_050, [1])
    paid(3, 20_000, [4])
    paid(45, 99_999, [10])  # counted in the totals, older than the chart
    paid(1, 7_000, [2], payment=Order.Payment.DECLINED)  # never paid: counted nowhere
    paid(2, 7_000, [2], payment=Order.Payment.RESERVED)

    answer = admin_client.get(URL)

    assert answer.status_code == 200
    stats = answer.json()
    assert (stats["pairs"], stats["orders"], stats["sales"]) == (18, 4, 135_049)
    chart = stats["salesByDay"]
    assert len(chart) == 30
    today = timezone.now().date()
    assert chart[-1] == {"date": today.isoformat(), "amount": 15_050, "orders": 2}
    assert chart[-4] == {"date": (today - timedelta(days=3)).isoformat(), "amount": 20_000, "orders": 1}
    assert chart[0]["date"] == (today - timedelta(days=29)).isoformat()
    assert sum(day["amount"] for day in chart) == 35_050


def test_an_empty_shop_has_zero_everywhere(admin_client):
    stats = admin_client.get(URL).json()

    assert (stats["pairs"], stats["orders"], stats["sales"]) == (0, 0, 0)
    assert {day["amount"] for day in stats["salesByDay"]} == {0}


def test_the_stats_run_the_same_queries_for_one_order_or_forty(admin_client, django_assert_max_num_queries):
    # Up to 6: the session, the admin and their second factor (accounts/second_factor.py), then the stats' own.
    paid(0, 100, [1])
    with django_assert_max_num_queries(6):
        admin_client.get(URL)
    for days_ago in range(40):
        paid(days_ago, 100, [1, 1])
    with django_assert_max_num_queries(6):
        assert admin_client.get(URL).json()["orders"] == 41


@pytest.mark.parametrize(
    ("role", "expected"), [("anonymous", 401), ("shopper", 403), ("disabled_user", 403), ("shop_admin", 200)]
)
def test_the_stats_are_for_admins(client_as, role, expected):
    client = client_as(role)

    assert client.get(URL).status_code == expected
