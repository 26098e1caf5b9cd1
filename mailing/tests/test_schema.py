"""The mailing calls in the OpenAPI schema."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_schema_describes_both_calls(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    newsletter = paths["/api/mail/newsletter"]["post"]
    contact = paths["/api/mail/contactUs"]["post"]
    # One answer whatever the address's state (double opt-in).
    assert set(newsletter["responses"]) == {"200", "400", "403", "415", "429"}
    assert set(contact["responses"]) == {"201", "400", "403", "415", "429"}
    assert newsletter["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/NewsletterSignupInputRequest"
    }
