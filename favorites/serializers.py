"""Favorites on the wire (docs/PRODUCT.md §3 'Favorite'): the shoe's id, and the shoe as the catalogue answers it."""

from rest_framework import serializers

from catalog.answers import ShoeOutput
from shopsite.openapi import MessageOutput

from .models import Favorite


class FavoriteOutput(serializers.ModelSerializer):
    """A favorite: the shoe's id, and the shoe itself for the /favorites grid (fetched with it: selectors)."""

    _id = serializers.IntegerField(source="id", read_only=True)
    shoeId = serializers.IntegerField(source="shoe_id", read_only=True)
    shoe = ShoeOutput(read_only=True)

    class Meta:
        model = Favorite
        fields = ["_id", "shoeId", "shoe"]


class FavoriteInput(serializers.Serializer):
    shoeId = serializers.IntegerField(min_value=1, source="shoe_id")


class FavoriteAddOutput(MessageOutput):
    favorite = FavoriteOutput()
