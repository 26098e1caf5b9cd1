"""The shoe calls of docs/PRODUCT.md §7: answers, shapes and status codes for each role."""

from decimal import Decimal

import pytest
from django.core.files.storage import default_storage

from catalog.models import MAX_STOCK_PER_SIZE, Shoe, StockEntry

from .factories import BrandFactory, ShoeFactory
from .images import png_upload

pytestmark = pytest.mark.django_db

SHOE_FIELDS = [
    "_id",
    "name",
    "brand",
    "image",
    "imageSrcset",
    "imageWidth",
    "imageHeight",
    "description",
    "color",
    "price",
    "salePrice",
    "onSale",
    "stock",
    "rating",
    "reviewCount",
]


def shoe_form(**overrides) -> dict:
    form = {
        "brand": "Nike",
        "name": "Air Swift",
        "description": "Light running shoe",
        "color": "Red",
        "price": "120",
        "size": "9.5",
        "q": "4",
    }
    form.update(overrides)
    return {key: value for key, value in form.items() if value is not None}


@pytest.fixture
def nike(db):
    return BrandFactory(name="Nike")


class TestList:
    def test_answers_the_spec_shape(self, api_client):
        shoe = ShoeFactory(
            name="Air Swift", brand__name="Nike", price=Decimal("129.99"), sizes={"10": 1, "9.5": 0, "9": 3}
        )

        [answer] = api_client.get("/api/shoes").json()

        assert list(answer) == SHOE_FIELDS
        assert answer["_id"] == shoe.pk
        assert answer["brand"] == "Nike"
        assert answer["price"] == 129.99
        assert answer["onSale"] is False
        assert (answer["rating"], answer["reviewCount"]) == (None, 0)
        assert [(entry["size"], entry["quantity"]) for entry in answer["stock"]] == [("9", 3), ("9.5", 0), ("10", 1)]
        assert all(isinstance(entry["_id"], int) for entry in answer["stock"])

    def test_a_shoe_without_image_shows_the_placeholder(self, api_client):
        ShoeFactory()
        [answer] = api_client.get("/api/shoes").json()
        assert answer["image"] == "/static/img/shoe-placeholder.svg"

    def test_name_matches_part_of_the_name_in_any_case(self, api_client):
        ShoeFactory(name="Air Swift")
        ShoeFactory(name="Cloud Glide")
        names = [shoe["name"] for shoe in api_client.get("/api/shoes", {"name": "sWiF"}).json()]
        assert names == ["Air Swift"]

    def test_name_that_matches_nothing_is_an_empty_list(self, api_client):
        ShoeFactory(name="Air Swift")
        response = api_client.get("/api/shoes", {"name": "zzz"})
        assert response.status_code == 200
        assert response.json() == []

    def test_brand_matches_the_whole_brand_name(self, api_client):
        ShoeFactory(brand__name="Nike")
        ShoeFactory(brand__name="New Balance")
        assert [shoe["brand"] for shoe in api_client.get("/api/shoes", {"brand": "nike"}).json()] == ["Nike"]
        assert api_client.get("/api/shoes", {"brand": "Nik"}).json() == []

    def test_limit_and_offset_give_a_page(self, api_client):
        ShoeFactory.create_batch(5)
        page = api_client.get("/api/shoes", {"limit": 2, "offset": 2}).json()
        assert set(page) == {"count", "next", "previous", "results"}
        assert page["count"] == 5
        assert len(page["results"]) == 2
        assert "offset=4" in page["next"]

    def test_newest_shoes_come_first(self, api_client):
        older, newer = ShoeFactory(), ShoeFactory()
        assert [shoe["_id"] for shoe in api_client.get("/api/shoes").json()] == [newer.pk, older.pk]

    def test_a_page_is_at_most_100_shoes(self, api_client):
        brand = BrandFactory()
        Shoe.objects.bulk_create(
            Shoe(brand=brand, name="Runner", description="Shoe", color="Red", price=1) for _ in range(101)
        )
        page = api_client.get("/api/shoes", {"limit": 1000}).json()
        assert (page["count"], len(page["results"])) == (101, 100)


