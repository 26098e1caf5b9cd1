"""Sale prices (issue 30): the constraint, the price history every writer keeps, the EU Omnibus rule's lowest price of
the 30 days before a reduction, and what the shoe's answers show of them."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from functools import partial

import pytest
from django.db import IntegrityError, transaction
from django.db.models import F
from django.test import Client

from accounts.models import User
from accounts.tests.factories import PASSWORD
from activity import services as activity
from catalog import cache as cache_module
from catalog import services
from catalog.models import PriceChange, Shoe
from catalog.prices import PricePoint, lowest_prior_price

from .factories import ShoeFactory

D = Decimal
DAY0 = datetime(2026, 1, 1, tzinfo=UTC)


def point(day: int, price_now: str, *, reduced: bool = False) -> PricePoint:
    return PricePoint(at=DAY0 + timedelta(days=day), price_now=D(price_now), reduced=reduced)


@pytest.mark.parametrize(
    ("history", "lowest"),
    [
        pytest.param([point(0, "100")], None, id="not reduced"),
        pytest.param([point(0, "100"), point(40, "90", reduced=True)], D("100"), id="one cut"),
        # The price raised within the 30 days to make the cut look larger: the price before the raise counts.
        pytest.param([point(0, "100"), point(20, "120"), point(40, "90", reduced=True)], D("100"), id="raise then cut"),
        pytest.param(
            [point(0, "100"), point(5, "120"), point(40, "90", reduced=True)], D("120"), id="raised before the 30 days"
        ),
        # A further cut does not start a new reduction: the price before the first cut is the reference.
        pytest.param(
            [point(0, "100"), point(40, "90", reduced=True), point(50, "80", reduced=True)], D("100"), id="cut twice"
        ),
        pytest.param(
            [point(0, "100"), point(20, "70", reduced=True), point(30, "100"), point(45, "90", reduced=True)],
            D("70"),
            id="an earlier sale within the 30 days",
        ),
        pytest.param(
            [point(0, "100"), point(5, "70", reduced=True), point(10, "100"), point(50, "90", reduced=True)],
            D("100"),
            id="an earlier sale older than 30 days",
        ),
        pytest.param(
            [point(0, "100"), point(5, "70", reduced=True), point(10, "100"), point(40, "90", reduced=True)],
            D("100"),
            id="the window opens as the earlier sale has ended",
        ),
        pytest.param([point(30, "100"), point(40, "90", reduced=True)], D("100"), id="a shoe 10 days old"),
        pytest.param([point(40, "90", reduced=True)], None, id="reduced from its first day"),
    ],
)
def test_the_lowest_price_of_the_30_days_before_the_reduction(history, lowest):
    assert lowest_prior_price(history) == lowest


@pytest.mark.django_db
class TestTheModel:
    @pytest.mark.parametrize(("sale_price", "allowed"), [("89.99", True), ("100", False), ("120", False), ("0", False)])
    def test_a_sale_price_is_above_zero_and_below_the_price(self, sale_price, allowed):
        shoe = ShoeFactory(price=D("100"))
        shoe.sale_price = D(sale_price)
        if allowed:
            shoe.save()
        else:
            with pytest.raises(IntegrityError), transaction.atomic():
                shoe.save()

    @pytest.mark.parametrize(
        ("on_sale", "sale_price", "price_now", "reduced"),
        [
            (False, None, "100", False),
            (True, None, "100", False),
            (False, "80", "100", False),
            (True, "80", "80", True),
        ],
    )
    def test_it_sells_at_its_sale_price_only_on_sale(self, on_sale, sale_price, price_now, reduced):
        shoe = Shoe(price=D("100"), on_sale=on_sale, sale_price=sale_price and D(sale_price))
        assert (shoe.price_now, shoe.reduced) == (D(price_now), reduced)


def history_of(shoe: Shoe) -> list[tuple]:
    return list(
        PriceChange.objects.filter(shoe=shoe).values_list("price", "sale_price", "on_sale", "price_now").order_by("pk")
    )


def days_pass(days: int) -> None:
    """Every shoe's history moves that many days into the past, as if they had passed."""
    PriceChange.objects.update(at=F("at") - timedelta(days=days))


@pytest.fixture
def committed(django_capture_on_commit_callbacks, monkeypatch):
    """Writes committed as a request's are (the catalogue's version moves on), read by callers that trust no version."""
    monkeypatch.setattr(cache_module, "VERSION_TRUST_SECONDS", 0)
    return partial(django_capture_on_commit_callbacks, execute=True)


def shoe_form(**overrides) -> dict:
    form = {"brand": "Nike", "name": "Air Swift", "description": "Light", "color": "Red", "price": "120"}
    return {**form, **overrides}


