"""Paging: every list call answers one page of at most 100 items, plain without ?limit=, in the envelope with it."""

import re
from decimal import Decimal
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from catalog.models import Brand, Shoe
from catalog.tests.factories import BrandFactory, ShoeFactory
from favorites.models import Favorite
from orders.tests.factories import OrderFactory
from reviews.models import Review
from shopsite.pagination import OptionalLimitOffsetPagination

pytestmark = pytest.mark.django_db

ROWS = 101


@pytest.fixture
def brands():
    return BrandFactory.create_batch(3)


def test_without_a_limit_a_short_list_comes_whole_and_plain(client, brands):
    response = client.get("/api/brands")
    assert len(response.json()) == 3
    assert response["X-Total-Count"] == "3"
    assert not response.has_header("Link")


def test_a_limit_gives_a_page_with_the_count(client, brands):
    page = client.get("/api/brands?limit=2&offset=1").json()
    assert page["count"] == 3
    assert len(page["results"]) == 2


@pytest.mark.parametrize("limit", ["0", "-1", "abc", "", "1e9"])
def test_a_malformed_limit_still_gives_a_page(client, brands, limit):
    page = client.get(f"/api/brands?limit={limit}").json()
    assert page["count"] == 3
    assert len(page["results"]) == 3


def test_a_page_is_never_larger_than_the_largest(client, brands, rf):
    pagination = OptionalLimitOffsetPagination()
    for limit in ("0", "100000", "junk"):
        request = rf.get("/api/brands", {"limit": limit})
        request.query_params = request.GET
        assert pagination.get_limit(request) == pagination.max_limit


def shoes(**fields) -> list[Shoe]:
    nike = Brand.objects.create(name="Nike")
    values = {"name": "Runner", "description": "Shoe", "color": "Red", "price": Decimal(50), "on_sale": True}
    return Shoe.objects.bulk_create(Shoe(brand=nike, **{**values, **fields}) for _ in range(ROWS))


def users(shopper, shop_admin) -> None:
    User.objects.bulk_create(User(email=f"user{n}@sneakers.test") for n in range(ROWS - 2))


def orders(shopper, shop_admin) -> None:
    OrderFactory.create_batch(ROWS, user=shopper)


def favorites(shopper, shop_admin) -> None:
    Favorite.objects.bulk_create(Favorite(user=shopper, shoe=shoe) for shoe in shoes())


def reviews(shopper, shop_admin) -> int:
    shoe = ShoeFactory()
    buyers = User.objects.bulk_create(User(email=f"buyer{n}@sneakers.test") for n in range(ROWS))
    Review.objects.bulk_create(Review(user=buyer, shoe=shoe, text="Fits", rating=4) for buyer in buyers)
    return shoe.pk


# Each list call: who reads it, the 101 rows it lists, and the filters its links keep (in their normal form).
LISTS = [
    ("anonymous", "/api/shoes", lambda *_: shoes(), {}),
    ("anonymous", "/api/shoes?name=RUN&z=1", lambda *_: shoes(), {"name": "run"}),
    ("anonymous", "/api/shoes?brand=NIKE", lambda *_: shoes(), {"brand": "nike"}),
    ("anonymous", "/api/shoes?color=red&ordering=-price", lambda *_: shoes(), {"color": "red", "ordering": "-price"}),
    ("anonymous", "/api/shoes/onSale", lambda *_: shoes(), {}),
    ("anonymous", "/api/brands", lambda *_: Brand.objects.bulk_create(Brand(name=f"B{n}") for n in range(ROWS)), {}),
    ("shop_admin", "/api/users", users, {}),
    ("shop_admin", "/api/cart", orders, {}),
    ("shopper", "/api/cart/{uid}", orders, {}),
    ("shopper", "/api/favorites/{uid}", favorites, {}),
    ("anonymous", "/api/reviews/{shoe}", reviews, {}),
]
IDS = [path for _, path, _, _ in LISTS]


@pytest.fixture
def listed(request, client_as, shopper, shop_admin):
    """The call of the test's parameters, with its 101 rows made: (client, path, the filters its links keep)."""
    role, path, make, filters = request.param
    shoe = make(shopper, shop_admin)
    return client_as(role), path.format(uid=shopper.uid, shoe=shoe), filters


def address(url: str) -> tuple[str, dict[str, str]]:
    """An absolute address as its path and parameters, which come in name order."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc) == ("http", "testserver")
    pairs = parse_qsl(parts.query)
    assert pairs == sorted(pairs)
    return parts.path, dict(pairs)


def links(response) -> dict[str, tuple[str, dict[str, str]]]:
    """The pages a Link header names (RFC 8288), by relation."""
    return {rel: address(url) for url, rel in re.findall(r'<([^>]*)>; rel="(\w+)"', response.get("Link", ""))}


def link_to(response, rel: str) -> str:
    return re.search(rf'<([^>]*)>; rel="{rel}"', response["Link"]).group(1)


def path_of(path: str) -> str:
    return path.split("?")[0]


@pytest.mark.parametrize("listed", LISTS, indirect=True, ids=IDS)
def test_without_a_limit_the_first_100_come_plain_with_the_total_and_the_next_page(listed):
    client, path, filters = listed
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)

    assert response.status_code == 200
    assert len(response.json()) == 100
    assert response["X-Total-Count"] == str(ROWS)
    assert links(response) == {"next": (path_of(path), {**filters, "offset": "100"})}
    # The page is cut in SQL: no more than a page of rows is ever read.
    assert any("LIMIT 100" in query["sql"] for query in queries)


@pytest.mark.parametrize("listed", LISTS, indirect=True, ids=IDS)
def test_the_next_link_leads_to_the_last_page_which_has_no_next(listed):
    client, path, filters = listed
    response = client.get(link_to(client.get(path), "next"))

    assert len(response.json()) == 1
    assert response["X-Total-Count"] == str(ROWS)
    assert links(response) == {"prev": (path_of(path), filters)}


@pytest.mark.parametrize("listed", LISTS, indirect=True, ids=IDS)
def test_with_a_limit_the_envelope_of_at_most_100(listed):
    client, path, filters = listed
    join = "&" if "?" in path else "?"

    response = client.get(f"{path}{join}limit=5&offset=5")
    page = response.json()
    assert (page["count"], len(page["results"])) == (ROWS, 5)
    assert address(page["next"]) == (path_of(path), {**filters, "limit": "5", "offset": "10"})
    assert address(page["previous"]) == (path_of(path), {**filters, "limit": "5"})
    assert not response.has_header("X-Total-Count")

    assert len(client.get(f"{path}{join}limit=1000").json()["results"]) == 100


def test_the_colors_are_100_at_most(client):
    nike = Brand.objects.create(name="Nike")
    Shoe.objects.bulk_create(
        Shoe(brand=nike, name="Runner", description="Shoe", color=f"Color {n:03}", price=50) for n in range(ROWS)
    )
    colors = client.get("/api/shoes/colors").json()
    assert colors == [f"Color {n:03}" for n in range(100)]
