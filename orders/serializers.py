"""Carts and orders on the wire: the spec's names (idPayment, shoe, amount in cents) out, checked carts in."""

import unicodedata
from decimal import Decimal

from django.conf import settings
from rest_framework import serializers

from catalog.fields import SizeField
from catalog.images import placeholder_image_url
from catalog.models import size_label

from .carriers import CARRIERS
from .models import Order, OrderLine, PaymentState, ReturnRequest, Shipment, ShippingAddress
from .pricing import region_valid
from .selectors import CartLine, Problem

MAX_LINES = 50
# Pairs of one shoe and size per order: more is a reseller's bulk buy or a typing slip.
MAX_PAIRS_PER_LINE = 99
PROBLEMS = [Problem.SHOE_GONE, Problem.SIZE_GONE, Problem.PRICE_CHANGED, Problem.OUT_OF_STOCK]
PAYMENT_METHOD_ID = r"^pm_[A-Za-z0-9_]{1,200}(?:--[A-Za-z0-9]{1,40})?$"


class CartLineInput(serializers.Serializer):
    """A cart line of docs/PRODUCT.md §3; name and image may come along and are not read."""

    _id = serializers.IntegerField(min_value=1, error_messages={"invalid": "A shoe id is a number."})
    size = SizeField()
    quantity = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAIRS_PER_LINE,
        error_messages={
            "min_value": "Take at least 1 pair.",
            "max_value": f"At most {MAX_PAIRS_PER_LINE} pairs of one size per order.",
        },
    )
    # The price the shopper saw, in dollars: compared with the shop's, never charged.
    price = serializers.DecimalField(max_digits=9, decimal_places=2, min_value=Decimal("0"), required=False)


class CartInput(serializers.Serializer):
    shoes = serializers.ListField(
        child=CartLineInput(),
        allow_empty=False,
        max_length=MAX_LINES,
        error_messages={"empty": "Your cart is empty.", "max_length": f"At most {MAX_LINES} lines per order."},
    )

    def validate_shoes(self, shoes: list[dict]) -> list[CartLine]:
        lines = [
            CartLine(shoe_id=line["_id"], size=line["size"], quantity=line["quantity"], price=line.get("price"))
            for line in shoes
        ]
        if len({(line.shoe_id, line.size) for line in lines}) != len(lines):
            # The stock check is per line: the same size on two lines could take more than the shop has.
            raise serializers.ValidationError("Each shoe and size may be on one line only.")
        return lines


def _address_part(value: str, *, low: int, high: int, extra: str) -> bool:
    """docs/PRODUCT.md §5: letters (accented ones too, NFC), spaces and `extra`, low to high of them, at least one a
    letter (or a digit, when digits are allowed): the payment form's rules (frontend/.../checkout/validators.js)."""
    value = unicodedata.normalize("NFC", value)
    if not low <= len(value) <= high:
        return False
    allowed = all(char.isalpha() or unicodedata.category(char).startswith("M") or char in extra for char in value)
    return allowed and any(char.isalpha() or (char.isdigit() and char in extra) for char in value)


class AddressField(serializers.CharField):
    """One field of the payment form's address, refused with the spec's message for that field."""

    def __init__(self, message: str, *, low: int, high: int, extra: str = " ", **kwargs) -> None:
        self.rule = {"low": low, "high": high, "extra": extra}
        # Blank and missing get the same message as a wrong value: the form shows one message per field.
        errors = {"required": message, "blank": message, "invalid": message, "null": message, "max_length": message}
        super().__init__(trim_whitespace=False, error_messages=errors, **kwargs)
        self.message = message

    def to_internal_value(self, data) -> str:
        value = super().to_internal_value(data)
        if not _address_part(value, **self.rule):
            raise serializers.ValidationError(self.message)
        return unicodedata.normalize("NFC", value.strip())


DIGITS_AND_MORE = "0123456789_ -"
COUNTRY_MESSAGE = "Choose the country by its two-letter code, as US or DE."


class CountryField(serializers.RegexField):
    """An ISO 3166 alpha-2 country, in any case; kept in capitals."""

    def __init__(self, **kwargs) -> None:
        errors = {"invalid": COUNTRY_MESSAGE, "blank": COUNTRY_MESSAGE, "null": COUNTRY_MESSAGE}
        super().__init__(r"^[A-Za-z]{2}$", error_messages=errors, **kwargs)

    def to_internal_value(self, data) -> str:
        return super().to_internal_value(data).upper()


