"""The favorites calls of docs/PRODUCT.md §7: a user's own favorites; an administrator may read them."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from accounts.permissions import IsOwnerOrAdminReading
from catalog.selectors import shoe_get
from shopsite.inputs import validated
from shopsite.openapi import PAGE_HEADERS, MessageOutput, ShopAutoSchema, errors
from shopsite.queries import KnownQuery, PagedListMixin

from . import selectors, services
from .serializers import FavoriteAddOutput, FavoriteInput, FavoriteOutput

FAVORITE_ADDED = "Shoe added to Favorites"
FAVORITE_REMOVED = "Shoe removed from Favorites"


class BodyOnDeleteSchema(ShopAutoSchema):
    """Describes the body of a DELETE, which drf-spectacular leaves out of every DELETE."""

    def _get_request_body(self, direction="request"):
        if self.method != "DELETE":
            return super()._get_request_body(direction)
        schema = self.resolve_serializer(self.get_request_serializer(), direction).ref
        return {"content": {media_type: {"schema": schema} for media_type in self.map_parsers()}, "required": True}


class FavoriteListView(PagedListMixin, generics.ListAPIView):
    """GET /favorites/{uid} (?shoeId=, limit/offset), POST {shoeId} and DELETE {shoeId}: that user's favorites.

    An administrator may read them; only the user changes them.
    """

    permission_classes = [IsOwnerOrAdminReading]
    # DELETE takes its {shoeId} in the body, as docs/PRODUCT.md §7 says.
    schema = BodyOnDeleteSchema()
    serializer_class = FavoriteOutput
    known_query = KnownQuery(paged=True, kept=("shoeId",))
    filter_backends = []

    def get_queryset(self):
        shoe_id = self.request.query_params.get("shoeId")
        if shoe_id is not None and not shoe_id.isdigit():
            raise ValidationError({"shoeId": ["A shoe id is a number."]})
        return selectors.favorite_list(uid=self.kwargs["uid"], shoe_id=int(shoe_id) if shoe_id else None)

    @extend_schema(
        parameters=[
            OpenApiParameter("shoeId", int, description="Only this shoe's favorite (a list of 0 or 1)."),
            *PAGE_HEADERS,
        ],
        responses={200: FavoriteOutput, **errors(400, 401, 403)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=FavoriteInput, responses={201: FavoriteAddOutput, 200: FavoriteAddOutput, **errors(400, 401, 403, 404)}
    )
    def post(self, request, uid: str):
        # With its brand and stock: the answer shows the shoe.
        shoe = shoe_get(shoe_id=validated(FavoriteInput, request.data)["shoe_id"])
        favorite, created = services.favorite_add(user=request.user, shoe=shoe)
        return Response(
            {"message": FAVORITE_ADDED, "favorite": FavoriteOutput(favorite).data},
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )

    @extend_schema(request=FavoriteInput, responses={200: MessageOutput, **errors(400, 401, 403)})
    def delete(self, request, uid: str):
        services.favorite_remove(user=request.user, **validated(FavoriteInput, request.data))
        return Response({"message": FAVORITE_REMOVED})