class TestOnSale:
    def test_lists_only_shoes_on_sale_cheapest_first(self, api_client):
        ShoeFactory(name="Dear", on_sale=True, price=Decimal("150"))
        ShoeFactory(name="Cheap", on_sale=True, price=Decimal("60"))
        ShoeFactory(name="Full price", on_sale=False, price=Decimal("10"))
        assert [shoe["name"] for shoe in api_client.get("/api/shoes/onSale").json()] == ["Cheap", "Dear"]


class TestDetail:
    def test_answers_one_shoe(self, api_client):
        shoe = ShoeFactory(sizes={"8": 2})
        answer = api_client.get(f"/api/shoes/{shoe.pk}").json()
        assert answer["_id"] == shoe.pk
        assert answer["stock"][0]["size"] == "8"

    def test_a_missing_shoe_is_a_json_404(self, api_client):
        response = api_client.get("/api/shoes/999999")
        assert response.status_code == 404
        assert response.json() == {"detail": "That shoe is not in the shop.", "code": "not_found"}


class TestCreate:
    def test_admin_creates_a_shoe_with_its_first_size(self, admin_client, nike):
        response = admin_client.post("/api/shoes", shoe_form(image=png_upload()), format="multipart")

        assert response.status_code == 201, response.json()
        shoe = Shoe.objects.get()
        assert (shoe.brand, shoe.name, shoe.price, shoe.on_sale) == (nike, "Air Swift", Decimal("120"), False)
        assert [(entry.size, entry.quantity) for entry in shoe.stock.all()] == [(Decimal("9.5"), 4)]
        assert shoe.image.name.startswith("shoes/") and shoe.image.name.endswith(".webp")
        assert default_storage.exists(shoe.image.name)
        assert response.json()["image"] == f"/media/{shoe.image.name}"

    def test_the_brand_is_found_whatever_its_case(self, admin_client, nike):
        response = admin_client.post("/api/shoes", shoe_form(brand="NIKE"), format="multipart")
        assert response.status_code == 201
        assert response.json()["brand"] == "Nike"

    def test_without_an_image_the_shoe_shows_the_placeholder(self, admin_client, nike):
        response = admin_client.post("/api/shoes", shoe_form())
        assert response.status_code == 201
        assert response.json()["image"].endswith("shoe-placeholder.svg")

    def test_accents_are_letters(self, admin_client, nike):
        response = admin_client.post("/api/shoes", shoe_form(name="Élan Café", color="Marrón"))
        assert response.status_code == 201
        assert response.json()["name"] == "Élan Café"


class TestUpdate:
    def test_admin_modifies_a_shoe_and_sets_a_size(self, admin_client, nike):
        shoe = ShoeFactory(brand=BrandFactory(name="Puma"), sizes={"9": 1})

        response = admin_client.put(
            f"/api/shoes/{shoe.pk}", shoe_form(name="New Name", size="9", q="7"), format="multipart"
        )

        assert response.status_code == 200, response.json()
        shoe.refresh_from_db()
        assert (shoe.brand, shoe.name, shoe.color) == (nike, "New Name", "Red")
        assert shoe.stock.get(size=9).quantity == 7

    def test_the_sale_flag_stays_unless_it_is_sent(self, admin_client, nike):
        shoe = ShoeFactory(on_sale=True)
        admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(), format="multipart")
        shoe.refresh_from_db()
        assert shoe.on_sale is True

        admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(onSale="false"), format="multipart")
        shoe.refresh_from_db()
        assert shoe.on_sale is False

    def test_a_size_needs_a_quantity(self, admin_client, nike):
        shoe = ShoeFactory(sizes={"9": 1})
        response = admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(size="9", q=""), format="multipart")
        assert response.status_code == 400
        assert response.json() == {"q": ["Enter a valid quantity"]}

    def test_a_new_image_replaces_the_old_file(self, admin_client, nike, django_capture_on_commit_callbacks):
        admin_client.post("/api/shoes", shoe_form(image=png_upload()), format="multipart")
        shoe = Shoe.objects.get()
        old_image = shoe.image.name

        with django_capture_on_commit_callbacks(execute=True):
            admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(image=png_upload(color="blue")), format="multipart")

        shoe.refresh_from_db()
        assert shoe.image.name != old_image
        assert default_storage.exists(shoe.image.name)
        assert not default_storage.exists(old_image)

    def test_without_a_new_image_the_old_one_stays(self, admin_client, nike):
        admin_client.post("/api/shoes", shoe_form(image=png_upload()), format="multipart")
        shoe = Shoe.objects.get()
        admin_client.put(f"/api/shoes/{shoe.pk}", shoe_form(image=""), format="multipart")
        assert Shoe.objects.get().image.name == shoe.image.name