class AddressInput(serializers.Serializer):
    """Where to ship: the payment form's name, state, city, line 1 and postal code (docs/PRODUCT.md §5)."""

    name = AddressField("Please enter a valid name.", low=3, high=40)
    state = AddressField("The state can only contain letters and spaces", low=3, high=40)
    city = AddressField("The city can only contain letters and spaces", low=3, high=40)
    line1 = AddressField("enter the line 1 correctly", low=4, high=16, extra=DIGITS_AND_MORE)
    postalCode = AddressField(
        "enter the postal code correctly", low=4, high=16, extra=DIGITS_AND_MORE, source="postal_code"
    )
    country = CountryField(required=False, help_text="ISO 3166 alpha-2; the shop's country (SHOP_COUNTRY) if none.")

    def validate(self, data: dict) -> ShippingAddress:
        return ShippingAddress(**{"country": settings.SHOP_COUNTRY, **data})


class SavedAddressInput(AddressInput):
    """An address of the book (docs/DESIGN.md §5, "The address book"): the payment form's fields, rules and messages,
    and whether it is to be the default."""

    isDefault = serializers.BooleanField(
        required=False, allow_null=True, default=None, help_text="true: this one becomes the default."
    )

    def validate(self, data: dict) -> dict:
        is_default = data.pop("isDefault", None)
        return {"address": super().validate(data), "is_default": is_default}


class SavedAddressOutput(serializers.Serializer):
    """An orders.SavedAddress."""

    _id = serializers.IntegerField(source="id")
    name = serializers.CharField()
    state = serializers.CharField()
    city = serializers.CharField()
    line1 = serializers.CharField()
    postalCode = serializers.CharField(source="postal_code")
    country = serializers.CharField()
    isDefault = serializers.BooleanField(source="is_default", help_text="The one the payment form starts with.")


class QuoteAddressInput(serializers.Serializer):
    """What the quote reads of the address being typed: its country and state (the other fields are ignored)."""

    country = CountryField(required=False)
    state = serializers.CharField(required=False, allow_blank=True, max_length=40)
    postalCode = serializers.CharField(
        required=False, allow_blank=True, max_length=16, source="postal_code", help_text="Read by Stripe Tax only."
    )


class PricingInput(serializers.Serializer):
    """The cart's choices beside its lines: a discount code and a shipping method."""

    code = serializers.CharField(required=False, allow_blank=True, max_length=40, help_text="A discount code.")
    shipping = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, help_text="A shipping method's id; the cheapest serving if none."
    )


class QuoteInput(CartInput, PricingInput):
    """POST /cart/quote: the lines, and the code, shipping method and address (country, state) as chosen so far."""

    address = QuoteAddressInput(required=False)


class CheckoutInput(CartInput, PricingInput):
    """POST /cart/checkout (docs/PRODUCT.md §7); the user and the email come from the credential, not from here."""

    id = serializers.RegexField(
        PAYMENT_METHOD_ID,
        max_length=255,
        source="payment_method_id",
        error_messages={"invalid": "That is not a card payment method id."},
    )
    amount = serializers.IntegerField(
        min_value=1, max_value=2**53, error_messages={"min_value": "There is nothing to pay."}
    )
    address = AddressInput(help_text="Where to ship; the card service gets it as the billing details too.")
    saveAddress = serializers.BooleanField(
        required=False,
        default=False,
        source="save_address",
        help_text="Keep the address in the shopper's address book once paid (never refused: see addressSaved).",
    )
    # Sent by the spec's client; checked against the signed-in user in the view, never used.
    uid = serializers.CharField(required=False, max_length=128)
    email = serializers.CharField(required=False, max_length=254)


class QuoteLineOutput(serializers.Serializer):
    """A selectors.PricedLine: a cart line as the shop sees it now."""

    index = serializers.IntegerField(help_text="The line's place in the cart sent.")
    _id = serializers.IntegerField(source="line.shoe_id")
    size = SizeField(source="line.size")
    price = serializers.DecimalField(
        source="entry.shoe.price_now",
        max_digits=8,
        decimal_places=2,
        allow_null=True,
        help_text="What a pair sells for now (its sale price while on sale); null once gone.",
    )
    regularPrice = serializers.DecimalField(
        source="entry.shoe.price", max_digits=8, decimal_places=2, allow_null=True, help_text="Null once gone."
    )
    available = serializers.IntegerField(help_text="Pairs of that size the shop has now.")
    problem = serializers.ChoiceField(choices=PROBLEMS, allow_null=True)


