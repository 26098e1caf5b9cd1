"""Nothing a customer wrote or bought is lost by an admin's delete: a shoe they point at is archived, not deleted.

Archived, a shoe is out of the shop (lists, search, its page, carts, favorites) and kept for its orders and reviews,
until an admin restores it. A shoe no order, review or favorite points at is still deleted, with its picture.
"""

from datetime import timedelta
from decimal import Decimal
from functools import partial
from io import StringIO

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from accounts.tests.factories import UserFactory
from catalog import services
from catalog.importing import shoes_import
from catalog.models import Shoe, StockEntry
from favorites.models import Favorite
from orders.models import OrderLine
from orders.tests.checkout import body, line
from orders.tests.factories import OrderFactory, OrderLineFactory
from reviews.models import Review

from .factories import BrandFactory, ShoeFactory
from .images import png_upload
from .test_catalog_cache import warm

pytestmark = pytest.mark.django_db


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Writes inside it run their after-commit work (the version's bump, a picture's removal) when it ends."""
    return partial(django_capture_on_commit_callbacks, execute=True)


@pytest.fixture
def shoe(db) -> Shoe:
    picture = default_storage.save("shoes/air-swift.webp", png_upload())
    return ShoeFactory(
        name="Air Swift", brand=BrandFactory(name="Nike"), color="Red", price=Decimal("120"), on_sale=True,
        image=picture, sizes={"9": 5, "9.5": 3},
    )  # fmt: skip


def bought(shoe: Shoe, user=None) -> OrderLine:
    order = OrderFactory(user=user) if user else OrderFactory()
    return OrderLineFactory(order=order, shoe=shoe, quantity=1, unit_price=12000)


def reviewed(shoe: Shoe, user=None) -> Review:
    review = Review.objects.create(user=bought(shoe, user).order.user, shoe=shoe, text="Fits well", rating=4)
    Shoe.objects.filter(pk=shoe.pk).update(review_count=1, rating_total=4)
    return review


def liked(shoe: Shoe, user=None) -> Favorite:
    return Favorite.objects.create(user=user or UserFactory(), shoe=shoe)


HISTORY = {"an order": bought, "a review": reviewed, "a favorite": liked}


def archived(shoe: Shoe) -> bool:
    return Shoe.objects.filter(pk=shoe.pk, archived_at__isnull=False).exists()


class TestTheRule:
    def test_a_shoe_nobody_points_at_is_deleted_with_its_stock_and_picture(self, shoe, committed):
        with committed():
            assert services.shoe_delete(actor=None, shoe=shoe) is False

        assert not Shoe.objects.filter(pk=shoe.pk).exists()
        assert not StockEntry.objects.filter(shoe_id=shoe.pk).exists()
        assert not default_storage.exists(shoe.image.name)

    @pytest.mark.parametrize("history", HISTORY)
    def test_a_shoe_with_history_is_archived_and_keeps_everything(self, shoe, committed, history):
        kept = HISTORY[history](shoe)

        with committed():
            assert services.shoe_delete(actor=None, shoe=shoe) is True

        shoe.refresh_from_db()
        assert shoe.archived_at is not None
        assert sorted(shoe.stock.values_list("size", "quantity")) == [(Decimal("9"), 5), (Decimal("9.5"), 3)]
        assert type(kept).objects.filter(pk=kept.pk, shoe=shoe).exists()
        assert default_storage.exists(shoe.image.name), "its orders still show its picture"

    def test_the_selected_shoes_are_deleted_or_archived_each_by_its_own_history(self, shoe, committed):
        lonely, loved = ShoeFactory(), ShoeFactory()
        liked(loved)
        bought(shoe)

        with committed():
            kept = services.shoes_delete(actor=None, shoe_ids=[shoe.pk, lonely.pk, loved.pk])

        assert kept == {shoe.pk, loved.pk}
        assert set(Shoe.objects.archived().values_list("pk", flat=True)) == {shoe.pk, loved.pk}
        assert not Shoe.objects.filter(pk=lonely.pk).exists()

    def test_a_deleted_shoe_sharing_its_picture_with_an_archived_one_leaves_the_picture(self, shoe, committed):
        twin = ShoeFactory(image=shoe.image.name)
        bought(shoe)

        with committed():
            services.shoes_delete(actor=None, shoe_ids=[shoe.pk, twin.pk])

        assert default_storage.exists(shoe.image.name)

    def test_deleting_an_archived_shoe_again_keeps_the_time_it_left_the_shop(self, shoe):
        bought(shoe)
        services.shoe_delete(actor=None, shoe=shoe)
        first = Shoe.objects.get(pk=shoe.pk).archived_at

        services.shoes_delete(actor=None, shoe_ids=[shoe.pk])

        assert Shoe.objects.get(pk=shoe.pk).archived_at == first

    def test_restoring_brings_it_back_as_it_was(self, shoe):
        reviewed(shoe)
        services.shoe_delete(actor=None, shoe=shoe)

        services.shoe_restore(actor=None, shoe=Shoe.objects.get(pk=shoe.pk))

        shoe.refresh_from_db()
        assert shoe.archived_at is None
        assert (shoe.on_sale, shoe.rating, shoe.stock.count()) == (True, Decimal("4.0"), 2)


@pytest.fixture
def gone(shoe, admin_client, committed) -> Shoe:
    """The shoe, bought by shopper, reviewed and liked, after an admin's DELETE /api/shoes/{id}."""
    with committed():
        assert admin_client.delete(f"/api/shoes/{shoe.pk}").status_code == 204
    return shoe


