"""The review calls: anyone reads, a buyer whose order was Received writes once, only the author edits or deletes."""

import pytest

from accounts.tests.factories import UserFactory
from catalog.models import Shoe
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from orders.tests.factories import OrderFactory, OrderLineFactory
from reviews.models import Review

SHORT = "Review must contain at least 5 characters."
SHORT_UPDATE = "Review update must contain at least 5 characters."
RANGE = "Rate from 1 to 5 stars."


@pytest.fixture
def shoe(db):
    return ShoeFactory(name="Air Swift", sizes={"9": 2})


def bought(user, shoe, status=Order.Status.RECEIVED, **order) -> Order:
    order = OrderFactory(user=user, status=status, **order)
    OrderLineFactory(order=order, shoe=shoe)
    return order


@pytest.fixture
def buyer(shopper, shoe):
    bought(shopper, shoe)
    return shopper


def url(shoe) -> str:
    return f"/api/reviews/{shoe.pk}"


def counters(shoe) -> tuple:
    shoe = Shoe.objects.get(pk=shoe.pk)
    return shoe.review_count, shoe.rating_total


def test_a_buyer_whose_order_was_received_reviews_the_shoe(shopper_client, buyer, shoe):
    answer = shopper_client.post(url(shoe), {"review": "Fits like a glove", "rating": 4, "idUser": "someone-else"})

    assert answer.status_code == 201
    body = answer.json()
    assert {key: body[key] for key in ("review", "rating", "own")} == {
        "review": "Fits like a glove",
        "rating": 4,
        "own": True,
    }
    assert Review.objects.get().user == buyer
    assert counters(shoe) == (1, 4)


def test_the_rating_defaults_to_one_star(shopper_client, buyer, shoe):
    assert shopper_client.post(url(shoe), {"review": "Just fine"}).json()["rating"] == 1


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ("none", "not_a_buyer"),
        ("pending", "not_a_buyer"),
        ("unpaid", "not_a_buyer"),
        ("other_shoe", "not_a_buyer"),
    ],
)
def test_only_a_buyer_with_a_received_order_of_this_shoe_may_review(shopper_client, shopper, shoe, setup, code):
    if setup == "pending":
        bought(shopper, shoe, status=Order.Status.PENDING)
    elif setup == "unpaid":
        bought(shopper, shoe, payment=Order.Payment.DECLINED, paid_at=None)
    elif setup == "other_shoe":
        bought(shopper, ShoeFactory())

    answer = shopper_client.post(url(shoe), {"review": "Fits like a glove", "rating": 5})

    assert answer.status_code == 403
    assert answer.json() == {"detail": "You haven't bought these yet", "code": code}
    assert not Review.objects.exists()
    assert counters(shoe) == (0, 0)


def test_a_second_review_by_the_same_buyer_is_refused(shopper_client, buyer, shoe):
    shopper_client.post(url(shoe), {"review": "Fits like a glove", "rating": 4})

    answer = shopper_client.post(url(shoe), {"review": "Changed my mind", "rating": 1})

    assert answer.status_code == 409
    assert answer.json()["code"] == "already_reviewed"
    assert list(Review.objects.values_list("text", flat=True)) == ["Fits like a glove"]
    assert counters(shoe) == (1, 4)


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"review": "Good", "rating": 3}, {"review": [SHORT]}),
        ({"review": "   Good   ", "rating": 3}, {"review": [SHORT]}),
        ({"review": "", "rating": 3}, {"review": [SHORT]}),
        ({"rating": 3}, {"review": [SHORT]}),
        ({"review": "x" * 1001}, {"review": ["A review can have at most 1000 characters."]}),
        ({"review": "Great shoes", "rating": 0}, {"rating": [RANGE]}),
        ({"review": "Great shoes", "rating": 6}, {"rating": [RANGE]}),
        ({"review": "Great shoes", "rating": "five"}, {"rating": [RANGE]}),
    ],
)
def test_a_review_against_the_rules_is_refused(shopper_client, buyer, shoe, body, errors):
    answer = shopper_client.post(url(shoe), body, format="json")

    assert answer.status_code == 400
    assert answer.json() == errors
    assert not Review.objects.exists()


@pytest.mark.parametrize(("role", "expected"), [("anonymous", 401), ("disabled_user", 403)])
def test_only_a_signed_in_enabled_user_may_review(request, api_client, client_for, shoe, role, expected):
    user = request.getfixturevalue(role) if role != "anonymous" else None
    if user:
        bought(user, shoe)
    client = client_for(user) if user else api_client

    assert client.post(url(shoe), {"review": "Fits like a glove"}).status_code == expected
    assert not Review.objects.exists()


def test_reviews_of_an_unknown_shoe_are_not_found(api_client, shopper_client, buyer, shoe):
    assert api_client.get(f"/api/reviews/{shoe.pk + 100}").status_code == 404
    assert shopper_client.post(f"/api/reviews/{shoe.pk + 100}", {"review": "Fits like a glove"}).status_code == 404