class QuoteCodeOutput(serializers.Serializer):
    code = serializers.CharField(source="code_given")
    applied = serializers.SerializerMethodField()
    message = serializers.CharField(source="refusal", help_text="Why it does not apply, in one sentence; or empty.")

    def get_applied(self, quote) -> bool:
        return not quote.refusal


class ShippingMethodOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    price = serializers.SerializerMethodField(help_text="Cents for this cart: 0 once its goods reach freeAbove.")
    estimate = serializers.CharField()
    freeAbove = serializers.IntegerField(source="free_above", allow_null=True, help_text="Cents, or null.")

    def get_price(self, method) -> int:
        return self.context["quote"].method_price(method)


class QuoteOutput(serializers.Serializer):
    """A pricing_selectors.Quote: the lines as the shop sees them and the breakdown, in cents."""

    amount = serializers.IntegerField(help_text="Cents, for what can be sold as the lines stand: the total.")
    lines = QuoteLineOutput(many=True)
    subtotal = serializers.IntegerField(source="breakdown.subtotal", help_text="Cents: the pairs at their prices.")
    discount = serializers.IntegerField(source="breakdown.discount", help_text="Cents off, by the code.")
    shipping = serializers.IntegerField(source="breakdown.shipping", help_text="Cents.")
    tax = serializers.IntegerField(source="breakdown.tax", help_text="Cents: added, or the part of the total that is.")
    taxIncluded = serializers.BooleanField(source="breakdown.tax_included")
    total = serializers.IntegerField(help_text="Cents to pay: amount.")
    code = serializers.SerializerMethodField()
    shippingMethods = serializers.SerializerMethodField(help_text="The methods serving the address.")
    shippingMethod = serializers.SerializerMethodField(help_text="The chosen method's id; null when the shop has none.")

    def get_code(self, quote) -> dict | None:
        return QuoteCodeOutput(quote).data if quote.code_given else None

    def get_shippingMethods(self, quote) -> list[dict]:
        return ShippingMethodOutput(quote.methods, many=True, context={"quote": quote}).data

    def get_shippingMethod(self, quote) -> int | None:
        return quote.method.pk if quote.method else None


class CartChangedOutput(serializers.Serializer):
    """A 409 of the checkout: cart_changed carries the lines to fix, amount_mismatch the shop's total."""

    detail = serializers.CharField()
    code = serializers.CharField()
    lines = QuoteLineOutput(many=True, required=False, help_text="cart_changed: only the lines to fix.")
    amount = serializers.IntegerField(required=False, help_text="amount_mismatch: the total in cents.")


class OrderLineOutput(serializers.ModelSerializer):
    line = serializers.IntegerField(source="id", read_only=True, help_text="The line, for a refund of its pairs.")
    refunded = serializers.IntegerField(source="refunded_quantity", read_only=True, help_text="Pairs refunded.")
    _id = serializers.SerializerMethodField(
        method_name="get_id", help_text="The shoe; null while it is not in the shop (deleted, or archived)."
    )
    image = serializers.SerializerMethodField()
    size = serializers.SerializerMethodField()
    price = serializers.SerializerMethodField(help_text="Dollars, each, as paid.")

    class Meta:
        model = OrderLine
        fields = ["_id", "line", "name", "brand", "image", "quantity", "size", "price", "refunded", "discount", "tax"]
        extra_kwargs = {
            "discount": {"help_text": "Cents off the line (all its pairs): its share of the code's discount."},
            "tax": {"help_text": "Cents of tax on the line (all its pairs)."},
        }

    def get_id(self, line: OrderLine) -> int | None:
        # The line keeps its archived shoe (its name and picture show), but a link to its page would lead nowhere.
        return line.shoe_id if line.shoe and line.shoe.archived_at is None else None

    def get_image(self, line: OrderLine) -> str:
        return line.shoe.image.url if line.shoe and line.shoe.image else placeholder_image_url()

    def get_size(self, line: OrderLine) -> str:
        return size_label(line.size)

    def get_price(self, line: OrderLine) -> Decimal:
        return Decimal(line.unit_price) / 100