@pytest.mark.django_db
class TestHistory:
    """Every path that changes a price, a sale price or the sale flag writes a row; other changes write none."""

    def test_the_create_form(self, admin_client):
        ShoeFactory(brand__name="Nike")  # the brand
        response = admin_client.post("/api/shoes", shoe_form(salePrice="99.50", size="9", q="1"), format="multipart")
        assert response.status_code == 201, response.json()
        assert response.json()["salePrice"] == 99.5
        assert history_of(Shoe.objects.get(pk=response.json()["_id"])) == [(D("120"), D("99.50"), False, D("120"))]

    def test_the_modify_form(self, admin_client):
        shoe = ShoeFactory(brand__name="Nike", price=D("120"))
        put = admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(salePrice="90", onSale="true"), format="multipart")
        assert put.status_code == 200, put.json()
        assert (put.json()["salePrice"], put.json()["onSale"]) == (90, True)
        # Left out, the sale price is kept; sent empty, it is cleared.
        admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(description="Other"), format="multipart")
        admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(salePrice=""), format="multipart")
        assert history_of(shoe) == [
            (D("120"), None, False, D("120")),
            (D("120"), D("90"), True, D("90")),
            (D("120"), None, True, D("120")),
        ]

    @pytest.mark.parametrize(("price", "sale_price"), [("120", "120"), ("120", "130"), ("50", None)])
    def test_a_sale_price_not_below_the_price_is_refused(self, admin_client, price, sale_price):
        shoe = ShoeFactory(brand__name="Nike", price=D("120"), sale_price=D("60"))
        form = shoe_form(price=price) if sale_price is None else shoe_form(price=price, salePrice=sale_price)
        response = admin_client.put(f"/api/shoes/{shoe.pk}", form, format="multipart")
        assert response.status_code == 400
        assert response.json()["salePrice"] == ["The sale price must be below the price"]
        assert len(history_of(shoe)) == 1

    def test_the_sale_switch_one_shoe_or_many(self, admin_client):
        shoe = ShoeFactory(price=D("100"), sale_price=D("80"))
        assert admin_client.put(f"/api/admin/onsale/{shoe.pk}", {"onSale": True}).status_code == 200
        services.shoes_on_sale_set(actor=activity.command("test"), shoe_ids=[shoe.pk], on_sale=False)
        assert [row[-1] for row in history_of(shoe)] == [D("100"), D("80"), D("100")]

    def test_the_django_admin_form(self):
        shoe = ShoeFactory(price=D("100"))
        User.objects.create_superuser("root@sneakers.test", PASSWORD)
        browser = Client()
        browser.login(email="root@sneakers.test", password=PASSWORD)
        form = {
            "name": shoe.name, "brand": shoe.brand_id, "description": "Light", "color": "Black", "price": "100",
            "sale_price": "75", "on_sale": "on",
            "stock-TOTAL_FORMS": "0", "stock-INITIAL_FORMS": "0",
            "stock-MIN_NUM_FORMS": "0", "stock-MAX_NUM_FORMS": "1000",
        }  # fmt: skip
        response = browser.post(f"/django-admin/catalog/shoe/{shoe.pk}/change/", form)
        assert response.status_code == 302, response.context["adminform"].form.errors
        refused = browser.post(f"/django-admin/catalog/shoe/{shoe.pk}/change/", {**form, "sale_price": "100"})
        assert "The sale price must be below the price" in refused.content.decode()
        assert history_of(shoe) == [(D("100"), None, False, D("100")), (D("100"), D("75"), True, D("75"))]

    def test_other_changes_write_none(self, admin_client):
        shoe = ShoeFactory(brand__name="Nike", price=D("120"))
        admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(name="Renamed", size="9", q="3"), format="multipart")
        assert len(history_of(shoe)) == 1


@pytest.mark.django_db
class TestLowestPriceNotice:
    def test_a_reduction_keeps_the_lowest_price_of_the_30_days_before_it(
        self, admin_client, api_client, settings, committed
    ):
        settings.SHOP_LOWEST_PRICE_NOTICE = True
        shoe = ShoeFactory(brand__name="Nike", price=D("100"))
        days_pass(40)
        # A short sale 20 days ago, then the price raised, then a new sale today.
        with committed():
            admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(price="100", salePrice="70", onSale="true"))
        days_pass(1)
        with committed():
            admin_client.put(f"/api/admin/onsale/{shoe.pk}", {"onSale": False})
        days_pass(19)
        with committed():
            admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(price="130", salePrice=""))
        with committed():
            admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(price="130", salePrice="99", onSale="true"))

        assert api_client.get(f"/api/shoes/{shoe.pk}").json()["lowestPrice30Days"] == 70
        # A further cut keeps the reference of the reduction it belongs to.
        with committed():
            admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(price="130", salePrice="89"))
        answer = api_client.get(f"/api/shoes/{shoe.pk}").json()
        assert (answer["salePrice"], answer["lowestPrice30Days"]) == (89, 70)
        assert (
            next(s for s in api_client.get("/api/shoes/onSale").json() if s["_id"] == shoe.pk)["lowestPrice30Days"]
            == 70
        )

    def test_without_the_setting_answers_do_not_carry_it(self, admin_client, api_client, committed):
        shoe = ShoeFactory(brand__name="Nike", price=D("100"))
        with committed():
            admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(price="100", salePrice="70", onSale="true"))
        assert "lowestPrice30Days" not in api_client.get(f"/api/shoes/{shoe.pk}").json()
        assert Shoe.objects.get().lowest_prior_price == D("100")


@pytest.mark.django_db
def test_a_price_change_moves_the_cached_answers_on(admin_client, api_client, committed):
    shoe = ShoeFactory(brand__name="Nike", price=D("100"))
    for path in ("/api/shoes", f"/api/shoes/{shoe.pk}", "/api/shoes?name=Runner"):
        api_client.get(path)
    with committed():
        admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(price="100", salePrice="70", onSale="true"))
    with committed():
        services.shoes_on_sale_set(actor=activity.command("test"), shoe_ids=[shoe.pk], on_sale=True)

    answers = [api_client.get("/api/shoes").json()[0], api_client.get(f"/api/shoes/{shoe.pk}").json()]
    assert [(answer["salePrice"], answer["onSale"]) for answer in answers] == [(70, True), (70, True)]
    assert api_client.get("/api/shoes/onSale").json()[0]["salePrice"] == 70
