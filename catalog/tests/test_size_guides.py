"""Brands' own size guides (issue 31): the rules, who writes them, who reads them, and what lists leave out."""

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from accounts.tests.factories import PASSWORD
from activity.models import Entry
from catalog import selectors
from catalog.models import Brand
from catalog.size_guides import MAX_ROWS, SizeGuideInvalid, size_guide_clean

from .factories import BrandFactory

GUIDE = [
    {"us": "10", "uk": "9", "eu": "44", "cm": "28"},
    {"us": 9.5, "uk": 8.5, "eu": "43 1/3", "cm": 27.5},
    {"us": "9", "uk": "8", "eu": "42⅔", "cm": ""},
]
# As kept and answered: text, in US order, the thirds written out.
GUIDE_KEPT = [
    {"us": "9", "uk": "8", "eu": "42 2/3", "cm": ""},
    {"us": "9.5", "uk": "8.5", "eu": "43 1/3", "cm": "27.5"},
    {"us": "10", "uk": "9", "eu": "44", "cm": "28"},
]


def rows(count: int) -> list[dict]:
    return [{"us": str(1 + n / 2), "uk": "5", "eu": "40", "cm": "25"} for n in range(count)]


class TestRules:
    def test_rows_are_kept_as_text_in_us_order(self):
        assert size_guide_clean(GUIDE) == GUIDE_KEPT

    def test_no_guide_is_the_shops_chart(self):
        assert size_guide_clean([]) == []
        assert size_guide_clean(None) == []

    @pytest.mark.parametrize(
        ("row", "message"),
        [
            (
                {"us": "0.5", "uk": "5", "eu": "40"},
                "Row 1: the US size must be from 1 to 22 in half sizes, as 9 or 9.5.",
            ),
            (
                {"us": "9.25", "uk": "5", "eu": "40"},
                "Row 1: the US size must be from 1 to 22 in half sizes, as 9 or 9.5.",
            ),
            (
                {"us": True, "uk": "5", "eu": "40"},
                "Row 1: the US size must be from 1 to 22 in half sizes, as 9 or 9.5.",
            ),
            ({"us": "9", "uk": "", "eu": "40"}, "Row 1: the UK size must be from 0 to 21 in half sizes, as 8 or 8.5."),
            ({"us": "9", "uk": "8", "eu": "14"}, "Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3."),
            ({"us": "9", "uk": "8", "eu": "55.5"}, "Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3."),
            (
                {"us": "9", "uk": "8", "eu": "42 1/4"},
                "Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3.",
            ),
            (
                {"us": "9", "uk": "8", "eu": "42", "cm": "60"},
                "Row 1: the foot length must be from 10 to 40 cm, as 27 or 27.5, or left empty.",
            ),
            ("9/8/42", "Row 1: a row has a US, a UK, an EU and a cm size."),
        ],
    )
    def test_a_bad_row_is_named(self, row, message):
        with pytest.raises(SizeGuideInvalid) as refused:
            size_guide_clean([row])
        assert refused.value.messages == [message]

    def test_every_problem_is_told_at_once(self):
        with pytest.raises(SizeGuideInvalid) as refused:
            size_guide_clean([{"us": "9", "uk": "8", "eu": "42"}, {"us": "x"}, {"us": "9.0", "uk": "8", "eu": "42"}])
        assert refused.value.messages == [
            "Row 2: the US size must be from 1 to 22 in half sizes, as 9 or 9.5.",
            "Row 2: the UK size must be from 0 to 21 in half sizes, as 8 or 8.5.",
            "Row 2: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3.",
            "The US size 9 is in the guide twice: give each US size one row.",
        ]

    def test_at_most_forty_rows(self):
        assert len(size_guide_clean(rows(MAX_ROWS))) == MAX_ROWS
        with pytest.raises(SizeGuideInvalid) as refused:
            size_guide_clean(rows(MAX_ROWS + 1))
        assert refused.value.messages == ["A size guide has at most 40 rows; this one has 41."]


