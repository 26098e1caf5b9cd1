"""Reads of pricing (docs/DESIGN.md §5, "Pricing"): a priced cart's breakdown with the operator's tables (a discount
code, the shipping methods serving an address, its tax rate), for the cart's quote and the checkout alike."""

from dataclasses import dataclass, replace
from datetime import datetime

from django.conf import settings
from django.db import connection
from django.utils import timezone

from shopsite.kept import KeptTables

from . import pricing
from .errors import PriceMoved, ShippingMethodNotFound, TaxUnavailable
from .models import DiscountCode, DiscountUse, ShippingMethod, TaxRate
from .payments import GatewayUnavailable
from .pricing import Breakdown, CodeRefusal
from .selectors import PricedCart, PricedLine, to_cents


@dataclass(frozen=True)
class Destination:
    """Where an order goes, as the tables read it: a country (ISO 3166 alpha-2) and a state as typed."""

    country: str
    state: str = ""
    # Only Stripe Tax reads it (a US address is placed by its ZIP code).
    postal_code: str = ""

    @property
    def regions(self) -> set[str]:
        return pricing.region_codes(country=self.country, state=self.state)


def destination_of(*, country: str = "", state: str = "", postal_code: str = "") -> Destination:
    return Destination(country=(country or settings.SHOP_COUNTRY).upper(), state=state, postal_code=postal_code)


@dataclass(frozen=True)
class PricingTables:
    # The active shipping methods in the operator's order, and every tax rate. Shared by the process's requests:
    # read them, never change them.
    methods: tuple[ShippingMethod, ...]
    rates: tuple[TaxRate, ...]


def _tables_read() -> PricingTables:
    return PricingTables(methods=tuple(ShippingMethod.objects.filter(active=True)), rates=tuple(TaxRate.objects.all()))


# The operator's tables are read by every quote and checkout and written a few times a year: each process keeps them
# until a save or delete of a method or a rate moves their version on (orders.services.signals_connect).
PRICING_TABLES = KeptTables("pricing", _tables_read)


def pricing_tables() -> PricingTables:
    """The tables as this process keeps them (shopsite/kept.py): one query for their version, two more when it moved."""
    return PRICING_TABLES.get()


def serves(method: ShippingMethod, destination: Destination | None) -> bool:
    if destination is None or not method.regions:
        return True
    return bool(destination.regions & {region.upper() for region in method.regions})


def tax_rate_find(*, destination: Destination, rates: tuple[TaxRate, ...] | None = None) -> TaxRate | None:
    """The destination's rate among rates (the pricing tables' when None): its state's, else its country's."""
    rates = pricing_tables().rates if rates is None else rates
    rows = [row for row in rates if row.country.upper() == destination.country.upper()]
    key = pricing.state_key(country=destination.country, state=destination.state)
    for row in rows:
        if row.state and key and pricing.state_key(country=destination.country, state=row.state) == key:
            return row
    return next((row for row in rows if not row.state), None)


def _links_sql() -> str:
    brands, shoes = DiscountCode.brands.through._meta, DiscountCode.shoes.through._meta
    return (
        f"SELECT 'brand', brand_id FROM {brands.db_table} WHERE discountcode_id = %s"
        f" UNION ALL SELECT 'shoe', shoe_id FROM {shoes.db_table} WHERE discountcode_id = %s"
    )


def discount_code_find(*, code: str) -> DiscountCode | None:
    """A code by its text whatever its case (one query), and the ids of the brands and shoes it covers as its
    `brand_ids` and `shoe_ids` (one more, of the two link tables' ids alone: no brand or shoe is built)."""
    row = DiscountCode.objects.filter(code__iexact=code.strip()).first()
    if row is None:
        return None
    ids = {"brand": set(), "shoe": set()}
    # Plain SQL: the ORM's UNION of the two link tables took ten times the CPU of the query itself, on every
    # checkout that carries a code (bench/checkout_probe.py --pricing).
    with connection.cursor() as cursor:
        cursor.execute(_links_sql(), [row.pk, row.pk])
        for kind, pk in cursor.fetchall():
            ids[kind].add(pk)
    row.brand_ids, row.shoe_ids = frozenset(ids["brand"]), frozenset(ids["shoe"])
    return row