class AddressOutput(serializers.Serializer):
    """An order's ShippingAddress."""

    name = serializers.CharField()
    state = serializers.CharField()
    city = serializers.CharField()
    line1 = serializers.CharField()
    postalCode = serializers.CharField(source="postal_code")


class ShipmentOutput(serializers.ModelSerializer):
    trackingNumber = serializers.CharField(source="tracking_number")
    trackingUrl = serializers.CharField(source="tracking_url")
    shippedAt = serializers.DateTimeField(source="shipped_at")

    class Meta:
        model = Shipment
        fields = ["carrier", "trackingNumber", "trackingUrl", "shippedAt", "exchange"]


class ShipInput(serializers.Serializer):
    carrier = serializers.ChoiceField(choices=list(CARRIERS))
    trackingNumber = serializers.CharField(max_length=40, source="tracking_number")


class ReturnOutput(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id", read_only=True)
    exchangeSize = serializers.SerializerMethodField()
    pairs = serializers.SerializerMethodField(help_text="[{line, quantity}]")
    createdAt = serializers.DateTimeField(source="created_at")

    class Meta:
        model = ReturnRequest
        fields = ["_id", "reason", "kind", "status", "exchangeSize", "pairs", "createdAt"]

    def get_exchangeSize(self, request: ReturnRequest) -> str | None:
        return size_label(request.exchange_size) if request.exchange_size is not None else None

    def get_pairs(self, request: ReturnRequest) -> list[dict]:
        counts: dict[int, int] = {}
        for pair in request.pairs.all():
            counts[pair.line_id] = counts.get(pair.line_id, 0) + 1
        return [{"line": line, "quantity": n} for line, n in counts.items()]


class AdminReturnOutput(ReturnOutput):
    idPayment = serializers.CharField(source="order.payment_intent_id")
    client = serializers.EmailField(source="order.user.email")

    class Meta(ReturnOutput.Meta):
        fields = [*ReturnOutput.Meta.fields, "idPayment", "client"]


class OrderOutput(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id", read_only=True)
    idPayment = serializers.CharField(source="payment_intent_id")
    amount = serializers.IntegerField(help_text="Cents.")
    date = serializers.DateTimeField(source="paid_at")
    shoe = OrderLineOutput(source="lines_listed", many=True)
    address = AddressOutput(help_text="Where to ship, as given at the purchase.")
    payment = serializers.ChoiceField(source="payment_state", choices=PaymentState.choices, read_only=True)
    refunded = serializers.IntegerField(help_text="Cents given back.")
    # The price's parts, cents (docs/DESIGN.md §5, "Pricing").
    shipping = serializers.IntegerField(source="shipping_cost", help_text="Cents.")
    taxIncluded = serializers.BooleanField(source="tax_included")
    shippingMethod = serializers.SerializerMethodField()
    code = serializers.CharField(source="discount_code", help_text="The discount code applied, or empty.")
    country = serializers.CharField(source="ship_country")
    shipments = ShipmentOutput(source="shipments_listed", many=True, read_only=True)
    receivedAt = serializers.DateTimeField(source="received_at", read_only=True, allow_null=True)
    returns = ReturnOutput(source="returns_listed", many=True, read_only=True)

    class Meta:
        model = Order
        fields = [
            "_id", "idPayment", "email", "amount", "date", "status", "shoe", "address", "payment", "refunded",
            "subtotal", "discount", "shipping", "tax", "taxIncluded", "shippingMethod", "code", "country",
            "shipments", "receivedAt", "returns",
        ]  # fmt: skip

    def get_shippingMethod(self, order: Order) -> dict | None:
        return {"name": order.shipping_method, "estimate": order.shipping_estimate} if order.shipping_method else None


class AdminOrderOutput(OrderOutput):
    client = serializers.EmailField(source="user.email", help_text="The buyer's account.")

    class Meta(OrderOutput.Meta):
        fields = [*OrderOutput.Meta.fields, "client"]


class CheckoutOutput(serializers.Serializer):
    message = serializers.CharField()
    order = OrderOutput()
    addressSaved = serializers.BooleanField(
        required=False,
        help_text="Only with saveAddress: whether the address is in the address book now (false: the book was full).",
    )


class CheckoutActionOutput(serializers.Serializer):
    requiresAction = serializers.BooleanField()
    clientSecret = serializers.CharField()
    message = serializers.CharField()


class OrderStatusInput(serializers.Serializer):
    # Cancelled is set by POST .../cancel, which refunds too.
    status = serializers.ChoiceField(choices=[Order.Status.PENDING, Order.Status.RECEIVED])


class RefundLineInput(serializers.Serializer):
    line = serializers.IntegerField(min_value=1)
    quantity = serializers.IntegerField(min_value=1, max_value=MAX_PAIRS_PER_LINE)


class RefundInput(serializers.Serializer):
    """POST /cart/order/{idPayment}/refund: the pairs to refund; none named, every pair not refunded yet."""

    lines = RefundLineInput(many=True, required=False, max_length=MAX_LINES)

    def validate_lines(self, lines: list[dict]) -> dict[int, int]:
        pairs: dict[int, int] = {}
        for line in lines:
            pairs[line["line"]] = pairs.get(line["line"], 0) + line["quantity"]
        if not pairs:
            raise serializers.ValidationError("Choose at least one pair to refund.")
        return pairs


class SalesDayOutput(serializers.Serializer):
    date = serializers.DateField(source="day")
    amount = serializers.IntegerField(
        help_text="Cents the shop kept of that day's (UTC) orders: paid, less refunds, without the tax collected."
    )
    orders = serializers.IntegerField()


class OrderStatsOutput(serializers.Serializer):
    """GET /admin/stats: the dashboard's Orders and Sales tiles and its 30-day chart."""

    pairs = serializers.IntegerField(help_text="Shoes ordered: the pairs of every paid order, less those refunded.")
    orders = serializers.IntegerField(help_text="Paid orders.")
    sales = serializers.IntegerField(
        source="amount", help_text="Cents, every paid order summed, net of refunds and without the tax collected."
    )
    salesByDay = SalesDayOutput(source="days", many=True, help_text="The last 30 days, oldest first, empty days as 0.")


class ShippingMethodAdminSerializer(serializers.Serializer):
    """GET/POST /admin/shipping-methods, PUT /admin/shipping-methods/{id}: a method as the dashboard edits it."""

    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=40)
    price = serializers.IntegerField(min_value=0, max_value=10_000_000, help_text="Cents.")
    estimate = serializers.CharField(max_length=80, allow_blank=True, required=False, default="")
    freeAbove = serializers.IntegerField(
        source="free_above", min_value=0, max_value=100_000_000, allow_null=True, required=False, default=None,
        help_text="Cents the goods must reach for it to be free; null: never.",
    )  # fmt: skip
    regions = serializers.ListField(
        child=serializers.CharField(max_length=6),
        max_length=300,
        required=False,
        default=list,
        help_text='Countries and US states served, as ["US", "US-CA", "DE"]; empty: everywhere.',
    )
    active = serializers.BooleanField(required=False, default=True)
    position = serializers.IntegerField(min_value=0, max_value=1000, required=False, default=0)

    def validate_regions(self, regions: list[str]) -> list[str]:
        cleaned = []
        for region in regions:
            region = region.strip().upper()
            if not region_valid(region):
                raise serializers.ValidationError(
                    f"{region or 'A blank region'} is not a region: a country as US or DE, or a US state as US-CA."
                )
            if region not in cleaned:
                cleaned.append(region)
        return cleaned


class SalesReportInput(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=366, required=False, default=30)


class ReturnInput(serializers.Serializer):
    lines = serializers.ListField(child=RefundLineInput(), min_length=1, max_length=100)
    reason = serializers.ChoiceField(choices=ReturnRequest.Reason.choices)
    exchangeSize = SizeField(required=False, allow_null=True, source="exchange_size")

    def validate_lines(self, lines: list[dict]) -> dict[int, int]:
        pairs: dict[int, int] = {}
        for item in lines:
            pairs[item["line"]] = pairs.get(item["line"], 0) + item["quantity"]
        return pairs


class ReturnApproveInput(serializers.Serializer):
    carrier = serializers.ChoiceField(choices=list(CARRIERS), required=False, default="")
    trackingNumber = serializers.CharField(max_length=40, source="tracking_number", required=False, default="")
