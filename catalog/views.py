"""The catalogue calls of docs/PRODUCT.md §7: anyone reads, shop administrators write."""

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsShopAdmin, IsShopAdminOrReadOnly
from shopsite.inputs import validated
from shopsite.openapi import PAGE_HEADERS, errors
from shopsite.queries import LIMIT, OFFSET, KnownQuery, KnownQueryMixin, PagedListMixin
from shopsite.throttles import ScopedRateThrottle

from . import selectors, services
from .answers import ShoeOutput, shoe_answers
from .cache import cached_answer, public_answer
from .filters import ShoeFilter, ShoeStockFilter
from .models import size_label
from .pagination import CountCachedPagination
from .serializers import (
    ArchivedShoeOutput,
    BrandCreateInput,
    BrandCreateOutput,
    BrandOutput,
    BrandSizeGuideInput,
    BrandSizeGuideOutput,
    BrandSizeGuideSavedOutput,
    MostWantedSizeOutput,
    ShoeCreateInput,
    ShoeOnSaleInput,
    ShoeUpdateInput,
    StockAddInput,
    StockAddOutput,
    StockAlertInput,
    StockAlertOutput,
)

# The parameters that page a list rather than filter it.
PAGING = (LIMIT, OFFSET)
STOCK_ALERT_THANKS = "We will email {email} once size {size} is back in stock."
STOCK_ALERT_UNSUBSCRIBED = "You will get no mail about that size."


class CachedReadMixin(KnownQueryMixin):
    """A catalogue call whose GET is answered through the catalogue's response cache, from its known parameters.

    Anyone may read it: a public caller's warm read is answered by the middleware before DRF runs.
    """

    @classmethod
    def public_answer(cls, request, match):
        return public_answer(request, match=match, query=cls.known_query(request.GET))

    def dispatch(self, request, *args, **kwargs):
        response = super().dispatch(request, *args, **kwargs)
        # The view and its request hold each other until the cycle collector's seldom full pass: the answer (a page
        # of a hundred shoes) should not wait with them (catalog/middleware.py's _cycles_break says more).
        self.response = None
        return response


class CachedListMixin(CachedReadMixin):
    """A list whose GET is answered through the catalogue's response cache, a page at a time."""

    known_query = KnownQuery(paged=True)
    pagination_class = CountCachedPagination

    def get(self, request, *args, **kwargs):
        return cached_answer(self, lambda: self.list(request, *args, **kwargs))


class ShoeRowsListMixin(CachedListMixin):
    """A list of shoes answered from plain rows (shoe_answers, ShoeOutput's answers)."""

    serializer_class = ShoeOutput
    # Their stock is kept apart from the kept answer and merged when served (catalog/fresh.py).
    answers_shoes = True

    def list(self, request, *args, **kwargs):
        queryset = self.get_queryset()
        # A list is read through page plans compiled once (selectors.PagePlan), whose rows carry their sizes on
        # PostgreSQL (selectors.rows_with_stock): the page is one query. They are named by the list and its filters'
        # values in their normal form (shopsite/queries.py), paging aside; a filtered list is filtered once, then
        # kept (selectors.filtered_list), and read without its filter set while kept.
        filters = tuple(item for item in request.query_params.items() if item[0] not in PAGING)
        self.plan_key = (type(self).__name__, filters)
        if filters:
            (queryset, count), kept = selectors.filtered_list(self.plan_key, lambda: self._filtered(queryset))
            if count is not None:
                request.list_count = count
            if not kept:
                self.plan_key = None
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(shoe_answers(page))

    def _filtered(self, queryset) -> selectors.FilteredList:
        filtered = self.filter_queryset(queryset)
        return selectors.FilteredList(filtered, getattr(self.request, "list_count", None))

    def filter_queryset(self, queryset):
        # Without any of its parameters the filter set changes nothing: it is not built (its form, its fields'
        # copies and its validation took a tenth of a cold page).
        if not any(name in self.request.query_params for name in self.filterset_class.base_filters):
            return queryset
        return super().filter_queryset(queryset)


@extend_schema_view(get=extend_schema(parameters=PAGE_HEADERS, responses={200: ShoeOutput, **errors(400, 403, 429)}))
class ShoeListView(ShoeRowsListMixin, generics.ListAPIView):
    """GET /shoes (?name=, ?brand=, ?color=, ?size=, ?inStock=, ?ordering=, limit/offset) and, for admins, POST
    /shoes."""

    permission_classes = [IsShopAdminOrReadOnly]
    filterset_class = ShoeFilter
    # ShoeFilter's parameters; its text filters ignore case.
    known_query = KnownQuery(paged=True, folded=("name", "brand", "color", "inStock"), kept=("ordering", "size"))

    def get_queryset(self):
        return selectors.shoe_rows()

    @extend_schema(request=ShoeCreateInput, responses={201: ShoeOutput, **errors(400, 401, 403)})
    def post(self, request):
        data = validated(ShoeCreateInput, request.data)
        brand = selectors.brand_named(name=data.pop("brand"))
        shoe = services.shoe_create(actor=request.user, brand=brand, **data)
        return Response(ShoeOutput(selectors.shoe_get(shoe_id=shoe.pk)).data, status=status.HTTP_201_CREATED)


