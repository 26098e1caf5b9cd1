"""The review calls of docs/PRODUCT.md §7: anyone reads, verified buyers write, authors change their own."""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.selectors import shoe_get
from orders.selectors import shoe_received_by
from shopsite.inputs import validated
from shopsite.openapi import PAGE_HEADERS, errors
from shopsite.queries import PagedListMixin

from . import selectors, services
from .serializers import EligibilityOutput, ReviewInput, ReviewOutput, ReviewUpdateInput


@extend_schema_view(get=extend_schema(parameters=PAGE_HEADERS, responses={200: ReviewOutput, **errors(403, 404)}))
class ReviewListView(PagedListMixin, generics.ListAPIView):
    """GET /reviews/{shoeId} for anyone (limit/offset pages it); POST {review, rating} for a verified buyer."""

    serializer_class = ReviewOutput
    filter_backends = []

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    def get_queryset(self):
        return selectors.review_list(shoe_id=self.kwargs["shoe_id"])

    def list(self, request, *args, **kwargs):
        shoe_get(shoe_id=self.kwargs["shoe_id"], bare=True)  # 404 for a shoe the shop does not have
        return super().list(request, *args, **kwargs)

    @extend_schema(request=ReviewInput, responses={201: ReviewOutput, **errors(400, 401, 403, 404, 409)})
    def post(self, request, shoe_id: int):
        shoe = shoe_get(shoe_id=shoe_id, bare=True)
        review = services.review_create(user=request.user, shoe=shoe, **validated(ReviewInput, request.data))
        return Response(ReviewOutput(review, context={"request": request}).data, status=status.HTTP_201_CREATED)


class ReviewEligibilityView(APIView):
    """GET /reviews/{shoeId}/eligibility: what 'I already bought them' asks before showing the form."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: EligibilityOutput, **errors(401, 403, 404)})
    def get(self, request, shoe_id: int):
        shoe_get(shoe_id=shoe_id, bare=True)
        return Response(
            {
                "bought": shoe_received_by(user=request.user, shoe_id=shoe_id),
                "reviewed": selectors.review_exists(user=request.user, shoe_id=shoe_id),
            }
        )


class ReviewDetailView(APIView):
    """PUT /reviews/exact/{id} {review, rating} and DELETE: its author only."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ReviewUpdateInput, responses={200: ReviewOutput, **errors(400, 401, 403, 404)})
    def put(self, request, pk: int):
        review = selectors.review_get(review_id=pk)
        data = validated(ReviewUpdateInput, request.data)
        review = services.review_update(review=review, user=request.user, **data)
        return Response(ReviewOutput(review, context={"request": request}).data)

    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request, pk: int):
        services.review_delete(review=selectors.review_get(review_id=pk), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
