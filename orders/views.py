"""The cart and order calls of docs/PRODUCT.md §7: checkout for a signed-in shopper, orders for owners and admins."""

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import second_factor
from accounts.errors import NotYourAccount
from accounts.permissions import IsOwnerOrAdmin, IsShopAdmin, IsShopAdminSteppedUp
from shopsite.inputs import validated
from shopsite.metrics import checkout_counted
from shopsite.openapi import PAGE_HEADERS, ErrorOutput, errors
from shopsite.outputs import answered
from shopsite.parsers import JSONParser
from shopsite.queries import PagedListMixin
from shopsite.throttles import ScopedRateThrottle

from . import hooks, pricing_selectors, selectors, services, webhooks
from .errors import CartChanged, WebhookRefused
from .reports import sales_report_write
from .serializers import (
    AdminOrderOutput,
    AdminReturnOutput,
    CartChangedOutput,
    CheckoutActionOutput,
    CheckoutInput,
    CheckoutOutput,
    OrderOutput,
    OrderStatsOutput,
    OrderStatusInput,
    QuoteInput,
    QuoteOutput,
    RefundInput,
    ReturnApproveInput,
    ReturnInput,
    SalesReportInput,
    SavedAddressInput,
    SavedAddressOutput,
    ShipInput,
    ShippingMethodAdminSerializer,
)

CONFIRM_WITH_BANK = "Your bank asks you to confirm this payment."


def _paid_message(order) -> str:
    return f"Thank you for your purchase! Order {order.payment_intent_id} is paid: ${order.amount / 100:,.2f}."


class CartQuoteView(APIView):
    """POST /cart/quote: the cart priced by the shop, with each line that changed since it was added."""

    permission_classes = [AllowAny]
    # A cart is a list of lines: a form cannot carry it.
    parser_classes = [JSONParser]

    @extend_schema(request=QuoteInput, responses={200: QuoteOutput, **errors(400, 403)})
    def post(self, request):
        data = validated(QuoteInput, request.data)
        address = data.get("address")
        quote = pricing_selectors.cart_quote(
            cart=selectors.cart_price(lines=data["shoes"]),
            user=request.user,
            code=data.get("code", ""),
            shipping_id=data.get("shipping"),
            destination=pricing_selectors.destination_of(**address) if address is not None else None,
        )
        return Response(QuoteOutput(quote).data)


class CheckoutView(APIView):
    """POST /cart/checkout {id, email, uid, shoes, amount, address}: pays for the cart (docs/DESIGN.md §5)."""

    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "checkout"

    def finalize_response(self, request, response, *args, **kwargs):
        # Every answer, refusals and errors included: one outcome counted for /metrics (shopsite/metrics.py).
        checkout_counted(response.status_code)
        return super().finalize_response(request, response, *args, **kwargs)

    @extend_schema(
        request=CheckoutInput,
        responses={
            201: CheckoutOutput,
            200: OpenApiResponse(CheckoutOutput, description="This payment method was already paid: that order."),
            202: OpenApiResponse(CheckoutActionOutput, description="3-D Secure: confirm in the browser, then resend."),
            **errors(400, 401, 402, 403, 429, 503),
            409: OpenApiResponse(
                CartChangedOutput, description="cart_changed (with the lines), amount_mismatch or payment_in_progress."
            ),
        },
    )
    def post(self, request):
        data = validated(CheckoutInput, request.data)
        if data.get("uid", request.user.uid) != request.user.uid:
            raise NotYourAccount()
        attempt = hooks.CheckoutAttempt(
            user=request.user,
            payment_method_id=data["payment_method_id"],
            lines=data["shoes"],
            address=data["address"],
            request=request,
        )
        try:
            # The other apps' guards (a release's challenge, limits and gate) around the whole checkout.
            with hooks.checkout_guarded(attempt):
                checkout = services.order_checkout(
                    user=request.user,
                    payment_method_id=data["payment_method_id"],
                    lines=data["shoes"],
                    amount=data["amount"],
                    address=data["address"],
                    attempt=attempt,
                    code=data.get("code", ""),
                    shipping_id=data.get("shipping"),
                )
        except CartChanged as changed:
            answer = {"detail": changed.message, "code": changed.code, "lines": changed.lines}
            return Response(CartChangedOutput(answer).data, status=changed.status_code)
        if checkout.requires_action:
            return Response(
                {"requiresAction": True, "clientSecret": checkout.client_secret, "message": CONFIRM_WITH_BANK},
                status=status.HTTP_202_ACCEPTED,
            )
        if checkout.repeated:
            order = selectors.order_get(id_payment=checkout.order.payment_intent_id, user=request.user)
        else:
            order = selectors.order_just_paid(order=checkout.order, user=request.user)
        answer = {"message": _paid_message(order), "order": answered(OrderOutput, order)}
        if data["save_address"]:
            # Once paid, in a transaction of its own: a full book never turns a payment into a refusal.
            answer["addressSaved"] = services.saved_address_keep(user=request.user, address=data["address"])
        return Response(answer, status=status.HTTP_200_OK if checkout.repeated else status.HTTP_201_CREATED)