@extend_schema_view(get=extend_schema(parameters=PAGE_HEADERS, responses={200: ShoeOutput, **errors(400, 403, 429)}))
class ShoeOnSaleListView(ShoeRowsListMixin, generics.ListAPIView):
    """GET /shoes/onSale (?size=, ?inStock=), cheapest first."""

    permission_classes = [IsShopAdminOrReadOnly]
    filterset_class = ShoeStockFilter
    known_query = KnownQuery(paged=True, folded=("inStock",), kept=("size",))

    def get_queryset(self):
        return selectors.shoe_on_sale_rows()


class ShoeColorListView(CachedReadMixin, APIView):
    """GET /shoes/colors (?brand=): the colors the collection's filter offers, the first 100 A to Z."""

    permission_classes = [IsShopAdminOrReadOnly]
    known_query = KnownQuery(folded=("brand",))

    @extend_schema(
        parameters=[OpenApiParameter("brand", str, description="The brand's name, any case; all brands without it.")],
        responses={200: {"type": "array", "items": {"type": "string"}}, **errors(403, 429)},
    )
    def get(self, request):
        brand = request.query_params.get("brand", "")[:40]
        return cached_answer(self, lambda: Response(selectors.shoe_color_list(brand=brand)))


class ShoeDetailView(CachedReadMixin, APIView):
    """GET /shoes/{id}; for admins PUT (the Modify Shoes form) and DELETE."""

    permission_classes = [IsShopAdminOrReadOnly]
    answers_shoes = True

    @extend_schema(responses={200: ShoeOutput, **errors(403, 404, 429)})
    def get(self, request, pk: int):
        return cached_answer(self, lambda: Response(shoe_answers([selectors.shoe_row_get(shoe_id=pk)])[0]))

    @extend_schema(request=ShoeUpdateInput, responses={200: ShoeOutput, **errors(400, 401, 403, 404)})
    def put(self, request, pk: int):
        shoe = selectors.shoe_get(shoe_id=pk)
        data = validated(ShoeUpdateInput, request.data)
        brand = selectors.brand_named(name=data.pop("brand"))
        services.shoe_update(actor=request.user, shoe=shoe, brand=brand, **data)
        return Response(ShoeOutput(selectors.shoe_get(shoe_id=pk)).data)

    @extend_schema(
        description="Deletes the shoe, or archives it when customers' orders, reviews or favorites point at it: it "
        "leaves the shop and GET /shoes/archived lists it. 204 either way.",
        responses={204: None, **errors(401, 403, 404)},
    )
    def delete(self, request, pk: int):
        services.shoe_delete(actor=request.user, shoe=selectors.shoe_get(shoe_id=pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema_view(get=extend_schema(parameters=PAGE_HEADERS, responses={200: ArchivedShoeOutput, **errors(401, 403)}))
class ShoeArchivedListView(PagedListMixin, generics.ListAPIView):
    """GET /shoes/archived, for admins: the shoes a delete archived, the latest first (limit/offset pages it)."""

    permission_classes = [IsShopAdmin]
    serializer_class = ArchivedShoeOutput
    filter_backends = []

    def get_queryset(self):
        return selectors.shoe_archived_list()


class ShoeRestoreView(APIView):
    """POST /shoes/{id}/restore, for admins: an archived shoe back in the shop, as it was."""

    permission_classes = [IsShopAdmin]

    @extend_schema(request=None, responses={200: ShoeOutput, **errors(401, 403, 404)})
    def post(self, request, pk: int):
        services.shoe_restore(actor=request.user, shoe=selectors.shoe_archived_get(shoe_id=pk))
        return Response(ShoeOutput(selectors.shoe_get(shoe_id=pk)).data)


class StockAddView(APIView):
    """PUT /shoes/addSize/{id}: adds a size, or pairs to a size the shoe has."""

    permission_classes = [IsShopAdmin]

    @extend_schema(request=StockAddInput, responses={200: StockAddOutput, **errors(400, 401, 403, 404)})
    def put(self, request, pk: int):
        shoe = selectors.shoe_get(shoe_id=pk)
        data = validated(StockAddInput, request.data)
        entry, created = services.stock_add(actor=request.user, shoe=shoe, **data)
        label = size_label(entry.size)
        if created:
            message = f"Size {label} added to {shoe.name} with {entry.quantity} pairs"
        else:
            message = f"Size {label} of {shoe.name} now has {entry.quantity} pairs"
        return Response({"message": message, "shoe": ShoeOutput(selectors.shoe_get(shoe_id=pk)).data})


class ShoeOnSaleView(APIView):
    """PUT /admin/onsale/{id} {onSale}."""

    permission_classes = [IsShopAdmin]

    @extend_schema(request=ShoeOnSaleInput, responses={200: ShoeOutput, **errors(400, 401, 403, 404)})
    def put(self, request, pk: int):
        shoe = selectors.shoe_get(shoe_id=pk)
        services.shoe_on_sale_set(actor=request.user, shoe=shoe, **validated(ShoeOnSaleInput, request.data))
        return Response(ShoeOutput(shoe).data)


@extend_schema_view(get=extend_schema(parameters=PAGE_HEADERS, responses={200: BrandOutput, **errors(403, 429)}))
class BrandListView(CachedListMixin, generics.ListAPIView):
    """GET /brands and, for admins, POST /brands {name}."""

    permission_classes = [IsShopAdminOrReadOnly]
    serializer_class = BrandOutput
    filter_backends = []

    def get_queryset(self):
        return selectors.brand_list()

    @extend_schema(request=BrandCreateInput, responses={201: BrandCreateOutput, **errors(400, 401, 403)})
    def post(self, request):
        brand = services.brand_create(actor=request.user, **validated(BrandCreateInput, request.data))
        return Response(
            {"message": f"The brand {brand.name} was created", "brand": BrandOutput(brand).data},
            status=status.HTTP_201_CREATED,
        )


class BrandDetailView(APIView):
    """DELETE /brands/{id}: refused with 409 while the brand has shoes."""

    permission_classes = [IsShopAdmin]

    @extend_schema(responses={204: None, **errors(401, 403, 404, 409)})
    def delete(self, request, pk: int):
        services.brand_delete(actor=request.user, brand=selectors.brand_get(brand_id=pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class BrandSizeGuideView(CachedReadMixin, APIView):
    """GET /brands/{id}/sizeGuide (anyone: the brand's own size guide, [] for the shop's chart) and, for admins, PUT
    {sizeGuide: [{us, uk, eu, cm}]}, the whole guide at once."""

    permission_classes = [IsShopAdminOrReadOnly]

    @extend_schema(responses={200: BrandSizeGuideOutput, **errors(403, 404, 429)})
    def get(self, request, pk: int):
        return cached_answer(self, lambda: Response(BrandSizeGuideOutput(selectors.brand_get(brand_id=pk)).data))

    @extend_schema(
        request=BrandSizeGuideInput, responses={200: BrandSizeGuideSavedOutput, **errors(400, 401, 403, 404)}
    )
    def put(self, request, pk: int):
        brand = selectors.brand_get(brand_id=pk)
        rows = validated(BrandSizeGuideInput, request.data)["size_guide"]
        brand = services.brand_size_guide_set(actor=request.user, brand=brand, rows=rows)
        said = f"The size guide of {brand.name} was saved" if rows else f"{brand.name} now uses the shop's size chart"
        return Response({"message": said, "brand": BrandSizeGuideOutput(brand).data})


class StockAlertView(APIView):
    """POST /shoes/{id}/notify {size, email}: 'Notify me' on a sold-out size; a signed-in shopper's address is their
    account's. Asking again is no error."""

    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "stock_alert"

    @extend_schema(
        request=StockAlertInput,
        responses={
            201: OpenApiResponse(StockAlertOutput, description="The address waits for the size."),
            200: OpenApiResponse(StockAlertOutput, description="The address was waiting for it already."),
            **errors(400, 403, 404, 429),
        },
    )
    def post(self, request, pk: int):
        shoe = selectors.shoe_get(shoe_id=pk, bare=True)
        data = validated(StockAlertInput, request.data)
        email = request.user.email if request.user.is_authenticated else data.get("email")
        if not email:
            raise serializers.ValidationError({"email": ["Use a valid email"]})
        alert, created = services.stock_alert_create(shoe=shoe, size=data["size"], email=email)
        return Response(
            {"message": STOCK_ALERT_THANKS.format(email=alert.email, size=size_label(alert.size))},
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class StockAlertUnsubscribeView(APIView):
    """POST /shoes/notify/unsubscribe/{token}: RFC 8058's one click, from a back-in-stock mail (its client, or the
    storefront's screen the mail links to). The signed token is the only credential: no session, no CSRF; no GET,
    since mail scanners follow links."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={200: OpenApiResponse(StockAlertOutput, description="No mail for that size."), **errors(400)},
    )
    def post(self, request, token: str):
        services.stock_alert_unsubscribe(token=token)
        return Response({"message": STOCK_ALERT_UNSUBSCRIBED})


class MostWantedSizesView(APIView):
    """GET /admin/mostWantedSizes, for admins: the sold-out sizes the most addresses wait for, most first."""

    permission_classes = [IsShopAdmin]

    @extend_schema(responses={200: MostWantedSizeOutput(many=True), **errors(401, 403)})
    def get(self, request):
        return Response(MostWantedSizeOutput(selectors.stock_alerts_most_wanted(), many=True).data)
