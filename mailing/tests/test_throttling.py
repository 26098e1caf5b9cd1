"""One client may post only so often: scripts must not fill the tables or the shop's inbox."""

import pytest

pytestmark = pytest.mark.django_db

NEWSLETTER = ("/api/mail/newsletter", lambda n: {"email": f"reader{n}@example.com"})
CONTACT = ("/api/mail/contactUs", lambda n: {"name": "Jane", "email": "j@example.com", "message": f"Message {n:>20}"})


@pytest.fixture
def low_rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"newsletter": "3/hour", "contact": "2/hour"},
    }


@pytest.mark.parametrize(("call", "allowed"), [(NEWSLETTER, 3), (CONTACT, 2)], ids=["newsletter", "contact"])
def test_the_call_after_the_limit_gets_429_with_retry_after(api_client, low_rates, call, allowed):
    url, body = call
    for n in range(allowed):
        assert api_client.post(url, body(n)).status_code in (200, 201)

    response = api_client.post(url, body(allowed))

    assert response.status_code == 429
    # The wait counts down from the first call: a second past it (a slow machine) says 3599, in both places alike.
    wait = int(response["Retry-After"])
    assert 3000 < wait <= 3600
    assert response.json() == {
        "detail": f"Request was throttled. Expected available in {wait} seconds.",
        "code": "throttled",
    }


def test_bad_input_counts_too(api_client, low_rates):
    for _ in range(3):
        assert api_client.post("/api/mail/newsletter", {"email": "nope"}).status_code == 400
    assert api_client.post("/api/mail/newsletter", {"email": "ana@example.com"}).status_code == 429


def test_each_form_has_its_own_count(api_client, low_rates):
    for n in range(3):
        api_client.post(NEWSLETTER[0], NEWSLETTER[1](n))
    assert api_client.post(CONTACT[0], CONTACT[1](0)).status_code == 201


def test_other_clients_are_not_held_back(api_client, low_rates):
    for n in range(3):
        api_client.post(NEWSLETTER[0], NEWSLETTER[1](n), REMOTE_ADDR="10.0.0.1")
    assert api_client.post(NEWSLETTER[0], NEWSLETTER[1](9), REMOTE_ADDR="10.0.0.1").status_code == 429
    assert api_client.post(NEWSLETTER[0], NEWSLETTER[1](9), REMOTE_ADDR="10.0.0.2").status_code == 200


def test_a_forged_forwarded_for_header_does_not_escape_the_limit(api_client, low_rates):
    for n in range(3):
        api_client.post(NEWSLETTER[0], NEWSLETTER[1](n))
    response = api_client.post(NEWSLETTER[0], NEWSLETTER[1](9), HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert response.status_code == 429


@pytest.mark.parametrize(
    ("scope", "variable", "default"),
    [("newsletter", "SHOP_NEWSLETTER_RATE", "10/hour"), ("contact", "SHOP_CONTACT_RATE", "5/hour")],
)
def test_the_default_rates_come_from_the_environment(settings, scope, variable, default):
    from shopsite.tests.test_settings import setting_in_fresh_process

    rate = f"REST_FRAMEWORK['DEFAULT_THROTTLE_RATES']['{scope}']"
    assert setting_in_fresh_process(rate, settings.VAR_DIR) == default
    assert setting_in_fresh_process(rate, settings.VAR_DIR, **{variable: "1/minute"}) == "1/minute"
