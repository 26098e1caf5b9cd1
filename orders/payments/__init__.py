"""The card payment gateway the settings name (docs/DESIGN.md §5): `test` or `stripe`."""

from django.conf import settings

from .base import Charge, ChargeStatus, GatewayUnavailable, PaymentGateway


class PaymentsNotSetUp(GatewayUnavailable):
    """The test gateway in a shop that is not allowed to take fake money."""


def allows_test_payments() -> bool:
    """Only SHOP_ALLOW_TEST_PAYMENTS, which the demo sets: DJANGO_DEBUG=1 alone takes no fake cards."""
    return settings.SHOP_ALLOW_TEST_PAYMENTS


def gateway_get() -> PaymentGateway:
    if settings.PAYMENT_GATEWAY == "stripe":
        from .stripe import StripeGateway

        return StripeGateway(api_key=settings.STRIPE_SECRET_KEY)
    if not allows_test_payments():
        # No live shop takes fake money by accident: test payments need SHOP_ALLOW_TEST_PAYMENTS.
        raise PaymentsNotSetUp("Card payments are not set up in this shop yet.")
    from .test import TestGateway

    return TestGateway()


__all__ = ["Charge", "ChargeStatus", "GatewayUnavailable", "PaymentGateway", "gateway_get"]
