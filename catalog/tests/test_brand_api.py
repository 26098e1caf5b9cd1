"""The brand calls of docs/PRODUCT.md §7."""

import pytest

from catalog.models import Brand, Shoe

from .factories import BrandFactory, ShoeFactory

pytestmark = pytest.mark.django_db


def test_lists_brands_by_name(api_client):
    BrandFactory(name="Vans")
    BrandFactory(name="Asics")
    answer = api_client.get("/api/brands").json()
    assert [brand["name"] for brand in answer] == ["Asics", "Vans"]
    # Whether a brand has its own size guide (issue 31), never the guide itself (tests/test_size_guides.py).
    assert list(answer[0]) == ["_id", "name", "hasSizeGuide"]


def test_admin_creates_a_brand_and_gets_a_message(admin_client):
    response = admin_client.post("/api/brands", {"name": "New Balance"})
    assert response.status_code == 201
    brand = Brand.objects.get()
    assert response.json() == {
        "message": "The brand New Balance was created",
        "brand": {"_id": brand.pk, "name": "New Balance", "hasSizeGuide": False},
    }


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Enter a valid brand name"),
        ("Nike2", "The name can only contain letters and spaces"),
        ("K-Swiss", "The name can only contain letters and spaces"),
        ("nIKE", "The brand nIKE already exists"),
    ],
)
def test_bad_brand_names_are_refused(admin_client, name, message):
    BrandFactory(name="Nike")
    response = admin_client.post("/api/brands", {"name": name})
    assert response.status_code == 400
    assert response.json() == {"name": [message]}
    assert list(Brand.objects.values_list("name", flat=True)) == ["Nike"]


def test_the_database_refuses_a_duplicate_in_another_case(db):
    from django.db import IntegrityError

    BrandFactory(name="Nike")
    with pytest.raises(IntegrityError):
        Brand.objects.create(name="NIKE")


def test_admin_deletes_a_brand_without_shoes(admin_client):
    brand = BrandFactory(name="Vans")
    assert admin_client.delete(f"/api/brands/{brand.pk}").status_code == 204
    assert not Brand.objects.exists()


def test_a_brand_with_shoes_is_kept_with_its_shoes(admin_client):
    brand = BrandFactory(name="Nike")
    ShoeFactory.create_batch(2, brand=brand)

    response = admin_client.delete(f"/api/brands/{brand.pk}")

    assert response.status_code == 409
    assert response.json() == {
        "detail": "The brand Nike still has 2 shoes; delete them or move them to another brand first.",
        "code": "brand_in_use",
    }
    assert Brand.objects.count() == 1
    assert Shoe.objects.count() == 2


def test_a_missing_brand_is_404(admin_client):
    response = admin_client.delete("/api/brands/999999")
    assert response.status_code == 404
    assert response.json() == {"detail": "That brand is not in the shop.", "code": "not_found"}


@pytest.mark.parametrize(("client", "status"), [("api_client", 401), ("shopper_client", 403)])
def test_only_admins_write_brands(request, client, status):
    brand = BrandFactory(name="Vans")
    client = request.getfixturevalue(client)
    assert client.post("/api/brands", {"name": "Puma"}).status_code == status
    assert client.delete(f"/api/brands/{brand.pk}").status_code == status
    assert list(Brand.objects.values_list("name", flat=True)) == ["Vans"]