@extend_schema_view(get=extend_schema(parameters=PAGE_HEADERS, responses={200: AdminOrderOutput, **errors(401, 403)}))
class OrderListView(PagedListMixin, generics.ListAPIView):
    """GET /cart: every paid order, newest first, for admins (limit/offset pages it)."""

    permission_classes = [IsShopAdmin]
    serializer_class = AdminOrderOutput
    filter_backends = []

    def get_queryset(self):
        return selectors.order_list()


@extend_schema_view(
    get=extend_schema(
        operation_id="cart_user_orders_list",
        parameters=PAGE_HEADERS,
        responses={200: OrderOutput, **errors(401, 403)},
    )
)
class UserOrderListView(PagedListMixin, generics.ListAPIView):
    """GET /cart/{uid}: that user's paid orders, newest first, for them or an admin."""

    permission_classes = [IsOwnerOrAdmin]
    serializer_class = OrderOutput
    filter_backends = []

    def get_queryset(self):
        return selectors.order_list_for_user(uid=self.kwargs["uid"])


class OrderDetailView(APIView):
    """GET /cart/order/{idPayment} for its owner or an admin; PUT {status} for admins."""

    def get_permissions(self):
        return [IsShopAdmin()] if self.request.method == "PUT" else [IsAuthenticated()]

    @extend_schema(responses={200: OrderOutput, **errors(401, 403, 404)})
    def get(self, request, id_payment: str):
        order = selectors.order_get(id_payment=id_payment, user=request.user)
        if order.user_id != request.user.pk:
            # Someone else's order: admin rights, which wait for the second factor where it applies.
            second_factor.admin_rights_check(request, request.user)
        return Response(answered(OrderOutput, order))

    @extend_schema(request=OrderStatusInput, responses={200: OrderOutput, **errors(400, 401, 403, 404)})
    def put(self, request, id_payment: str):
        order = selectors.order_get(id_payment=id_payment, user=request.user)
        services.order_status_set(actor=request.user, order=order, **validated(OrderStatusInput, request.data))
        return Response(answered(OrderOutput, order))


class OrderStatsView(APIView):
    """GET /admin/stats: what the dashboard's tiles and chart show, computed by the database."""

    permission_classes = [IsShopAdmin]

    @extend_schema(responses={200: OrderStatsOutput, **errors(401, 403)})
    def get(self, request):
        return Response(OrderStatsOutput(selectors.order_stats()).data)


class ShippingMethodListView(APIView):
    """GET /admin/shipping-methods: every method, inactive ones too; POST one more (admins)."""

    permission_classes = [IsShopAdmin]
    parser_classes = [JSONParser]

    @extend_schema(responses={200: ShippingMethodAdminSerializer(many=True), **errors(401, 403)})
    def get(self, request):
        return Response(ShippingMethodAdminSerializer(pricing_selectors.shipping_methods_all(), many=True).data)

    @extend_schema(
        request=ShippingMethodAdminSerializer,
        responses={201: ShippingMethodAdminSerializer, **errors(400, 401, 403)},
    )
    def post(self, request):
        fields = validated(ShippingMethodAdminSerializer, request.data)
        method = services.shipping_method_save(actor=request.user, **fields)
        return Response(ShippingMethodAdminSerializer(method).data, status=status.HTTP_201_CREATED)


