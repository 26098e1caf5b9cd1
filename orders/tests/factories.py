"""Factories for paid orders, as a checkout leaves them."""

import secrets

import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from orders.models import Order, OrderLine, TestPaymentIntent


class OrderFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Order
        # The hook below writes another table; the order itself needs no second save.
        skip_postgeneration_save = True

    user = factory.SubFactory(UserFactory)
    email = factory.SelfAttribute("user.email")
    amount = 9999
    # All goods: no code, shipping or tax unless a test says so.
    subtotal = factory.SelfAttribute("amount")
    currency = "usd"
    payment = Order.Payment.PAID
    payment_method_id = factory.LazyFunction(lambda: f"pm_card_visa--{secrets.token_hex(8)}")
    payment_intent_id = factory.LazyFunction(lambda: f"pi_test_{secrets.token_hex(12)}")
    paid_at = factory.LazyFunction(timezone.now)

    @factory.post_generation
    def charged(order, create, extracted, **kwargs):
        """The test gateway's intent of a paid order, as its checkout leaves it: refunds of it go through."""
        if create and order.payment == Order.Payment.PAID and extracted is not False:
            TestPaymentIntent.objects.create(
                intent_id=order.payment_intent_id,
                client_secret=f"{order.payment_intent_id}_secret",
                idempotency_key=f"factory-{order.payment_intent_id}",
                payment_method_id=order.payment_method_id,
                amount=order.amount,
                currency=order.currency,
                status=TestPaymentIntent.Status.SUCCEEDED,
            )


class OrderLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OrderLine

    order = factory.SubFactory(OrderFactory)
    name = factory.LazyAttribute(lambda line: line.shoe.name if line.shoe else "Runner")
    brand = factory.LazyAttribute(lambda line: line.shoe.brand.name if line.shoe else "Nike")
    size = "9"
    quantity = 1
    unit_price = 9999