@pytest.mark.django_db
class TestApi:
    def test_an_admin_gives_a_brand_its_guide(self, admin_client, shop_admin):
        brand = BrandFactory(name="Adidas")

        response = admin_client.put(f"/api/brands/{brand.pk}/sizeGuide", {"sizeGuide": GUIDE}, format="json")

        assert response.status_code == 200
        assert response.json() == {
            "message": "The size guide of Adidas was saved",
            "brand": {"_id": brand.pk, "name": "Adidas", "sizeGuide": GUIDE_KEPT},
        }
        brand.refresh_from_db()
        assert brand.size_guide == GUIDE_KEPT
        entry = Entry.objects.get(kind="brand.size_guide")
        assert (entry.actor_id, entry.before, entry.after) == (
            shop_admin.pk,
            {"size_guide": []},
            {"size_guide": GUIDE_KEPT},
        )

    def test_an_empty_guide_goes_back_to_the_shops_chart(self, admin_client):
        brand = BrandFactory(name="Adidas", size_guide=GUIDE_KEPT)
        response = admin_client.put(f"/api/brands/{brand.pk}/sizeGuide", {"sizeGuide": []}, format="json")
        assert response.json()["message"] == "Adidas now uses the shop's size chart"
        brand.refresh_from_db()
        assert brand.size_guide == []

    def test_a_bad_guide_is_refused_with_its_reasons_and_nothing_changes(self, admin_client):
        brand = BrandFactory(name="Adidas", size_guide=GUIDE_KEPT)
        bad = [*GUIDE, {"us": "9", "uk": "8", "eu": "99"}]

        response = admin_client.put(f"/api/brands/{brand.pk}/sizeGuide", {"sizeGuide": bad}, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "sizeGuide": [
                "Row 4: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3.",
            ]
        }
        brand.refresh_from_db()
        assert brand.size_guide == GUIDE_KEPT
        assert not Entry.objects.filter(kind="brand.size_guide").exists()

    @pytest.mark.parametrize(
        ("body", "message"),
        [
            ({}, "Send the size guide's rows."),
            ({"sizeGuide": None}, "Send the size guide's rows ([] for none)."),
            ({"sizeGuide": "9/8/42"}, "Send the size guide as a list of rows, each with its US, UK, EU and cm sizes."),
            ({"sizeGuide": rows(41)}, "A size guide has at most 40 rows; this one has 41."),
        ],
    )
    def test_a_guide_that_is_no_list_is_refused(self, admin_client, body, message):
        brand = BrandFactory(name="Adidas")
        response = admin_client.put(f"/api/brands/{brand.pk}/sizeGuide", body, format="json")
        assert response.status_code == 400
        assert response.json() == {"sizeGuide": [message]}

    @pytest.mark.parametrize(("client", "status"), [("api_client", 401), ("shopper_client", 403)])
    def test_only_admins_write_a_guide(self, request, client, status):
        brand = BrandFactory(name="Adidas")
        client = request.getfixturevalue(client)
        response = client.put(f"/api/brands/{brand.pk}/sizeGuide", {"sizeGuide": GUIDE}, format="json")
        assert response.status_code == status
        brand.refresh_from_db()
        assert brand.size_guide == []

    def test_a_missing_brand_is_404(self, admin_client, api_client):
        assert admin_client.put("/api/brands/999999/sizeGuide", {"sizeGuide": []}, format="json").status_code == 404
        response = api_client.get("/api/brands/999999/sizeGuide")
        assert response.status_code == 404
        assert response.json() == {"detail": "That brand is not in the shop.", "code": "not_found"}

    def test_anyone_reads_a_guide(self, api_client):
        brand = BrandFactory(name="Adidas", size_guide=GUIDE_KEPT)
        plain = BrandFactory(name="Vans")
        assert api_client.get(f"/api/brands/{brand.pk}/sizeGuide").json() == {
            "_id": brand.pk,
            "name": "Adidas",
            "sizeGuide": GUIDE_KEPT,
        }
        assert api_client.get(f"/api/brands/{plain.pk}/sizeGuide").json()["sizeGuide"] == []

    def test_a_saved_guide_is_read_at_once_through_the_cache(
        self, admin_client, api_client, django_capture_on_commit_callbacks, monkeypatch
    ):
        monkeypatch.setattr("catalog.cache.VERSION_TRUST_SECONDS", 0)
        brand = BrandFactory(name="Adidas")
        path = f"/api/brands/{brand.pk}/sizeGuide"
        assert api_client.get(path).json()["sizeGuide"] == []
        assert api_client.get("/api/brands").json()[0]["hasSizeGuide"] is False

        with django_capture_on_commit_callbacks(execute=True):
            admin_client.put(path, {"sizeGuide": GUIDE}, format="json")

        assert api_client.get(path).json()["sizeGuide"] == GUIDE_KEPT
        assert api_client.get("/api/brands").json()[0]["hasSizeGuide"] is True