class ShippingMethodDetailView(APIView):
    """PUT /admin/shipping-methods/{id}: change a method; DELETE it (orders keep its name and estimate)."""

    permission_classes = [IsShopAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        request=ShippingMethodAdminSerializer,
        responses={200: ShippingMethodAdminSerializer, **errors(400, 401, 403, 404)},
    )
    def put(self, request, pk: int):
        method = pricing_selectors.shipping_method_get(pk=pk)
        fields = validated(ShippingMethodAdminSerializer, request.data)
        method = services.shipping_method_save(actor=request.user, method=method, **fields)
        return Response(ShippingMethodAdminSerializer(method).data)

    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request, pk: int):
        services.shipping_method_delete(actor=request.user, method=pricing_selectors.shipping_method_get(pk=pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SalesReportView(APIView):
    """GET /admin/sales-report.csv?days=N: the accountant's figures by day, the dashboard's chart's own."""

    permission_classes = [IsShopAdmin]

    @extend_schema(
        parameters=[SalesReportInput],
        responses={
            (200, "text/csv"): OpenApiResponse(description="date,orders,gross,...,net"),
            **errors(400, 401, 403),
        },
    )
    def get(self, request):
        days = validated(SalesReportInput, request.query_params)["days"]
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="sales-{days}-days.csv"'
        sales_report_write(response, stats=selectors.order_stats(days=days))
        return response


class OrderRefundView(APIView):
    """POST /cart/order/{idPayment}/refund {lines?: [{line, quantity}]}, for admins: the pairs named (or every pair
    not refunded yet) refunded through the card service and put back in stock."""

    # Money leaves the shop: a code entered in the last 15 minutes (accounts/second_factor.py).
    permission_classes = [IsShopAdminSteppedUp]
    parser_classes = [JSONParser]

    @extend_schema(request=RefundInput, responses={200: AdminOrderOutput, **errors(400, 401, 403, 404, 409, 503)})
    def post(self, request, id_payment: str):
        order = selectors.order_get(id_payment=id_payment, user=request.user)
        pairs = validated(RefundInput, request.data).get("lines")
        services.order_refund(order=order, by=request.user, pairs=pairs)
        return Response(answered(AdminOrderOutput, selectors.order_get(id_payment=id_payment, user=request.user)))


class OrderCancelView(APIView):
    """POST /cart/order/{idPayment}/cancel, for admins: the order Cancelled, every pair left refunded and restocked."""

    # Money leaves the shop: a code entered in the last 15 minutes (accounts/second_factor.py).
    permission_classes = [IsShopAdminSteppedUp]

    @extend_schema(request=None, responses={200: AdminOrderOutput, **errors(401, 403, 404, 409, 503)})
    def post(self, request, id_payment: str):
        order = selectors.order_get(id_payment=id_payment, user=request.user)
        services.order_cancel(order=order, by=request.user)
        return Response(answered(AdminOrderOutput, selectors.order_get(id_payment=id_payment, user=request.user)))


class StripeWebhookView(APIView):
    """POST /payments/stripe/webhook: Stripe's events, signed with STRIPE_WEBHOOK_SECRET (docs/DEPLOY.md)."""

    # Stripe signs the body; it has no session or CSRF token, and the signature is its credential.
    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={200: None, **errors(400)})
    def post(self, request):
        # The raw bytes, before any parser: the signature is over them exactly.
        payload = request.body
        try:
            event = services.webhook_event_verify(
                payload=payload, signature=request.headers.get("Stripe-Signature", "")
            )
        except WebhookRefused as refused:
            return Response({"detail": str(refused), "code": "webhook_refused"}, status=status.HTTP_400_BAD_REQUEST)
        stored = webhooks.webhook_event_receive(event=event)
        return Response({"received": True, "replay": stored is None})


class OrderShipView(APIView):
    """POST /cart/order/{idPayment}/ship {carrier, trackingNumber}, for admins: the parcel recorded, the order
    Shipped and the shopper mailed the tracking link."""

    permission_classes = [IsShopAdmin]
    parser_classes = [JSONParser]

    @extend_schema(request=ShipInput, responses={200: AdminOrderOutput, **errors(400, 401, 403, 404, 409)})
    def post(self, request, id_payment: str):
        order = selectors.order_get(id_payment=id_payment, user=request.user)
        services.order_ship(actor=request.user, order=order, **validated(ShipInput, request.data))
        return Response(answered(AdminOrderOutput, selectors.order_get(id_payment=id_payment, user=request.user)))


class OrderReturnView(APIView):
    """POST /cart/order/{idPayment}/returns {lines: [{line, quantity}], reason, exchangeSize?}, for the buyer: pairs
    of a shipped or received order to return within SHOP_RETURN_DAYS, refunded or exchanged for another size."""

    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(request=ReturnInput, responses={201: OrderOutput, **errors(400, 401, 404)})
    def post(self, request, id_payment: str):
        order = selectors.order_get(id_payment=id_payment, user=request.user)
        data = validated(ReturnInput, request.data)
        services.return_request(
            user=request.user,
            order=order,
            pairs=data["lines"],
            reason=data["reason"],
            exchange_size=data.get("exchange_size"),
        )
        return Response(
            answered(OrderOutput, selectors.order_get(id_payment=id_payment, user=request.user)),
            status=status.HTTP_201_CREATED,
        )


class AdminReturnListView(APIView):
    """GET /admin/returns: the returns not decided yet, oldest first."""

    permission_classes = [IsShopAdmin]

    @extend_schema(responses={200: AdminReturnOutput(many=True), **errors(401, 403)})
    def get(self, request):
        return Response(AdminReturnOutput(selectors.returns_open(), many=True).data)


class AdminReturnActionView(APIView):
    """POST /admin/returns/{id}/received|approve|refuse, for admins (approve an exchange with {carrier,
    trackingNumber} of the new size's parcel)."""

    permission_classes = [IsShopAdmin]
    parser_classes = [JSONParser]
    action = ""

    @extend_schema(request=ReturnApproveInput, responses={200: AdminReturnOutput, **errors(400, 401, 403, 404, 409)})
    def post(self, request, pk: int):
        found = selectors.return_get(pk=pk)
        if self.action == "received":
            done = services.return_receive(actor=request.user, request=found)
        elif self.action == "approve":
            done = services.return_approve(
                actor=request.user, request=found, **validated(ReturnApproveInput, request.data)
            )
        else:
            done = services.return_refuse(actor=request.user, request=found)
        return Response(AdminReturnOutput(selectors.return_get(pk=done.pk)).data)


class SavedAddressListView(APIView):
    """GET /account/addresses: the signed-in shopper's address book, the default first; POST one more address,
    checked with the payment form's rules and messages (docs/DESIGN.md §5, "The address book")."""

    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    # The book holds at most MAX_SAVED_ADDRESSES: one plain list, never a page.
    @extend_schema(responses={200: SavedAddressOutput(many=True), **errors(401, 403)})
    def get(self, request):
        return Response(SavedAddressOutput(selectors.saved_address_list(user=request.user), many=True).data)

    @extend_schema(
        request=SavedAddressInput,
        responses={
            201: SavedAddressOutput,
            **errors(400, 401, 403),
            409: OpenApiResponse(ErrorOutput, description="address_book_full or address_duplicate."),
        },
    )
    def post(self, request):
        data = validated(SavedAddressInput, request.data)
        saved = services.saved_address_create(
            user=request.user, address=data["address"], is_default=bool(data["is_default"])
        )
        return Response(SavedAddressOutput(saved).data, status=status.HTTP_201_CREATED)


class SavedAddressDetailView(APIView):
    """PUT /account/addresses/{id} (the whole address) or PATCH (the fields sent; isDefault: true makes it the
    default), DELETE: one of the shopper's own addresses; anyone else's is a 404."""

    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    def _update(self, request, pk: int, *, partial: bool) -> Response:
        saved = selectors.saved_address_get(user=request.user, pk=pk)
        body = request.data if isinstance(request.data, dict) else {}
        # A PATCH is the address as kept with the fields sent on top, then checked whole, as a PUT is.
        data = validated(SavedAddressInput, {**SavedAddressOutput(saved).data, **body} if partial else request.data)
        saved = services.saved_address_update(
            user=request.user, saved=saved, address=data["address"], is_default=data["is_default"]
        )
        return Response(SavedAddressOutput(saved).data)

    @extend_schema(
        request=SavedAddressInput,
        responses={200: SavedAddressOutput, **errors(400, 401, 403, 404, 409)},
    )
    def put(self, request, pk: int):
        return self._update(request, pk, partial=False)

    @extend_schema(
        request=SavedAddressInput(partial=True),
        responses={200: SavedAddressOutput, **errors(400, 401, 403, 404, 409)},
    )
    def patch(self, request, pk: int):
        return self._update(request, pk, partial=True)

    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request, pk: int):
        services.saved_address_delete(user=request.user, saved=selectors.saved_address_get(user=request.user, pk=pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SavedAddressDefaultView(APIView):
    """POST /account/addresses/{id}/default: that address becomes the default, the one before stops being it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: SavedAddressOutput, **errors(401, 403, 404)})
    def post(self, request, pk: int):
        saved = selectors.saved_address_get(user=request.user, pk=pk)
        return Response(SavedAddressOutput(services.saved_address_default_set(user=request.user, saved=saved)).data)