class TestDelete:
    def test_admin_deletes_a_shoe_its_stock_and_its_picture(
        self, admin_client, nike, django_capture_on_commit_callbacks
    ):
        admin_client.post("/api/shoes", shoe_form(image=png_upload()), format="multipart")
        shoe = Shoe.objects.get()

        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client.delete(f"/api/shoes/{shoe.pk}")

        assert response.status_code == 204
        assert not Shoe.objects.exists()
        assert not StockEntry.objects.exists()
        assert not default_storage.exists(shoe.image.name)

    def test_a_picture_another_shoe_shows_is_kept(self, admin_client, django_capture_on_commit_callbacks):
        name = default_storage.save("shoes/shared.webp", png_upload())
        first, second = ShoeFactory(image=name), ShoeFactory(image=name)

        with django_capture_on_commit_callbacks(execute=True):
            admin_client.delete(f"/api/shoes/{first.pk}")

        assert default_storage.exists(second.image.name)

    def test_a_missing_shoe_is_404(self, admin_client):
        assert admin_client.delete("/api/shoes/999999").status_code == 404


class TestAddSize:
    def test_adds_a_new_size(self, admin_client):
        shoe = ShoeFactory(name="Air Swift", sizes={"9": 2})

        response = admin_client.put(f"/api/shoes/addSize/{shoe.pk}", {"size": "10.5", "q": 3})

        assert response.status_code == 200
        assert response.json()["message"] == "Size 10.5 added to Air Swift with 3 pairs"
        assert [entry["size"] for entry in response.json()["shoe"]["stock"]] == ["9", "10.5"]

    def test_raises_the_quantity_of_a_size_it_has(self, admin_client):
        shoe = ShoeFactory(name="Air Swift", sizes={"9": 2})

        response = admin_client.put(f"/api/shoes/addSize/{shoe.pk}", {"size": "9", "q": 3})

        assert response.json()["message"] == "Size 9 of Air Swift now has 5 pairs"
        assert shoe.stock.get().quantity == 5

    def test_refuses_more_than_the_limit_and_keeps_the_stock(self, admin_client):
        shoe = ShoeFactory(sizes={"9": MAX_STOCK_PER_SIZE - 1})

        response = admin_client.put(f"/api/shoes/addSize/{shoe.pk}", {"size": "9", "q": 2})

        assert response.status_code == 400
        assert "q" in response.json()
        assert shoe.stock.get().quantity == MAX_STOCK_PER_SIZE - 1


class TestOnSaleToggle:
    def test_admin_puts_a_shoe_on_sale_and_ends_it(self, admin_client):
        shoe = ShoeFactory()
        response = admin_client.put(f"/api/admin/onsale/{shoe.pk}", {"onSale": True})
        assert response.status_code == 200
        assert response.json()["onSale"] is True
        admin_client.put(f"/api/admin/onsale/{shoe.pk}", {"onSale": False})
        shoe.refresh_from_db()
        assert shoe.on_sale is False

    def test_the_flag_is_required(self, admin_client):
        shoe = ShoeFactory()
        assert admin_client.put(f"/api/admin/onsale/{shoe.pk}", {}).status_code == 400


ADMIN_CALLS = [
    ("post", "/api/shoes", lambda shoe: shoe_form()),
    ("put", "/api/shoes/{id}", lambda shoe: shoe_form()),
    ("delete", "/api/shoes/{id}", lambda shoe: None),
    ("put", "/api/shoes/addSize/{id}", lambda shoe: {"size": "9", "q": 1}),
    ("put", "/api/admin/onsale/{id}", lambda shoe: {"onSale": True}),
]