@pytest.mark.django_db
class TestLists:
    def test_the_brand_list_says_which_have_a_guide_but_not_the_guide(self, api_client):
        BrandFactory(name="Adidas", size_guide=GUIDE_KEPT)
        BrandFactory(name="Vans")
        answer = api_client.get("/api/brands").json()
        assert answer == [
            {"_id": answer[0]["_id"], "name": "Adidas", "hasSizeGuide": True},
            {"_id": answer[1]["_id"], "name": "Vans", "hasSizeGuide": False},
        ]

    def test_the_brand_list_does_not_read_the_guides(self, django_assert_max_num_queries):
        for name in ("Adidas", "Asics", "Nike", "Puma", "Vans"):
            BrandFactory(name=name, size_guide=rows(MAX_ROWS))
        with django_assert_max_num_queries(1), CaptureQueriesContext(connection) as queries:
            brands = list(selectors.brand_list())
        assert all(brand.has_size_guide for brand in brands)
        assert all("size_guide" in brand.get_deferred_fields() for brand in brands)
        # The column is compared in the query, never sent back: its rows are the brands' ids, names and dates.
        assert '"catalog_brand"."size_guide",' not in queries[0]["sql"]

    def test_a_page_of_brands_runs_the_same_queries_with_guides(self, api_client, django_assert_max_num_queries):
        for name in ("Adidas", "Asics", "Nike", "Puma", "Vans"):
            BrandFactory(name=name, size_guide=rows(MAX_ROWS))
        # The version, the count and the page, as test_query_counts has it for brands without guides.
        with django_assert_max_num_queries(3):
            answer = api_client.get("/api/brands?limit=4").json()
        assert all(set(brand) == {"_id", "name", "hasSizeGuide"} for brand in answer["results"])


@pytest.mark.django_db
class TestDjangoAdmin:
    @pytest.fixture
    def browser(self):
        User.objects.create_superuser("root@sneakers.test", PASSWORD)
        browser = Client()
        browser.login(email="root@sneakers.test", password=PASSWORD)
        return browser

    def test_staff_give_a_guide_under_the_same_rules(self, browser):
        brand = BrandFactory(name="Adidas")
        url = f"/django-admin/catalog/brand/{brand.pk}/change/"

        refused = browser.post(url, {"name": "Adidas", "size_guide": json.dumps([{"us": "9", "uk": "8", "eu": "99"}])})
        assert refused.status_code == 200
        assert refused.context["adminform"].form.errors["size_guide"] == [
            "Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3."
        ]

        response = browser.post(url, {"name": "Adidas", "size_guide": json.dumps(GUIDE)})
        assert response.status_code == 302
        brand.refresh_from_db()
        assert brand.size_guide == GUIDE_KEPT
        page = browser.get(url).content.decode()
        assert "<td>42 2/3</td>" in page

    def test_an_empty_box_is_the_shops_chart(self, browser):
        brand = BrandFactory(name="Adidas", size_guide=GUIDE_KEPT)
        response = browser.post(f"/django-admin/catalog/brand/{brand.pk}/change/", {"name": "Adidas", "size_guide": ""})
        assert response.status_code == 302
        assert Brand.objects.get(pk=brand.pk).size_guide == []