def code_terms(row: DiscountCode) -> pricing.Code:
    """The pure terms of a code discount_code_find read."""
    return pricing.Code(
        code=row.code,
        kind=row.kind,
        value=row.value,
        min_subtotal=row.min_subtotal,
        starts_at=row.starts_at,
        ends_at=row.ends_at,
        brand_ids=row.brand_ids,
        shoe_ids=row.shoe_ids,
        combines_with_sale=row.combines_with_sale,
    )


def code_use_refusal(*, row: DiscountCode, user) -> str:
    """Why the code's uses refuse it ("" when they do not): its cap reached, or this customer's one use made."""
    if row.max_uses is not None and row.uses >= row.max_uses:
        return CodeRefusal.USED_UP
    signed_in = getattr(user, "is_authenticated", False)
    if row.once_per_customer and signed_in and DiscountUse.objects.filter(code=row, user=user).exists():
        return CodeRefusal.ALREADY_USED
    return ""


@dataclass(frozen=True)
class Quote:
    """A priced cart with its breakdown: what the cart shows and what the checkout charges."""

    cart: PricedCart
    # The lines priced, in the order of breakdown.lines: those that can be sold, at most what is in stock.
    priced: list[PricedLine]
    breakdown: Breakdown
    # The code as the shopper typed it ("" none), and its row when it applies.
    code_given: str
    code_row: DiscountCode | None
    # The methods serving the destination (all active ones without one), and the one chosen.
    methods: list[ShippingMethod]
    method: ShippingMethod | None
    # Whether the shop has any active method: when it has, an address none serves cannot be shipped to.
    shipping_offered: bool
    # Goods after the discount: what a method's free_above is compared with.
    goods: int
    # Stripe Tax's answer, when it priced the tax.
    tax_amounts: pricing.TaxAmounts | None = None

    @property
    def lines(self) -> list[PricedLine]:
        return self.cart.lines

    @property
    def total(self) -> int:
        return self.breakdown.total

    # The spec's field: the total in cents.
    amount = total

    @property
    def refusal(self) -> str:
        return self.breakdown.refusal

    def method_price(self, method: ShippingMethod) -> int:
        return pricing.Shipping(price=method.price, free_above=method.free_above).cost(self.goods)


def _line(priced: PricedLine, quantity: int) -> pricing.Line:
    shoe = priced.entry.shoe
    return pricing.Line(
        unit_price=priced.unit_price,
        quantity=quantity,
        shoe_id=shoe.pk,
        brand_id=shoe.brand_id,
        reduced=priced.unit_price < to_cents(shoe.price),
    )


def stripe_tax_on() -> bool:
    """STRIPE_TAX=1 with the Stripe gateway: Stripe computes the tax instead of the shop's table."""
    return settings.STRIPE_TAX and settings.PAYMENT_GATEWAY == "stripe"


def _tax(
    *,
    destination: Destination,
    lines: list[pricing.Line],
    code: pricing.Code | None,
    shipping: pricing.Shipping | None,
    now: datetime,
    extras: bool,
    given: pricing.TaxAmounts | None,
    rates: tuple[TaxRate, ...],
) -> pricing.Tax | pricing.TaxAmounts | None:
    """The tax rule for the destination: Stripe Tax's amounts when it is on (given: asked before the checkout's
    transaction, which calls nothing out), else the table's rate."""
    if not extras:
        return None
    if stripe_tax_on():
        # Only then: the Stripe SDK is not imported by a shop that does not use it.
        from .payments import stripe_tax

        untaxed = pricing.breakdown_compute(lines=lines, now=now, code=code, shipping=shipping)
        if given is not None:
            if given.basis != pricing.tax_basis(untaxed):
                raise PriceMoved()
            return given
        try:
            return stripe_tax.tax_calculate(
                country=destination.country,
                state=destination.state,
                postal_code=destination.postal_code,
                breakdown=untaxed,
                included=settings.SHOP_PRICES_INCLUDE_TAX,
            )
        except GatewayUnavailable as error:
            raise TaxUnavailable() from error
    rate = tax_rate_find(destination=destination, rates=rates)
    return pricing.Tax(rate=rate.rate, applies_to_shipping=rate.applies_to_shipping) if rate else None


