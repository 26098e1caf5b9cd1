"""The OpenAPI schema and its docs page, served without any CDN."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_schema_lists_the_catalogue_calls(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in ["/api/shoes", "/api/shoes/onSale", "/api/shoes/{id}", "/api/shoes/addSize/{id}",
                 "/api/admin/onsale/{id}", "/api/brands", "/api/brands/{id}"]:  # fmt: skip
        assert path in paths, path


def test_the_docs_page_loads_its_assets_from_this_server(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn" not in html.lower()


def test_server_errors_under_api_are_json(rf):
    from shopsite.errors import server_error

    response = server_error(rf.get("/api/shoes"))
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"


def test_the_schema_validates_without_a_warning():
    from django.core.management import call_command

    # --fail-on-warn turns any field or view the generator could not describe into an error.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")


def test_list_calls_document_both_answers(client):
    shoes = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]["/api/shoes"]["get"]
    schema = shoes["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/PaginatedShoeList"}
    assert {parameter["name"] for parameter in shoes["parameters"]} == {
        "limit",
        "offset",
        "name",
        "brand",
        "color",
        "ordering",
        "size",
        "inStock",
    }
