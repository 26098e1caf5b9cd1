"""The Django admin for staff: every model listed, searchable and filterable."""

import pytest
from django.contrib import admin
from django.urls import reverse

from accounts.models import User
from catalog.models import Shoe
from catalog.tests.factories import BrandFactory, ShoeFactory
from catalog.tests.images import png_upload, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(User.objects.create_superuser("staff@sneakers.test", "secret-pw"))
    return client


def test_every_model_of_the_shop_is_in_the_admin():
    registered = {model._meta.label for model in admin.site._registry}
    assert {"accounts.User", "catalog.Brand", "catalog.Shoe", "catalog.StockEntry"} <= registered


@pytest.mark.parametrize("model", ["accounts.user", "catalog.brand", "catalog.shoe", "catalog.stockentry"])
def test_each_list_searches_and_filters(staff_client, model):
    ShoeFactory(sizes={"9": 2})
    app, name = model.split(".")
    url = reverse(f"admin:{app}_{name}_changelist")
    model_admin = next(a for m, a in admin.site._registry.items() if m._meta.label_lower == model)
    assert model_admin.search_fields and model_admin.list_filter
    assert staff_client.get(url, {"q": "a"}).status_code == 200
    assert staff_client.get(reverse(f"admin:{app}_{name}_add")).status_code == 200


def test_a_shoe_changes_page_opens(staff_client):
    shoe = ShoeFactory(sizes={"9": 2})
    assert staff_client.get(reverse("admin:catalog_shoe_change", args=[shoe.pk])).status_code == 200


def _shoe_form(shoe, **changes):
    form = {
        "name": shoe.name, "brand": shoe.brand_id, "description": shoe.description, "color": shoe.color,
        "price": "80", "stock-TOTAL_FORMS": "0", "stock-INITIAL_FORMS": "0",
    }  # fmt: skip
    form.update(changes)
    return form


def test_a_picture_uploaded_by_staff_is_checked_and_re_encoded(staff_client):
    shoe = ShoeFactory()
    url = reverse("admin:catalog_shoe_change", args=[shoe.pk])

    refused = staff_client.post(url, _shoe_form(shoe, image=upload("x.png", b"not an image")))
    assert refused.status_code == 200  # the form again, with its error
    assert not Shoe.objects.get().image

    staff_client.post(url, _shoe_form(shoe, image=png_upload()))
    assert Shoe.objects.get().image.name.endswith(".webp")


def test_staff_adds_a_user_whose_email_is_normalised(staff_client):
    response = staff_client.post(
        reverse("admin:accounts_user_add"),
        {
            "email": "New.Person@Sneakers.test",
            "usable_password": "true",
            "password1": "Xk2!pq9#",
            "password2": "Xk2!pq9#",
        },
    )
    assert response.status_code == 302
    assert User.objects.filter(email="new.person@sneakers.test").exists()


def test_brands_filter_by_whether_they_have_shoes(staff_client):
    ShoeFactory(brand__name="Nike")
    BrandFactory(name="Vans")
    url = reverse("admin:catalog_brand_changelist")
    assert [b.name for b in staff_client.get(url, {"has_shoes": "no"}).context["cl"].result_list] == ["Vans"]
    assert [b.name for b in staff_client.get(url, {"has_shoes": "yes"}).context["cl"].result_list] == ["Nike"]