def cart_quote(
    *,
    cart: PricedCart,
    user,
    code: str = "",
    shipping_id: int | None = None,
    destination: Destination | None = None,
    extras: bool = True,
    now: datetime | None = None,
    tax_amounts: pricing.TaxAmounts | None = None,
) -> Quote:
    """The cart's breakdown: sale prices -> code -> shipping -> tax (orders.pricing).

    A code the shop refuses comes back refused with its sentence, not as an error; a shipping method that does not
    serve the destination is replaced by the cheapest that does (the checkout checks quote.method itself).
    destination None: every active method is offered and the shop's country is taxed. extras False prices the goods
    alone (an order whose payment was authorised before, a release's draw).
    """
    now = now or timezone.now()
    priced = [line for line in cart.lines if line.entry and min(line.line.quantity, line.available) > 0]
    lines = [_line(line, min(line.line.quantity, line.available)) for line in priced]
    code_given = code.strip() if extras else ""
    row = discount_code_find(code=code_given) if code_given else None
    terms = code_terms(row) if row else None
    refusal = ""
    if code_given and row is None:
        refusal = CodeRefusal.UNKNOWN
    goods = pricing.breakdown_compute(lines=lines, now=now, code=terms)
    if terms is not None:
        # Its dates, minimum and shoes first (pure), then its uses (the database's).
        refusal = goods.refusal or code_use_refusal(row=row, user=user)
    if refusal:
        terms, row = None, None
        goods = pricing.breakdown_compute(lines=lines, now=now)

    # The operator's tables, read (their version) once for the whole quote.
    tables = pricing_tables() if extras else None
    active = list(tables.methods) if tables else []
    methods = [method for method in active if serves(method, destination)]
    after_discount = goods.subtotal - goods.discount

    def cost(method: ShippingMethod) -> int:
        return pricing.Shipping(price=method.price, free_above=method.free_above).cost(after_discount)

    chosen = next((method for method in methods if method.pk == shipping_id), None)
    if chosen is None and methods:
        chosen = min(methods, key=lambda method: (cost(method), methods.index(method)))
    shipping = pricing.Shipping(price=chosen.price, free_above=chosen.free_above) if chosen else None
    where = destination or destination_of()
    rates = tables.rates if tables else ()
    tax = _tax(
        destination=where,
        lines=lines,
        code=terms,
        shipping=shipping,
        now=now,
        extras=extras,
        given=tax_amounts,
        rates=rates,
    )
    breakdown = pricing.breakdown_compute(
        lines=lines,
        now=now,
        code=terms,
        shipping=shipping,
        tax=tax,
        prices_include_tax=settings.SHOP_PRICES_INCLUDE_TAX if extras else False,
    )
    if refusal:
        breakdown = replace(breakdown, refusal=refusal)
    return Quote(
        cart=cart,
        priced=priced,
        breakdown=breakdown,
        code_given=code_given,
        code_row=row,
        methods=methods,
        method=chosen,
        shipping_offered=bool(active),
        goods=after_discount,
        tax_amounts=tax if isinstance(tax, pricing.TaxAmounts) else None,
    )


def shipping_methods_all() -> list[ShippingMethod]:
    """Every method, inactive ones too, in the operator's order: the dashboard's list."""
    return list(ShippingMethod.objects.all())


def shipping_method_get(*, pk: int) -> ShippingMethod:
    try:
        return ShippingMethod.objects.get(pk=pk)
    except ShippingMethod.DoesNotExist:
        raise ShippingMethodNotFound() from None