@pytest.fixture
def history(shoe, shopper) -> dict:
    order_line = bought(shoe, shopper)
    review = Review.objects.create(user=shopper, shoe=shoe, text="Fits well", rating=4)
    Shoe.objects.filter(pk=shoe.pk).update(review_count=1, rating_total=4)
    return {"order": order_line.order, "review": review, "favorite": liked(shoe, shopper)}


@pytest.mark.usefixtures("history")
class TestOutOfTheShop:
    @pytest.mark.parametrize(
        "path",
        ["/api/shoes", "/api/shoes?limit=28", "/api/shoes?name=swift", "/api/shoes?brand=nike",
         "/api/shoes?brand=nike&color=red&ordering=price&limit=6", "/api/shoes/onSale", "/api/shoes/onSale?limit=8"],
    )  # fmt: skip
    def test_it_leaves_the_catalogue_the_search_and_the_sale(self, api_client, shoe, path):
        # Read first, so a cached answer from before the delete is there to be wrongly served.
        before = api_client.get(path).json()
        assert shoe.pk in [row["_id"] for row in (before["results"] if "limit=" in path else before)]

        self._delete(shoe)

        answer = api_client.get(path).json()
        if "limit=" in path:
            assert (answer["count"], answer["results"]) == (0, [])
        else:
            assert answer == []

    def test_its_colors_leave_the_filter(self, api_client, shoe):
        assert api_client.get("/api/shoes/colors?brand=nike").json() == ["Red"]
        self._delete(shoe)
        assert api_client.get("/api/shoes/colors?brand=nike").json() == []
        assert api_client.get("/api/shoes/colors").json() == []

    def test_its_page_is_404_to_shoppers_and_in_the_page_shell(self, api_client, client, shopper_client, shoe):
        assert api_client.get(f"/api/shoes/{shoe.pk}").status_code == 200
        self._delete(shoe)
        assert api_client.get(f"/api/shoes/{shoe.pk}").status_code == 404
        assert shopper_client.get(f"/api/shoes/{shoe.pk}").status_code == 404
        assert client.get(f"/products/{shoe.pk}").status_code == 404
        assert api_client.get(f"/api/reviews/{shoe.pk}").status_code == 404

    def test_a_cart_line_of_it_is_gone_to_the_quote_and_the_checkout(self, api_client, shopper_client, shopper, shoe):
        self._delete(shoe)

        quote = api_client.post("/api/cart/quote", {"shoes": [line(shoe, "9", 1)]}, format="json").json()
        checkout = shopper_client.post("/api/cart/checkout", body(shopper, [line(shoe, "9", 1)]), format="json")

        assert {key: quote[key] for key in ("amount", "lines")} == {
            "amount": 0,
            "lines": [
                {
                    "index": 0,
                    "_id": shoe.pk,
                    "size": "9",
                    "price": None,
                    "regularPrice": None,
                    "available": 0,
                    "problem": "shoe_gone",
                }
            ],
        }
        assert checkout.status_code == 409
        assert [(each["_id"], each["problem"]) for each in checkout.json()["lines"]] == [(shoe.pk, "shoe_gone")]
        assert StockEntry.objects.get(shoe=shoe, size=9).quantity == 5

    def test_it_leaves_favorites_lists_and_cannot_be_liked_again(self, shopper_client, shopper, shoe):
        self._delete(shoe)

        assert shopper_client.get(f"/api/favorites/{shopper.uid}").json() == []
        assert shopper_client.get(f"/api/favorites/{shopper.uid}?limit=8").json()["count"] == 0
        answer = shopper_client.post(f"/api/favorites/{shopper.uid}", {"shoeId": shoe.pk}, format="json")
        assert answer.status_code == 404
        assert Favorite.objects.filter(user=shopper, shoe=shoe).count() == 1, "kept, unseen"

    @pytest.mark.parametrize(
        ("method", "path", "data"),
        [("put", "/api/shoes/{id}", {"brand": "Nike", "name": "Air", "description": "Soft", "color": "Red",
                                      "price": "80"}),
         ("put", "/api/shoes/addSize/{id}", {"size": "10", "q": "1"}),
         ("put", "/api/admin/onsale/{id}", {"onSale": False}),
         ("delete", "/api/shoes/{id}", {})],
    )  # fmt: skip
    def test_the_admins_other_calls_do_not_see_it(self, admin_client, shoe, method, path, data):
        self._delete(shoe)
        answer = getattr(admin_client, method)(path.format(id=shoe.pk), data, format="json")
        assert answer.status_code == 404
        assert archived(shoe)

    @pytest.fixture(autouse=True)
    def _committed(self, committed):
        self.committed = committed

    def _delete(self, shoe: Shoe) -> None:
        # Committed: the catalogue's version moves, so no answer cached before the delete is served after it.
        with self.committed():
            services.shoe_delete(actor=None, shoe=shoe)
        assert archived(shoe)