def test_anyone_reads_reviews_newest_first_without_the_authors(api_client, client_for, shopper, other_shopper, shoe):
    bought(shopper, shoe)
    bought(other_shopper, shoe)
    client_for(shopper).post(url(shoe), {"review": "First pair I loved", "rating": 5})
    client_for(other_shopper).post(url(shoe), {"review": "Runs a bit small", "rating": 2})

    anonymous = api_client.get(url(shoe)).json()
    mine = client_for(shopper).get(url(shoe)).json()

    assert [(review["review"], review["own"]) for review in anonymous] == [
        ("Runs a bit small", False),
        ("First pair I loved", False),
    ]
    assert [review["own"] for review in mine] == [False, True]
    assert set(anonymous[0]) == {"_id", "review", "rating", "date", "own"}
    assert shopper.email not in str(mine) and shopper.uid not in str(mine)
    shoe_answer = api_client.get(f"/api/shoes/{shoe.pk}").json()
    assert (shoe_answer["rating"], shoe_answer["reviewCount"]) == (3.5, 2)


def test_the_review_list_runs_the_same_queries_for_one_review_or_thirty(
    api_client, shoe, django_assert_max_num_queries
):
    def add(count: int) -> None:
        for _ in range(count):
            Review.objects.create(user=UserFactory(), shoe=shoe, text="Great shoes", rating=4)

    add(1)
    with django_assert_max_num_queries(3):
        assert len(api_client.get(f"{url(shoe)}?limit=30").json()["results"]) == 1
    add(29)
    with django_assert_max_num_queries(3):
        assert len(api_client.get(f"{url(shoe)}?limit=30").json()["results"]) == 30


def test_eligibility_tells_a_buyer_from_a_shopper_who_has_not_bought(client_for, shopper, other_shopper, shoe):
    bought(shopper, shoe)
    bought(other_shopper, shoe, status=Order.Status.PENDING)

    assert client_for(shopper).get(f"{url(shoe)}/eligibility").json() == {"bought": True, "reviewed": False}
    assert client_for(other_shopper).get(f"{url(shoe)}/eligibility").json() == {"bought": False, "reviewed": False}
    client_for(shopper).post(url(shoe), {"review": "Fits like a glove"})
    assert client_for(shopper).get(f"{url(shoe)}/eligibility").json() == {"bought": True, "reviewed": True}


def test_eligibility_needs_a_signed_in_user(api_client, shoe):
    assert api_client.get(f"{url(shoe)}/eligibility").status_code == 401


@pytest.fixture
def review(shopper_client, buyer, shoe):
    return Review.objects.get(
        pk=shopper_client.post(url(shoe), {"review": "Fits like a glove", "rating": 4}).json()["_id"]
    )


def test_the_author_edits_their_review_and_the_rating_follows(shopper_client, review, shoe):
    answer = shopper_client.put(f"/api/reviews/exact/{review.pk}", {"review": "Even better after a month", "rating": 5})

    assert answer.status_code == 200
    assert (answer.json()["review"], answer.json()["rating"]) == ("Even better after a month", 5)
    assert counters(shoe) == (1, 5)


def test_an_edit_without_a_rating_keeps_the_stars(shopper_client, review, shoe):
    shopper_client.put(f"/api/reviews/exact/{review.pk}", {"review": "Even better after a month"})

    review.refresh_from_db()
    assert (review.text, review.rating) == ("Even better after a month", 4)


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"review": "Meh", "rating": 2}, {"review": [SHORT_UPDATE]}),
        ({"review": "Still great", "rating": 6}, {"rating": [RANGE]}),
    ],
)
def test_an_edit_against_the_rules_changes_nothing(shopper_client, review, shoe, body, errors):
    answer = shopper_client.put(f"/api/reviews/exact/{review.pk}", body)

    assert answer.status_code == 400
    assert answer.json() == errors
    review.refresh_from_db()
    assert (review.text, review.rating) == ("Fits like a glove", 4)
    assert counters(shoe) == (1, 4)


def test_the_author_deletes_their_review_and_the_rating_follows(shopper_client, review, shoe):
    assert shopper_client.delete(f"/api/reviews/exact/{review.pk}").status_code == 204

    assert not Review.objects.exists()
    assert counters(shoe) == (0, 0)
    assert shopper_client.get(f"/api/shoes/{shoe.pk}").json()["rating"] is None


@pytest.mark.parametrize(("role", "expected"), [("anonymous", 401), ("other_shopper", 403), ("shop_admin", 403)])
def test_nobody_but_the_author_edits_or_deletes_a_review(client_as, review, shoe, role, expected):
    client = client_as(role)

    edited = client.put(f"/api/reviews/exact/{review.pk}", {"review": "Terrible shoes", "rating": 1})
    deleted = client.delete(f"/api/reviews/exact/{review.pk}")

    assert (edited.status_code, deleted.status_code) == (expected, expected)
    review.refresh_from_db()
    assert (review.text, review.rating) == ("Fits like a glove", 4)
    assert counters(shoe) == (1, 4)


def test_an_unknown_review_is_not_found(shopper_client, review):
    assert shopper_client.put(f"/api/reviews/exact/{review.pk + 1}", {"review": "Whatever it is"}).status_code == 404
    assert shopper_client.delete(f"/api/reviews/exact/{review.pk + 1}").status_code == 404
