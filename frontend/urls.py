"""The page shell's route: every path that is not the API's, the Django admin's, a static file or a media file; and
what search engines read first (/robots.txt, /sitemap.xml and its sections' pages)."""

from django.contrib.sitemaps import views as sitemap_views
from django.urls import path, re_path

from .sitemaps import SITEMAPS, robots_txt
from .views import page_shell

urlpatterns = [
    path("robots.txt", robots_txt, name="robots-txt"),
    path("sitemap.xml", sitemap_views.index, {"sitemaps": SITEMAPS, "sitemap_url_name": "sitemap-section"}),
    path("sitemap-<section>.xml", sitemap_views.sitemap, {"sitemaps": SITEMAPS}, name="sitemap-section"),
    re_path(r"^(?!(?:api|django-admin|static|media)(?:/|$)).*$", page_shell, name="page-shell"),
]