@pytest.mark.usefixtures("history")
class TestHistoryStays:
    def test_the_order_still_shows_the_shoe_without_a_link_to_its_page(self, shopper_client, shopper, history, gone):
        [order] = shopper_client.get(f"/api/cart/{shopper.uid}").json()

        assert order["shoe"] == [
            {"_id": None, "line": OrderLine.objects.get(order=history["order"]).pk, "name": "Air Swift",
             "brand": "Nike", "image": f"/media/{gone.image.name}", "quantity": 1, "size": "9", "price": 120.0,
             "refunded": 0, "discount": 0, "tax": 0},
        ]  # fmt: skip
        assert OrderLine.objects.get(order=history["order"]).shoe_id == gone.pk

    def test_its_reviews_stay_and_their_author_still_changes_them(self, client_for, shopper, history, gone):
        answer = client_for(shopper).put(
            f"/api/reviews/exact/{history['review'].pk}", {"review": "Still fits", "rating": 5}, format="json"
        )
        assert answer.status_code == 200
        assert Review.objects.get(shoe=gone).text == "Still fits"

    def test_restored_it_is_back_with_its_reviews_favorites_and_order_link(
        self, api_client, admin_client, shopper_client, shopper, gone, committed
    ):
        with committed():
            answer = admin_client.post(f"/api/shoes/{gone.pk}/restore")

        assert answer.status_code == 200
        assert (answer.json()["_id"], answer.json()["rating"], answer.json()["reviewCount"]) == (gone.pk, 4.0, 1)
        assert [shoe["_id"] for shoe in api_client.get("/api/shoes?name=swift").json()] == [gone.pk]
        assert api_client.get(f"/api/shoes/{gone.pk}").status_code == 200
        assert len(api_client.get(f"/api/reviews/{gone.pk}").json()) == 1
        assert [f["shoeId"] for f in shopper_client.get(f"/api/favorites/{shopper.uid}").json()] == [gone.pk]
        assert shopper_client.get(f"/api/cart/{shopper.uid}").json()[0]["shoe"][0]["_id"] == gone.pk


