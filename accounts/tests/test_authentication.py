"""Who the API sees: signed-in users through the session, refused when not Enabled."""

import pytest

from accounts.errors import ACCOUNT_DISABLED
from catalog.models import Brand

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("user", ["disabled_user", "eliminated_user"])
@pytest.mark.parametrize(("method", "path"), [("get", "/api/shoes"), ("post", "/api/brands")])
def test_a_disabled_or_eliminated_account_is_refused_with_the_spec_message(request, client_for, user, method, path):
    client = client_for(request.getfixturevalue(user))
    response = getattr(client, method)(path, {"name": "Puma"} if method == "post" else None)
    assert response.status_code == 403
    assert response.json() == {"detail": ACCOUNT_DISABLED, "code": "account_disabled"}
    assert not Brand.objects.exists()


def test_a_disabled_manager_is_refused_too(client_for, disabled_user):
    disabled_user.manager = True
    disabled_user.save()
    assert client_for(disabled_user).post("/api/brands", {"name": "Puma"}).status_code == 403


def test_an_anonymous_write_asks_to_sign_in(api_client):
    response = api_client.post("/api/brands", {"name": "Puma"})
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert "WWW-Authenticate" in response.headers


def test_a_signed_in_write_without_the_csrf_header_is_refused(client_for, shop_admin):
    client = client_for(shop_admin, enforce_csrf=True)
    response = client.post("/api/brands", {"name": "Puma"})
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    assert not Brand.objects.exists()


def test_a_signed_in_write_with_the_csrf_header_goes_through(client_for, shop_admin):
    client = client_for(shop_admin, enforce_csrf=True)
    client.get("/api/csrf")  # as the storefront asks before its first write
    token = client.cookies["csrftoken"].value
    response = client.post("/api/brands", {"name": "Puma"}, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201
