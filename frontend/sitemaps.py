"""/sitemap.xml and /robots.txt: what search engines are told of the shop (issue 19).

The sitemap is an index of sections (products, brands' collections, static pages); a section holds at most 50,000 URLs
a page (the sitemaps protocol's limit), so 100,000 shoes make two product pages. Each page is two queries whatever the
catalogue's size: its COUNT and its slice of (id, updated_at) rows, read off the primary key.
"""

from urllib.parse import quote

from django.contrib.sitemaps import Sitemap
from django.http import HttpResponse
from django.views.decorators.http import require_safe

from catalog import selectors as catalog_selectors

# The sitemaps protocol's most URLs in one file.
SITEMAP_PAGE_SIZE = 50_000
# The informational pages of docs/PRODUCT.md §2, and the lists every shopper sees.
STATIC_PAGES = ["/", "/products", "/sale", "/aboutUs", "/contactUs", "/sizeChart", "/termsOfService"]
# What a crawler has no business with: the API, the Django admin, the admin's screens, a shopper's own pages
# (account, orders, favorites) and the links mails carry. The cart stays open: a crawler sees it empty, and Lighthouse's
# SEO audit (make lighthouse runs it on /cart) counts a page robots.txt blocks as not indexable.
ROBOTS_DISALLOWED = [
    "/api/",
    "/django-admin/",
    "/admin",
    "/createshoes",
    "/createbrand",
    "/createsize",
    "/modifshoe",
    "/orders",
    "/account",
    "/signin",
    "/createaccount",
    "/forget",
    "/reset-password",
    "/favorites",
    "/order/",
    "/unsubscribe/",
    "/newsletter/",
]


class ProductSitemap(Sitemap):
    limit = SITEMAP_PAGE_SIZE
    changefreq = "weekly"

    def items(self):
        return catalog_selectors.shoe_sitemap_rows()

    def location(self, row: dict) -> str:
        return f"/products/{row['pk']}"

    def lastmod(self, row: dict):
        return row["updated_at"]

    def get_latest_lastmod(self):
        # Django's own reads every item for its max(): 100,000 rows for the index's one date.
        return catalog_selectors.shoe_last_update()


class CollectionSitemap(Sitemap):
    limit = SITEMAP_PAGE_SIZE
    changefreq = "weekly"

    def items(self):
        return catalog_selectors.brand_list().order_by("pk").values_list("name", flat=True)

    def location(self, name: str) -> str:
        # The address the header's BRANDS menu links to (docs/PRODUCT.md §2 spells it /colletions).
        return f"/colletions/{quote(name)}"


class StaticSitemap(Sitemap):
    changefreq = "monthly"

    def items(self):
        return STATIC_PAGES

    def location(self, path: str) -> str:
        return path


SITEMAPS = {"products": ProductSitemap, "collections": CollectionSitemap, "pages": StaticSitemap}


@require_safe
def robots_txt(request):
    lines = ["User-agent: *", *(f"Disallow: {path}" for path in ROBOTS_DISALLOWED), ""]
    lines.append(f"Sitemap: {request.build_absolute_uri('/sitemap.xml')}")
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