@pytest.mark.parametrize(("method", "path", "body"), ADMIN_CALLS)
class TestRoles:
    def _call(self, client, method, path, body):
        shoe = ShoeFactory(brand=BrandFactory(name="Nike"), sizes={"9": 1})
        return getattr(client, method)(path.format(id=shoe.pk), body(shoe))

    def test_anonymous_is_asked_to_sign_in(self, api_client, method, path, body):
        response = self._call(api_client, method, path, body)
        assert response.status_code == 401
        assert response.json()["code"] == "not_authenticated"
        assert Shoe.objects.count() == 1

    def test_a_shopper_is_refused(self, shopper_client, method, path, body):
        response = self._call(shopper_client, method, path, body)
        assert response.status_code == 403
        assert response.json()["code"] == "permission_denied"

    def test_an_admin_is_served(self, admin_client, method, path, body):
        response = self._call(admin_client, method, path, body)
        assert response.status_code in (200, 201, 204), response.content


@pytest.mark.parametrize("path", ["/api/shoes", "/api/shoes/onSale", "/api/brands"])
@pytest.mark.parametrize("client", ["api_client", "shopper_client", "admin_client"])
def test_everyone_reads_the_catalogue(request, client, path):
    ShoeFactory(on_sale=True)
    assert request.getfixturevalue(client).get(path).status_code == 200


class TestCollectionFilters:
    """The collection screen's sort by price and filter by color, done by the server on its pages."""

    def test_color_matches_the_whole_color_in_any_case(self, api_client):
        ShoeFactory(name="Dark", color="Black")
        ShoeFactory(name="Light", color="Off White")
        ShoeFactory(name="Blackish", color="Black Red")
        assert [shoe["name"] for shoe in api_client.get("/api/shoes", {"color": "black"}).json()] == ["Dark"]

    @pytest.mark.parametrize(("ordering", "expected"), [("price", ["B", "C", "A"]), ("-price", ["A", "C", "B"])])
    def test_ordering_sorts_by_price_numerically(self, api_client, ordering, expected):
        ShoeFactory(name="A", price=Decimal("100"))
        ShoeFactory(name="B", price=Decimal("9.50"))
        ShoeFactory(name="C", price=Decimal("20"))
        names = [shoe["name"] for shoe in api_client.get("/api/shoes", {"ordering": ordering}).json()]
        assert names == expected

    def test_pages_of_a_sorted_list_neither_overlap_nor_skip_equal_prices(self, api_client):
        shoes = ShoeFactory.create_batch(7, price=Decimal("50"))
        seen = []
        for offset in range(0, 7, 3):
            page = api_client.get("/api/shoes", {"ordering": "price", "limit": 3, "offset": offset}).json()
            seen += [shoe["_id"] for shoe in page["results"]]
        assert seen == [shoe.pk for shoe in reversed(shoes)]

    def test_brand_color_and_ordering_combine_with_paging(self, api_client):
        for price in (30, 10, 20):
            ShoeFactory(brand__name="Vans", color="Red", price=Decimal(price))
        ShoeFactory(brand__name="Vans", color="Blue", price=Decimal(5))
        ShoeFactory(brand__name="Nike", color="Red", price=Decimal(1))

        page = api_client.get("/api/shoes", {"brand": "vans", "color": "Red", "ordering": "-price", "limit": 2}).json()

        assert page["count"] == 3
        assert [shoe["price"] for shoe in page["results"]] == [30, 20]

    def test_an_unknown_ordering_is_refused(self, api_client):
        response = api_client.get("/api/shoes", {"ordering": "name"})
        assert response.status_code == 400
        assert "ordering" in response.json()

    def test_colors_of_a_brand_once_each_whatever_their_case(self, api_client):
        ShoeFactory(brand__name="Vans", color="Red")
        ShoeFactory(brand__name="Vans", color="black")
        ShoeFactory(brand__name="Vans", color="Black")
        ShoeFactory(brand__name="Vans", color="Red")
        ShoeFactory(brand__name="Nike", color="Green")

        assert api_client.get("/api/shoes/colors", {"brand": "VANS"}).json() == ["Black", "Red"]
        assert api_client.get("/api/shoes/colors").json() == ["Black", "Green", "Red"]
        assert api_client.get("/api/shoes/colors", {"brand": "Nobody"}).json() == []
