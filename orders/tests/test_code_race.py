"""Shoppers racing for a discount code's last use on PostgreSQL: counted exactly once, the others refused with
nothing charged (orders.services.pricing.discount_use_take)."""

from collections import Counter

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import DiscountCode, DiscountUse, Order
from shopsite.tests.races import ON_POSTGRESQL

from .checkout import body, charges, line
from .test_checkout_concurrency import race, signed_in

pytestmark = ON_POSTGRESQL


def checkout(user, shoe, index: int) -> dict:
    # $100.00 less 10 %: the shop has no shipping methods or tax rates here.
    return {**body(user, [line(shoe, "9", 1)], amount=9000, pm=f"pm_card_visa--c{index}"), "code": "LAST1"}


def test_eight_shoppers_after_a_codes_last_use_leave_one_use_and_one_discounted_order():
    shoe = ShoeFactory(price="100.00", sizes={"9": 20})
    code = DiscountCode.objects.create(code="LAST1", kind="percent", value=10, max_uses=3, uses=2)
    shoppers = [UserFactory() for _ in range(8)]

    answers = race([(signed_in(user), checkout(user, shoe, i)) for i, user in enumerate(shoppers)])

    assert Counter(answer.status_code for answer in answers) == {201: 1, 409: 7}
    refused = {(answer.json()["code"], answer.json()["detail"]) for answer in answers if answer.status_code == 409}
    assert refused == {("code_refused", "This code has been used up.")}
    code.refresh_from_db()
    assert code.uses == 3
    assert DiscountUse.objects.count() == 1 and charges() == 1
    assert not Order.objects.exclude(payment=Order.Payment.PAID).exists()


def test_one_customer_paying_twice_at_once_with_a_once_per_customer_code_uses_it_once():
    shoe = ShoeFactory(price="100.00", sizes={"9": 20})
    code = DiscountCode.objects.create(code="LAST1", kind="percent", value=10, once_per_customer=True)
    user = UserFactory()

    answers = race([(signed_in(user), checkout(user, shoe, i)) for i in range(4)])

    assert Counter(answer.status_code for answer in answers) == {201: 1, 409: 3}
    code.refresh_from_db()
    assert code.uses == 1 and DiscountUse.objects.count() == 1 and charges() == 1
