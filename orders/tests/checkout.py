"""Helpers of the checkout tests: bodies as the cart screen sends them, and what the shop holds after."""

from decimal import Decimal

from catalog.models import StockEntry
from orders.models import Order, ShippingAddress, TestPaymentIntent


def line(shoe, size: str = "9", quantity: int = 1, **extra) -> dict:
    """A cart line as the browser's cart holds it (docs/PRODUCT.md §3)."""
    return {
        "_id": shoe.pk,
        "name": shoe.name,
        "image": "/static/img/shoe-placeholder.svg",
        "size": size,
        "quantity": quantity,
        "price": float(shoe.price_now),
        **extra,
    }


ADDRESS = {
    "name": "Ana María Pérez",
    "state": "Jalisco",
    "city": "Guadalajara",
    "line1": "Av Juárez 12",
    "postalCode": "44100",
}
# The same address as the services take it, once serializers.AddressInput has read the wire's.
SHIPPING = ShippingAddress(
    name="Ana María Pérez", state="Jalisco", city="Guadalajara", line1="Av Juárez 12", postal_code="44100", country="US"
)


def body(user, lines: list[dict], *, pm: str = "pm_card_visa--a1", amount: int | None = None, address=None) -> dict:
    """POST /cart/checkout as the cart screen sends it: amount is the total times 100."""
    if amount is None:
        amount = sum(round(item["price"] * 100) * item["quantity"] for item in lines)
    address = ADDRESS if address is None else address
    return {"id": pm, "email": user.email, "uid": user.uid, "shoes": lines, "amount": amount, "address": address}


def stock(shoe, size: str = "9") -> int:
    return StockEntry.objects.get(shoe=shoe, size=Decimal(size)).quantity


def charges() -> int:
    """Money taken by the test gateway: intents it charged."""
    return TestPaymentIntent.objects.filter(status=TestPaymentIntent.Status.SUCCEEDED).count()


def paid_orders() -> int:
    return Order.objects.filter(payment=Order.Payment.PAID).count()
