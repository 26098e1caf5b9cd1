"""Requests Django refuses before any view: JSON under /api/, and bodies past the limit never parsed."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

TOO_BIG = "a" * 3_000_000  # past DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB)


@pytest.mark.parametrize("path", ["/api/auth/signin", "/api/cart/quote", "/api/mail/newsletter"])
def test_a_json_body_past_the_limit_is_refused_with_413(client, path):
    answer = client.post(path, '{"email": "' + TOO_BIG + '"}', content_type="application/json")
    assert answer.status_code == 413
    assert answer.json() == {"detail": "The request is too large.", "code": "too_large"}


def test_a_json_body_within_the_limit_is_read(client):
    answer = client.post("/api/cart/quote", {"shoes": []}, content_type="application/json")
    assert answer.status_code == 400
    assert "shoes" in answer.json()


def test_a_bad_host_under_api_gets_json():
    answer = Client(HTTP_HOST="evil.example").get("/api/shoes")
    assert answer.status_code == 400
    assert answer.json() == {"detail": "Bad request.", "code": "bad_request"}


def test_a_bad_host_elsewhere_gets_the_plain_page():
    answer = Client(HTTP_HOST="evil.example").get("/products")
    assert answer.status_code == 400
    assert answer["Content-Type"].startswith("text/html")
