"""Paging: a list call pages only when asked, and never answers more than a page when asked."""

import pytest

from catalog.tests.factories import BrandFactory
from shopsite.pagination import OptionalLimitOffsetPagination

pytestmark = pytest.mark.django_db


@pytest.fixture
def brands():
    return BrandFactory.create_batch(3)


def test_without_a_limit_the_whole_list_comes_plain(client, brands):
    assert len(client.get("/api/brands").json()) == 3


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
