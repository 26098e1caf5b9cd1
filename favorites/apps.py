"""The favorites app: the shoes each user keeps on their /favorites page."""

from django.apps import AppConfig


class FavoritesConfig(AppConfig):
    name = "favorites"
    verbose_name = "Favorites"