class TestArchivedList:
    def test_admins_see_the_archived_shoes_latest_first(self, admin_client, shoe):
        older = ShoeFactory(name="Cortez", archived_at=timezone.now() - timedelta(days=1))
        bought(shoe)
        services.shoe_delete(actor=None, shoe=shoe)
        ShoeFactory(name="In The Shop")

        answer = admin_client.get("/api/shoes/archived?limit=5&offset=0").json()

        assert answer["count"] == 2
        assert [row["name"] for row in answer["results"]] == ["Air Swift", "Cortez"]
        assert answer["results"][0] == {
            "_id": shoe.pk, "name": "Air Swift", "brand": "Nike", "image": f"/media/{shoe.image.name}", "color": "Red",
            "price": 120.0, "archivedAt": answer["results"][0]["archivedAt"],
        }  # fmt: skip
        assert answer["results"][0]["archivedAt"] > answer["results"][1]["archivedAt"]
        assert older.pk == answer["results"][1]["_id"]

    def test_a_page_runs_the_same_queries_however_many_are_archived(self, admin_client):
        def queries() -> int:
            with CaptureQueriesContext(connection) as captured:
                assert admin_client.get("/api/shoes/archived?limit=5").status_code == 200
            return len(captured)

        ShoeFactory(archived_at=timezone.now())
        one = queries()
        for _ in range(30):
            ShoeFactory(brand=BrandFactory(), archived_at=timezone.now())
        # The session, the admin, their second factor (accounts/second_factor.py), the COUNT and the page with its
        # brands joined.
        assert queries() == one == 5

    def test_restore_is_404_for_a_shoe_in_the_shop_or_none(self, admin_client, shoe):
        assert admin_client.post(f"/api/shoes/{shoe.pk}/restore").json()["detail"] == "That shoe is not archived."
        assert admin_client.post("/api/shoes/999999/restore").status_code == 404
        assert not archived(shoe)

    def test_shoppers_may_neither_list_nor_restore(self, shopper_client, shoe):
        Shoe.objects.filter(pk=shoe.pk).update(archived_at=timezone.now())
        assert shopper_client.get("/api/shoes/archived").status_code == 403
        assert shopper_client.post(f"/api/shoes/{shoe.pk}/restore").status_code == 403
        assert archived(shoe)


class TestBrandDelete:
    def test_a_brand_with_only_archived_shoes_stays_and_says_why(self, admin_client, shoe):
        bought(shoe)
        services.shoe_delete(actor=None, shoe=shoe)

        answer = admin_client.delete(f"/api/brands/{shoe.brand_id}")

        assert answer.status_code == 409
        assert answer.json()["detail"] == (
            "The brand Nike still has 1 archived shoe, kept for customers' orders, reviews and favorites; "
            "restore them and move them to another brand first."
        )

    def test_a_brand_with_both_counts_each(self, admin_client, shoe):
        ShoeFactory(brand=shoe.brand)
        ShoeFactory(brand=shoe.brand)
        ShoeFactory(brand=shoe.brand, archived_at=timezone.now())
        bought(shoe)
        services.shoe_delete(actor=None, shoe=shoe)

        answer = admin_client.delete(f"/api/brands/{shoe.brand_id}")

        assert answer.json()["detail"] == (
            "The brand Nike still has 2 shoes and 2 archived shoes, kept for customers' orders, reviews and "
            "favorites; delete or move the shoes, and restore and move the archived ones, to another brand first."
        )


class TestTheCatalogueVersionMoves:
    """Each way in and out of the archive is a catalogue write: a cached read shows it at once."""

    def test_a_delete_that_archives_and_a_restore(self, api_client, admin_client, shoe, committed):
        bought(shoe)
        assert [row["_id"] for row in warm(api_client, "/api/shoes")] == [shoe.pk]
        with committed():
            admin_client.delete(f"/api/shoes/{shoe.pk}")
        assert warm(api_client, "/api/shoes") == []

        with committed():
            admin_client.post(f"/api/shoes/{shoe.pk}/restore")
        assert [row["_id"] for row in api_client.get("/api/shoes").json()] == [shoe.pk]

    @pytest.mark.parametrize("action", ["archive", "restore"])
    def test_the_django_admins_actions(self, api_client, staff_client, shoe, committed, action):
        if action == "restore":
            Shoe.objects.filter(pk=shoe.pk).update(archived_at=timezone.now())
        before = warm(api_client, "/api/shoes/onSale")
        with committed():
            staff_client.post(changelist(), {"action": action, "_selected_action": [shoe.pk]})
        after = api_client.get("/api/shoes/onSale").json()
        assert (len(before), len(after)) == ((1, 0) if action == "archive" else (0, 1))

    def test_an_import_naming_an_archived_shoe(self, api_client, shoe, committed, tmp_path):
        Shoe.objects.filter(pk=shoe.pk).update(archived_at=timezone.now())
        assert warm(api_client, "/api/shoes") == []
        with committed():
            shoes_import(csv_path=csv_of(tmp_path, "Nike,Air Swift,Red,150,Light running shoe,,9,1"))
        assert [(row["_id"], row["price"]) for row in api_client.get("/api/shoes").json()] == [(shoe.pk, 150)]


