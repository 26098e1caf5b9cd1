"""What search engines read (issue 19): /robots.txt, /sitemap.xml in pages of at most 50,000 URLs, and a product page's
canonical link and schema.org Product JSON-LD in the shell the server sends."""

import io
import json
import re
from decimal import Decimal

import pytest
from django.core.files.storage import default_storage
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import services
from catalog.models import Brand, Shoe
from catalog.tests.factories import BrandFactory, ShoeFactory
from catalog.tests.images import image_bytes

pytestmark = pytest.mark.django_db

LOC = re.compile(r"<loc>([^<]+)</loc>")


def locs(response) -> list[str]:
    assert response.status_code == 200, response.content[:500]
    return LOC.findall(response.content.decode())


def test_robots_keeps_crawlers_off_the_api_admin_and_account_paths_and_names_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    lines = response.content.decode().splitlines()
    assert lines[0] == "User-agent: *"
    for path in ["/api/", "/django-admin/", "/admin", "/account", "/signin", "/favorites", "/order/"]:
        assert f"Disallow: {path}" in lines
    # The catalogue is what crawlers are for; the cart is harmless to them (and make lighthouse audits it).
    assert "Disallow: /products" not in lines and "Disallow: /cart" not in lines
    assert lines[-1] == "Sitemap: http://testserver/sitemap.xml"


def test_the_sitemap_lists_products_collections_and_static_pages_but_no_archived_shoe(client):
    kept = ShoeFactory(brand=BrandFactory(name="New Balance"))
    archived = ShoeFactory(brand=BrandFactory(name="Nike"))
    services.shoes_archive(actor=None, shoe_ids=[archived.pk])
    sections = locs(client.get("/sitemap.xml"))
    assert sections == [
        "http://testserver/sitemap-products.xml",
        "http://testserver/sitemap-collections.xml",
        "http://testserver/sitemap-pages.xml",
    ]
    assert locs(client.get("/sitemap-products.xml")) == [f"http://testserver/products/{kept.pk}"]
    assert locs(client.get("/sitemap-collections.xml")) == [
        "http://testserver/colletions/New%20Balance",
        "http://testserver/colletions/Nike",
    ]
    assert "http://testserver/sizeChart" in locs(client.get("/sitemap-pages.xml"))


def shoes_make(count: int) -> None:
    brand, _ = Brand.objects.get_or_create(name="Bulk")
    Shoe.objects.bulk_create(
        (Shoe(brand=brand, name="Runner", description="Shoe", color="Red", price=Decimal(50)) for _ in range(count)),
        batch_size=5000,
    )


def queries(client, path: str) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        found = locs(client.get(path))
    return len(captured), found


def test_100000_shoes_make_two_pages_of_50000_each_read_in_the_same_few_queries(client):
    shoes_make(3)
    small = [queries(client, path)[0] for path in ("/sitemap.xml", "/sitemap-products.xml")]
    Shoe.objects.all().delete()
    shoes_make(100_000)

    index_queries, index = queries(client, "/sitemap.xml")
    assert index[:2] == ["http://testserver/sitemap-products.xml", "http://testserver/sitemap-products.xml?p=2"]
    first_queries, first = queries(client, "/sitemap-products.xml")
    second_queries, second = queries(client, "/sitemap-products.xml?p=2")
    assert (len(first), len(second)) == (50_000, 50_000)
    assert len(set(first) | set(second)) == 100_000
    # The index: the products' COUNT and latest change, the brands' COUNT; a page: its COUNT and its rows.
    assert [index_queries, first_queries, second_queries] == [small[0], small[1], small[1]] == [3, 2, 2]
    assert client.get("/sitemap-products.xml?p=3").status_code == 404


def json_ld(response) -> dict:
    [block] = re.findall(r'<script type="application/ld\+json">(.*?)</script>', response.content.decode(), re.S)
    return json.loads(block)


@pytest.fixture
def shoe():
    return ShoeFactory(
        name="Glide",
        brand=BrandFactory(name="Nike"),
        description="Light </script><script>alert(1)</script> & fast",
        color="Red",
        price=Decimal("1234.5"),
        sizes={"9": 0, "9.5": 2},
    )


def test_a_product_page_carries_its_canonical_link_and_product_json_ld(client, shoe):
    response = client.get(f"/PRODUCTS/{shoe.pk}/")
    html = response.content.decode()
    assert f'<link rel="canonical" href="http://testserver/products/{shoe.pk}">' in html
    assert json_ld(response) == {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": "Nike Glide",
        "image": ["http://testserver/static/img/shoe-placeholder.svg"],
        "description": "Light </script><script>alert(1)</script> & fast",
        "sku": str(shoe.pk),
        "color": "Red",
        "brand": {"@type": "Brand", "name": "Nike"},
        "offers": {
            "@type": "Offer",
            "url": f"http://testserver/products/{shoe.pk}",
            "price": "1234.50",
            "priceCurrency": "USD",
            "availability": "https://schema.org/InStock",
        },
    }
    # The shoe's text cannot end the script block: only the shell's own scripts are there.
    assert "<script>alert(1)</script>" not in html
    assert "$1,234.50" in re.search(r'<meta name="description" content="([^"]*)"', html).group(1)


def test_the_json_ld_says_out_of_stock_and_rates_the_shoe_once_it_has_reviews(client, shoe):
    shoe.stock.update(quantity=0)
    services.shoe_rating_add(shoe_id=shoe.pk, reviews=2, stars=9)
    product = json_ld(client.get(f"/products/{shoe.pk}"))
    assert product["offers"]["availability"] == "https://schema.org/OutOfStock"
    assert product["aggregateRating"] == {
        "@type": "AggregateRating",
        "ratingValue": "4.5",
        "reviewCount": 2,
        "bestRating": "5",
        "worstRating": "1",
    }


def test_other_pages_have_neither(client, shoe):
    html = client.get("/sale").content.decode()
    assert "application/ld+json" not in html and 'rel="canonical"' not in html
    assert client.get("/products/999999").status_code == 404


def test_a_product_page_preloads_the_copy_of_its_picture_the_screen_needs(client):
    name = default_storage.save("shoes/p.webp", io.BytesIO(image_bytes(size=(1200, 900), format="WEBP")))
    shoe = ShoeFactory(image=name)
    services.picture_sizes_make(name=name)
    html = client.get(f"/products/{shoe.pk}").content.decode()
    assert (
        '<link rel="preload" as="image" href="/media/shoes/p.webp" imagesrcset="/media/shoes/p-160w.webp 160w, '
        '/media/shoes/p-400w.webp 400w, /media/shoes/p-800w.webp 800w, /media/shoes/p.webp 1200w" '
        'imagesizes="(max-width: 760px) 100vw, 600px" fetchpriority="high">'
    ) in html


def test_the_home_page_preloads_the_copy_of_the_carousel_s_first_picture_the_screen_needs(client):
    name = default_storage.save("shoes/s.webp", io.BytesIO(image_bytes(size=(1200, 900), format="WEBP")))
    ShoeFactory(image=name, on_sale=True)
    services.picture_sizes_make(name=name)
    # The carousel's <img> (components/ShoeImage.jsx, place "carousel"): the same srcset and sizes.
    assert (
        '<link rel="preload" as="image" href="/media/shoes/s.webp" imagesrcset="/media/shoes/s-160w.webp 160w, '
        '/media/shoes/s-400w.webp 400w, /media/shoes/s-800w.webp 800w, /media/shoes/s.webp 1200w" '
        'imagesizes="(max-width: 760px) 100vw, 480px" fetchpriority="high">'
    ) in client.get("/").content.decode()
