"""GET/POST/DELETE /favorites/{uid}: a user's own favorites; an administrator may read them."""

import pytest

from catalog.tests.factories import ShoeFactory
from favorites.models import Favorite


@pytest.fixture
def shoe(db):
    return ShoeFactory(name="Air Swift", sizes={"9": 2})


def url(user) -> str:
    return f"/api/favorites/{user.uid}"


def test_a_shopper_adds_a_favorite_once_however_often_they_click(shopper_client, shopper, shoe):
    first = shopper_client.post(url(shopper), {"shoeId": shoe.pk})
    again = shopper_client.post(url(shopper), {"shoeId": shoe.pk})

    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["message"] == "Shoe added to Favorites"
    assert first.json()["favorite"] == again.json()["favorite"]
    assert first.json()["favorite"]["shoeId"] == shoe.pk
    assert first.json()["favorite"]["shoe"]["name"] == "Air Swift"
    assert Favorite.objects.count() == 1


def test_favorites_are_listed_newest_first_with_their_shoes_and_paged(shopper_client, shopper):
    shoes = [ShoeFactory(sizes={"9": 1}) for _ in range(3)]
    for shoe in shoes:
        shopper_client.post(url(shopper), {"shoeId": shoe.pk})

    everything = shopper_client.get(url(shopper)).json()
    second_page = shopper_client.get(f"{url(shopper)}?limit=2&offset=2").json()

    assert [favorite["shoeId"] for favorite in everything] == [shoe.pk for shoe in reversed(shoes)]
    assert everything[0]["shoe"]["stock"][0]["size"] == "9"
    assert second_page["count"] == 3
    assert [favorite["shoeId"] for favorite in second_page["results"]] == [shoes[0].pk]


def test_the_detail_page_asks_whether_one_shoe_is_a_favorite(shopper_client, shopper, shoe):
    other = ShoeFactory()
    shopper_client.post(url(shopper), {"shoeId": shoe.pk})

    assert [favorite["shoeId"] for favorite in shopper_client.get(f"{url(shopper)}?shoeId={shoe.pk}").json()] == [
        shoe.pk
    ]
    assert shopper_client.get(f"{url(shopper)}?shoeId={other.pk}").json() == []
    assert shopper_client.get(f"{url(shopper)}?shoeId=abc").status_code == 400


def test_a_shopper_removes_a_favorite_and_removing_it_again_is_no_error(shopper_client, shopper, shoe):
    shopper_client.post(url(shopper), {"shoeId": shoe.pk})

    removed = shopper_client.delete(url(shopper), {"shoeId": shoe.pk})
    again = shopper_client.delete(url(shopper), {"shoeId": shoe.pk})

    assert removed.status_code == again.status_code == 200
    assert removed.json() == {"message": "Shoe removed from Favorites"}
    assert not Favorite.objects.exists()


def test_an_unknown_shoe_cannot_be_a_favorite(shopper_client, shopper, shoe):
    answer = shopper_client.post(url(shopper), {"shoeId": shoe.pk + 100})

    assert answer.status_code == 404
    assert not Favorite.objects.exists()


@pytest.mark.parametrize("body", [{}, {"shoeId": "x"}, {"shoeId": 0}, {"shoeId": None}])
def test_a_malformed_favorite_is_a_bad_request(shopper_client, shopper, body):
    assert shopper_client.post(url(shopper), body).status_code == 400
    assert not Favorite.objects.exists()


@pytest.mark.parametrize(
    ("role", "read", "write"),
    [
        ("anonymous", 401, 401),
        ("other_shopper", 403, 403),
        ("disabled_user", 403, 403),
        ("eliminated_user", 403, 403),
        ("shop_admin", 200, 403),
    ],
)
def test_favorites_of_another_uid_are_refused(client_as, shopper, shoe, role, read, write):
    Favorite.objects.create(user=shopper, shoe=shoe)
    client = client_as(role)

    assert client.get(url(shopper)).status_code == read
    assert client.post(url(shopper), {"shoeId": ShoeFactory().pk}).status_code == write
    assert client.delete(url(shopper), {"shoeId": shoe.pk}).status_code == write
    assert list(Favorite.objects.values_list("user", "shoe")) == [(shopper.pk, shoe.pk)]


def test_the_favorites_list_runs_the_same_queries_for_one_or_twenty(
    shopper_client, shopper, django_assert_max_num_queries
):
    def add(count: int) -> None:
        for _ in range(count):
            Favorite.objects.create(user=shopper, shoe=ShoeFactory(sizes={"9": 1, "10": 2}))

    add(1)
    with django_assert_max_num_queries(5):
        assert len(shopper_client.get(f"{url(shopper)}?limit=20").json()["results"]) == 1
    add(19)
    with django_assert_max_num_queries(5):
        assert len(shopper_client.get(f"{url(shopper)}?limit=20").json()["results"]) == 20
