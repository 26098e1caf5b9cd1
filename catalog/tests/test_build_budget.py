"""Each client's budget of catalogue answers built from the database: misses count against it, kept answers never."""

import pytest

from .factories import ShoeFactory

pytestmark = pytest.mark.django_db

BUDGET = 3


@pytest.fixture(autouse=True)
def budget(settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "catalog_build": f"{BUDGET}/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


@pytest.fixture
def shoe(db):
    return ShoeFactory(name="Storm Glide", brand__name="Nike", sizes={"9": 2})


def searches(client, count: int, **extra) -> list[int]:
    """The statuses of `count` searches nobody made before: each one an answer built anew."""
    return [client.get(f"/api/shoes?limit=28&name=storm{n}", **extra).status_code for n in range(count)]


def test_answers_built_anew_past_the_budget_are_refused_with_when_to_come_back(api_client, shoe):
    assert searches(api_client, BUDGET) == [200] * BUDGET

    refused = api_client.get("/api/shoes?limit=28&name=glide")

    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert 0 < int(refused["Retry-After"]) <= 60


def test_kept_answers_are_never_counted(api_client, shoe):
    # Given the answers of the list and of one shoe kept, and the budget spent on other pages
    assert api_client.get("/api/shoes?limit=28").status_code == 200
    assert api_client.get(f"/api/shoes/{shoe.pk}").status_code == 200
    searches(api_client, BUDGET - 2)

    # Then what is kept is still answered, however often
    for _ in range(2 * BUDGET):
        assert api_client.get("/api/shoes?limit=28&z=1").status_code == 200
        assert api_client.get(f"/api/shoes/{shoe.pk}").status_code == 200
    assert api_client.get("/api/shoes?limit=28&name=new").status_code == 429


def test_a_signed_in_callers_kept_answers_are_not_counted_either(client_for, shopper, shoe):
    client = client_for(shopper)
    assert client.get("/api/shoes?limit=28").status_code == 200

    for _ in range(2 * BUDGET):
        assert client.get("/api/shoes?limit=28").status_code == 200
    assert searches(client, BUDGET - 1) == [200] * (BUDGET - 1)
    assert client.get("/api/shoes?limit=28&name=new").status_code == 429


def test_answers_the_cache_does_not_keep_count_too(api_client, shoe):
    # An Accept header with parameters is always answered anew: it must not be a way around the budget.
    indented = {"HTTP_ACCEPT": "application/json; indent=4"}
    assert [api_client.get("/api/shoes?limit=28", **indented).status_code for _ in range(BUDGET)] == [200] * BUDGET

    assert api_client.get("/api/shoes?limit=28", **indented).status_code == 429


def test_with_the_cache_off_every_read_counts(api_client, shoe, settings):
    settings.SHOP_CATALOG_CACHE_SECONDS = 0

    assert [api_client.get(f"/api/shoes/{shoe.pk}").status_code for _ in range(BUDGET + 1)] == [200] * BUDGET + [429]


def test_each_client_address_has_its_own_budget(api_client, shoe):
    searches(api_client, BUDGET, REMOTE_ADDR="203.0.113.66")
    assert api_client.get("/api/shoes?limit=28&name=x", REMOTE_ADDR="203.0.113.66").status_code == 429

    assert searches(api_client, BUDGET, REMOTE_ADDR="198.51.100.7") == [200] * BUDGET


def test_an_empty_rate_lifts_the_budget(api_client, shoe, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "catalog_build": None}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}

    assert searches(api_client, 3 * BUDGET) == [200] * (3 * BUDGET)