def changelist() -> str:
    return reverse("admin:catalog_shoe_changelist")


@pytest.fixture
def staff_client(client):
    client.force_login(User.objects.create_superuser("staff@sneakers.test", "secret-pw"))
    return client


class TestDjangoAdmin:
    def test_its_delete_page_says_which_shoes_are_archived_instead(self, staff_client, shoe):
        review = reviewed(shoe)
        page = staff_client.get(reverse("admin:catalog_shoe_delete", args=[shoe.pk])).content.decode()

        assert "Nike Air Swift: archived instead, for customers&#x27; history" in page
        # Neither its review nor its stock is listed as going with it.
        assert str(review) not in page
        assert "size 9: 5" not in page

    def test_deleting_one_shoe_with_history_archives_it_and_says_so(self, staff_client, shoe, committed):
        bought(shoe)
        with committed():
            answer = staff_client.post(
                reverse("admin:catalog_shoe_delete", args=[shoe.pk]), {"post": "yes"}, follow=True
            )

        assert archived(shoe)
        assert "Nike Air Swift was archived, not deleted" in answer.content.decode()
        assert default_storage.exists(shoe.image.name)

    def test_the_bulk_delete_deletes_some_and_archives_the_others(self, staff_client, shoe, committed):
        lonely = ShoeFactory()
        liked(shoe)
        with committed():
            answer = staff_client.post(
                changelist(),
                {"action": "delete_selected", "_selected_action": [shoe.pk, lonely.pk], "post": "yes"},
                follow=True,
            )

        assert archived(shoe)
        assert not Shoe.objects.filter(pk=lonely.pk).exists()
        assert "1 of them was archived, not deleted" in answer.content.decode()

    def test_the_filter_lists_the_archived_shoes_or_those_in_the_shop(self, staff_client, shoe):
        ShoeFactory(name="Cortez", archived_at=timezone.now())

        def listed(query: str) -> set[str]:
            page = staff_client.get(f"{changelist()}?{query}").content.decode()
            return {name for name in ("Air Swift", "Cortez") if name in page}

        assert listed("archived=yes") == {"Cortez"}
        assert listed("archived=no") == {"Air Swift"}
        assert listed("") == {"Air Swift", "Cortez"}


def csv_of(folder, *rows: str):
    path = folder / "shoes.csv"
    path.write_text("\n".join(["brand,name,color,price,description,image,size,quantity", *rows]) + "\n")
    return path


class TestImportAndExport:
    def test_the_export_leaves_archived_shoes_out(self, shoe):
        ShoeFactory(name="Cortez", brand=shoe.brand, archived_at=timezone.now(), sizes={"10": 2})
        out = StringIO()
        call_command("export_shoes", stdout=out)
        assert [row.split(",")[1] for row in out.getvalue().splitlines()[1:]] == ["Air Swift", "Air Swift"]

    def test_an_import_naming_an_archived_shoe_restores_and_updates_it(self, shoe, tmp_path):
        bought(shoe)
        services.shoe_delete(actor=None, shoe=shoe)
        out = StringIO()

        call_command(
            "import_shoes", str(csv_of(tmp_path, "nike,AIR SWIFT,red,150,Light running shoe,,10,4")), stdout=out
        )

        shoe.refresh_from_db()
        assert (shoe.archived_at, shoe.price, shoe.stock.get(size=10).quantity) == (None, Decimal("150"), 4)
        assert Shoe.objects.count() == 1
        assert "0 shoes created, 1 updated (1 restored from the archive), 0 unchanged; 1 size set" in out.getvalue()

    def test_a_dry_run_says_so_and_leaves_it_archived(self, shoe, tmp_path):
        Shoe.objects.filter(pk=shoe.pk).update(archived_at=timezone.now())
        out = StringIO()

        path = csv_of(tmp_path, "Nike,Air Swift,Red,120,Light running shoe,,9,5")
        call_command("import_shoes", str(path), "--dry-run", stdout=out)

        assert "1 updated (1 restored from the archive)" in out.getvalue()
        assert archived(shoe)
