"""Every admin call of the dashboard, for every caller: the server decides who is an admin (docs/DESIGN.md §2)."""

from decimal import Decimal

import pytest

from accounts.models import User
from accounts.tests.factories import UserFactory
from catalog.tests.factories import BrandFactory, ShoeFactory
from orders.tests.factories import OrderFactory

ALLOWED = {200, 201, 204}


@pytest.fixture
def manager(db) -> User:
    """An admin by the manager flag another admin toggled, not by the fixed addresses."""
    return UserFactory(email="manager@sneakers.test", manager=True)


@pytest.fixture
def disabled_admin(db) -> User:
    return UserFactory(email="gone@sneakers.test", manager=True, status=User.Status.DISABLED)


@pytest.fixture
def superuser(db) -> User:
    return User.objects.create_superuser("root@sneakers.test", "correct horse")


def calls(shoe, brand, user, order) -> list[tuple[str, str, dict]]:
    """(method, path, body) of each admin call, each one that succeeds for an admin."""
    return [
        ("get", "/api/users?limit=4", {}),
        ("put", f"/api/users/{user.pk}", {"status": "Disabled"}),
        ("put", f"/api/users/{user.pk}", {"manager": True}),
        ("get", "/api/cart?limit=4", {}),
        ("put", f"/api/cart/order/{order.payment_intent_id}", {"status": "Received"}),
        ("get", "/api/admin/stats", {}),
        ("get", f"/api/favorites/{user.uid}", {}),
        ("put", f"/api/admin/onsale/{shoe.pk}", {"onSale": True}),
        ("put", f"/api/shoes/addSize/{shoe.pk}", {"size": "10", "q": "3"}),
        (
            "put",
            f"/api/shoes/{shoe.pk}",
            {"brand": brand.name, "name": "Air Swift", "color": "Red", "price": "99", "description": "Light shoe"},
        ),
        (
            "post",
            "/api/shoes",
            {
                "brand": brand.name,
                "name": "Air Zoom",
                "color": "Blue",
                "price": "120",
                "size": "9",
                "q": "4",
                "description": "Fast shoe",
            },
        ),
        ("post", "/api/brands", {"name": "Reebok"}),
        ("put", f"/api/brands/{brand.pk}/sizeGuide", {"sizeGuide": [{"us": "9", "uk": "8", "eu": "42", "cm": "27"}]}),
        ("delete", f"/api/shoes/{shoe.pk}", {}),
        ("delete", f"/api/brands/{BrandFactory(name='Fila').pk}", {}),
    ]


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("anonymous", {401}),
        ("shopper", {403}),
        ("disabled_admin", {403}),
        ("manager", ALLOWED),
        ("shop_admin", ALLOWED),
        ("superuser", ALLOWED),
    ],
)
def test_every_admin_call_by_role(db, client_as, role, expected):
    brand = BrandFactory(name="Nike")
    shoe = ShoeFactory(brand=brand, price=Decimal("120"), sizes={"9": 2})
    user = UserFactory(email="someone@sneakers.test")
    order = OrderFactory(user=user)
    client = client_as(role)

    answers = {
        f"{method.upper()} {path}": getattr(client, method)(path, body, format="json").status_code
        for method, path, body in calls(shoe, brand, user, order)
    }

    assert {call: status for call, status in answers.items() if status not in expected} == {}
