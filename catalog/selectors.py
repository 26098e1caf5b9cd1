"""Reads of the catalogue, shaped so that list calls run a fixed number of queries."""

import threading
from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable
from decimal import Decimal
from functools import cache, reduce
from operator import or_
from typing import NamedTuple

from django.db import connection, connections
from django.db.models import (
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    Field,
    Func,
    IntegerField,
    Max,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Lower

from .errors import ArchivedShoeNotFound, BrandNotFound, ShoeNotFound, UnknownBrand
from .models import Brand, Shoe, StockAlert, StockEntry

# The collection's color filter offers no more than this many.
COLORS_MAX = 100
_STOCK_SQL = f"SELECT shoe_id, id, size, quantity FROM {StockEntry._meta.db_table}"
# What a shoe's answer shows of its own row and its brand's (catalog.answers.ShoeOutput).
SHOE_ROW_FIELDS = (
    "id", "name", "brand_name", "image", "description", "color", "price", "sale_price", "on_sale", "rating_total",
    "review_count", "image_sizes", "lowest_prior_price",
)  # fmt: skip


class StockRow(NamedTuple):
    """A size of a shoe and the pairs left, as a shoe's answer shows it: the fields of stock_rows' plain tuples."""

    id: int
    size: Decimal
    quantity: int


def shoe_list() -> QuerySet[Shoe]:
    """Every shoe in the shop with its brand (joined) and its stock (one more query for the whole page)."""
    return Shoe.objects.in_shop().select_related("brand").prefetch_related("stock")


def shoe_rows() -> QuerySet[Shoe]:
    """Every shoe in the shop as a plain row (values()) with its brand's name: reads make no model instances."""
    # A copy of one built once: building the annotated values() query took longer than running the page's query.
    return _shoe_rows().all()


@cache
def _shoe_rows() -> QuerySet[Shoe]:
    # Never evaluated itself, only copied, so its result cache stays empty and it can be shared by threads.
    # The name by a subquery rather than a join: count() leaves an annotation it does not need out, so a list's
    # COUNT reads the shoes alone (a join would stay in it, and cost a third of the count at 100,000 shoes).
    brand_name = Brand.objects.filter(pk=OuterRef("brand_id")).order_by().values("name")
    return Shoe.objects.in_shop().annotate(brand_name=Subquery(brand_name)).values(*SHOE_ROW_FIELDS)


def shoe_on_sale_rows() -> QuerySet[Shoe]:
    """Shoes on sale as plain rows, cheapest first, as the home carousel shows them."""
    return shoe_rows().filter(on_sale=True).order_by("price", "id")


def sale_lead_picture() -> dict | None:
    """The picture the home carousel shows first (the cheapest shoe on sale's): a row of its image and image_sizes
    (catalog.images reads them); None when nothing is on sale."""
    return shoe_on_sale_rows().values("image", "image_sizes").first()


class PagePlan:
    """A list of rows' page query compiled once: its SQL with a marked LIMIT/OFFSET, its parameters, its column names
    and the conversions Django applies to them (a JSON field's text, SQLite's numbers and flags).

    Building a values() query's SQL each time took longer than running it (0.4 of the cold list's 1.8 ms), and
    Django's row iteration as long again. The page read from a plan runs the very SQL Django would run for
    queryset[offset:offset + limit] (or, deep, for its ids first), with Django's own conversions, so the rows are
    the same. Only for querysets whose SQL is fixed but for the page's bounds: the plain lists (no filter).
    """

    # Bounds no page asks for, so that their LIMIT/OFFSET text stands once in the SQL and can be swapped.
    _OFFSET, _LIMIT = 987_654_321, 123_457

    def __init__(self, queryset: QuerySet, *, deep: bool):
        low, high = self._OFFSET, self._OFFSET + self._LIMIT
        page = queryset.filter(pk__in=queryset.values("pk")[low:high]) if deep else queryset[low:high]
        compiler = page.query.get_compiler(using=page.db)
        self.sql, self.params = compiler.as_sql()
        self.marker = connections[page.db].ops.limit_offset_sql(low, high)
        if self.sql.count(self.marker) != 1:
            raise ValueError("A page's bounds must stand once in its SQL")
        query = page.query
        # As Django's ValuesIterable names a row's values, and its results_iter finds their conversions.
        self.names = list(query.selected) if query.selected else [
            *query.extra_select, *query.values_select, *query.annotation_select
        ]  # fmt: skip
        columns = [column[0] for column in compiler.select[: compiler.col_count]]
        self.converters = list(compiler.get_converters(columns).items())
        self.using = page.db

    def rows(self, *, offset: int, limit: int) -> list[dict]:
        connection = connections[self.using]
        sql = self.sql.replace(self.marker, connection.ops.limit_offset_sql(offset, offset + limit))
        with connection.cursor() as cursor:
            cursor.execute(sql, self.params)
            fetched = cursor.fetchall()
        names, converters = self.names, self.converters
        if not converters:
            return [dict(zip(names, row, strict=True)) for row in fetched]
        rows = []
        for row in fetched:
            row = list(row)
            for position, (functions, expression) in converters:
                value = row[position]
                for function in functions:
                    value = function(value, expression, connection)
                row[position] = value
            rows.append(dict(zip(names, row, strict=True)))
        return rows


# A row's sizes when its page query read them (rows_with_stock): selectors.StockRow's plain tuples, smallest first.
STOCK_READ = "stock_read"
# A size in tenths (StockEntry.size has one decimal place and is above 0) as the Decimal stock_rows reads: 95 -> 9.5.
_SIZE_OF_TENTHS = tuple(Decimal(tenths).scaleb(-1) for tenths in range(1000))


class _StockReadField(Field):
    """An ARRAY of [id, size in tenths, pairs] per size, read as stock_rows' tuples (id, Decimal size, pairs)."""

    def from_db_value(self, value, expression, connection) -> list[tuple[int, Decimal, int]]:
        sizes = _SIZE_OF_TENTHS
        return [(entry_id, sizes[tenths], quantity) for entry_id, tenths, quantity in value]


def rows_with_stock(queryset: QuerySet) -> QuerySet:
    """On PostgreSQL, rows of shoe_rows() that carry their sizes (STOCK_READ), read in the page's own query: one round
    trip instead of two (the page, then stock_rows). Elsewhere the rows as they are.

    One array of integers per shoe, a size in tenths: one scan of its sizes rather than one per column (three arrays
    of their own types cost a fifth of the cold page's PostgreSQL time more), the ints read by psycopg's C code.
    """
    if connections[queryset.db].vendor != "postgresql":
        return queryset
    from django.contrib.postgres.expressions import ArraySubquery

    entry = Func(
        F("id"), Cast(F("size") * 10, IntegerField()), F("quantity"), template="ARRAY[%(expressions)s]",
        output_field=IntegerField(),
    )  # fmt: skip
    sizes = StockEntry.objects.filter(shoe_id=OuterRef("pk")).order_by("size").values(entry=entry)
    stock = ArraySubquery(sizes, output_field=_StockReadField())
    return queryset.annotate(**{STOCK_READ: stock}).values(*SHOE_ROW_FIELDS, STOCK_READ)


_page_plans: dict[tuple[Hashable, str, bool, bool], PagePlan] = {}
# The plain lists' few, and four at most (near or deep, stocked or not) for each filtered list kept.
PAGE_PLANS_MAX = 1024


def page_plan(key: Hashable, queryset: QuerySet, *, deep: bool, stocked: bool = False) -> PagePlan:
    """The page plan of a list named key (the same key, the same queryset), made on its first page; stocked, of
    rows_with_stock(queryset) (made once with the plan: building its query took longer than running it)."""
    plan_key = (key, queryset.db, deep, stocked)
    plan = _page_plans.get(plan_key)
    if plan is None:
        # Two threads may both make it: the same plan, and the dict's one assignment is atomic.
        plan = PagePlan(rows_with_stock(queryset) if stocked else queryset, deep=deep)
        _kept_bounded(_page_plans, plan_key, plan, PAGE_PLANS_MAX)
    return plan


class FilteredList(NamedTuple):
    """A list's queryset as its filters made it, and the cheaper count they know of (None: the queryset's own)."""

    queryset: QuerySet
    count: Callable[[], int] | None


# How many filtered lists (their querysets; their page plans are kept with the plain lists') a process keeps; 0: none,
# every filtered page is read the queryset's own way.
FILTERED_LISTS_MAX = 256
_filtered_lists: dict[Hashable, FilteredList] = {}
_kept_lock = threading.Lock()


def filtered_list(key: Hashable, make: Callable[[], FilteredList]) -> tuple[FilteredList, bool]:
    """The filtered list named key (a list and its filters' values, as the view validated them), made by make() the
    first time; and whether it is kept, so that its pages can be read from page plans (page_plan) under that key.

    Filtering the same way again makes the same SQL, only its page's bounds differ: a search, a brand or a size chip
    asked for again is read like the plain list, without the filter set (its form and validation), the queryset's
    building and compiling, or the second query for its stock. Only what the filters validated is kept (make()
    raises on bad input), at most FILTERED_LISTS_MAX of them, the oldest dropped first.

    So a filter must make its SQL from its values alone: a value read when the filter runs (timezone.now(), a row's
    id looked up in Python) would be kept with the queryset. Compare with the database's own (Now(), a Subquery), as
    ShoeFilter.filter_brand does.
    """
    found = _filtered_lists.get(key) if FILTERED_LISTS_MAX > 0 else None
    if found is not None:
        return found, True
    made = make()
    return made, _kept_bounded(_filtered_lists, key, made, FILTERED_LISTS_MAX)


def _kept_bounded(kept: dict, key: Hashable, value, most: int) -> bool:
    """value kept under key in a dict of at most `most` entries, the oldest dropped first; whether it is kept."""
    if most <= 0:
        return False
    with _kept_lock:
        while len(kept) >= most:
            del kept[next(iter(kept))]
        kept[key] = value
    return True


def shoe_count_with_pairs_of(*, size: Decimal) -> int:
    """How many shoes in the shop have pairs of that size: ?size=&inStock=true's count, read off the stock index.

    A shoe has one stock row per size, so the shoes are the size's rows with pairs, which catalog_stock_size_in_stock
    (a partial index of the rows with pairs) holds as (size, shoe): counted by an index-only scan, less the archived
    shoes' (catalog_shoe_archived, a handful). The list's own EXISTS query joined the whole shoe table to it (0.24 s
    at 100,000 shoes on PostgreSQL).
    """
    archived = Shoe.objects.archived().values("pk")
    return StockEntry.objects.filter(size=size, quantity__gt=0).exclude(shoe_id__in=archived).count()


def shoe_row_get(*, shoe_id: int) -> dict:
    try:
        return shoe_rows().get(pk=shoe_id)
    except Shoe.DoesNotExist:
        raise ShoeNotFound() from None


def stock_rows(*, shoe_ids: list[int]) -> dict[int, list[tuple[int, Decimal, int]]]:
    """Those shoes' sizes (tuples of StockRow's fields), smallest first, by shoe: one query for a page of shoes."""
    stock: dict[int, list[tuple[int, Decimal, int]]] = defaultdict(list)
    if not shoe_ids:
        return stock
    # Plain SQL: for the dozen sizes of each of 28 shoes the ORM took as long again as the query itself.
    placeholders = ", ".join(["%s"] * len(shoe_ids))
    with connection.cursor() as cursor:
        cursor.execute(f"{_STOCK_SQL} WHERE shoe_id IN ({placeholders}) ORDER BY shoe_id, size", shoe_ids)
        for shoe_id, entry_id, size, quantity in cursor.fetchall():
            # SQLite gives the number as an int or a float (9, 9.5); sizes have one decimal place, so str() is exact.
            size = size if isinstance(size, Decimal) else Decimal(str(size))
            # Plain tuples: making a named one per size took a quarter of building a page of answers.
            stock[shoe_id].append((entry_id, size, quantity))
    return stock


def stock_entries_find(*, sizes: Iterable[tuple[int, Decimal]], lock: bool = False) -> list[StockEntry]:
    """The stock rows of those (shoe id, size) pairs of shoes in the shop, each with its shoe and brand, in id order.

    With lock, the rows are locked (SELECT ... FOR UPDATE) in the order of their ids: every checkout takes its locks
    in that one order, so two carts holding the same sizes can never wait on each other in a circle (deadlock).
    Call it inside a transaction then, and write the rows with services.stock_take in that same transaction.
    """
    wanted = reduce(or_, (Q(shoe_id=shoe_id, size=size) for shoe_id, size in sizes))
    # An archived shoe is gone to a cart as a deleted one is: it cannot be bought.
    entries = StockEntry.objects.filter(wanted, shoe__archived_at__isnull=True)
    entries = entries.select_related("shoe__brand").order_by("pk")
    if lock:
        entries = entries.select_for_update(of=("self",))
    return list(entries)


def shoe_ids_in_shop(*, shoe_ids: Collection[int]) -> set[int]:
    """Which of those shoes are in the shop (not deleted, not archived)."""
    return set(Shoe.objects.in_shop().filter(pk__in=shoe_ids).values_list("pk", flat=True)) if shoe_ids else set()


def shoe_color_list(*, brand: str = "") -> list[str]:
    """The colors shoes in the shop come in, of one brand (any case) or all, each once whatever its case, A to Z.

    The first 100 only: a list call never answers more.
    """
    shoes = Shoe.objects.in_shop()
    if brand:
        shoes = shoes.filter(brand__name__iexact=brand)
    # "Black" and "black" are one color to a shopper (the filter ignores case); the first spelling shows.
    colors = shoes.values(folded=Lower("color")).annotate(first=Min("color")).order_by("folded")
    return [row["first"] for row in colors[:COLORS_MAX]]


def shoe_get(*, shoe_id: int, bare: bool = False) -> Shoe:
    """The shoe in the shop with its brand and stock, or bare (one query) when only the row itself is needed."""
    try:
        return (Shoe.objects.in_shop() if bare else shoe_list()).get(pk=shoe_id)
    except Shoe.DoesNotExist:
        raise ShoeNotFound() from None


def shoe_archived_list() -> QuerySet[Shoe]:
    """The archived shoes with their brand, the latest archived first: what an admin may restore."""
    # The brands' size guides are not shown: a page of archived shoes does not read them.
    return Shoe.objects.archived().select_related("brand").defer("brand__size_guide").order_by("-archived_at", "-id")


def shoe_archived_get(*, shoe_id: int) -> Shoe:
    try:
        return Shoe.objects.archived().get(pk=shoe_id)
    except Shoe.DoesNotExist:
        raise ArchivedShoeNotFound() from None


def shoe_ids_with_history(*, shoe_ids: list[int]) -> set[int]:
    """Which of those shoes customers' orders, reviews or favorites point at: deleting one archives it instead."""
    # Any row of another app that points at a shoe is customers' history (today order lines, reviews and favorites):
    # found from the relations themselves, so the catalogue needs to know none of the apps built on it.
    pointed_at = [
        Exists(relation.related_model._base_manager.filter(**{relation.field.attname: OuterRef("pk")}))
        for relation in Shoe._meta.get_fields(include_hidden=True)
        if relation.auto_created
        and not relation.concrete
        and relation.related_model._meta.app_label != Shoe._meta.app_label
    ]
    return set(Shoe.objects.filter(reduce(or_, pointed_at), pk__in=shoe_ids).values_list("pk", flat=True))


def brand_list() -> QuerySet[Brand]:
    """The brands, each with whether it has a size guide of its own (has_size_guide), but not the guide itself."""
    has_guide = ExpressionWrapper(~Q(size_guide=[]), output_field=BooleanField())
    return Brand.objects.defer("size_guide").annotate(has_size_guide=has_guide)


def brand_get(*, brand_id: int) -> Brand:
    try:
        return Brand.objects.get(pk=brand_id)
    except Brand.DoesNotExist:
        raise BrandNotFound() from None


def brand_find(*, name: str) -> Brand | None:
    """The brand of that name, whatever its case."""
    return Brand.objects.filter(name__iexact=name.strip()).first()


def brand_named(*, name: str) -> Brand:
    """The brand a form names, whatever its case; an error about the form's brand field when there is none."""
    brand = brand_find(name=name)
    if brand is None:
        raise UnknownBrand(f"There is no brand {name}; create it first", field="brand")
    return brand


def image_in_use(*, name: str) -> bool:
    """Whether any shoe still shows the stored file of that name (demo shoes share pictures; archived ones count)."""
    return Shoe.objects.filter(image=name).exists()


def images_in_use(*, names: Collection[str]) -> set[str]:
    """Which of those stored files a shoe still shows, archived ones included."""
    return set(Shoe.objects.filter(image__in=names).values_list("image", flat=True).distinct())


# ---- Back-in-stock alerts

WAITING = Q(notified_at__isnull=True, unsubscribed_at__isnull=True)
# The admin dashboard's list of the most-wanted sold-out sizes holds this many.
MOST_WANTED_MAX = 10


def stock_pairs(*, shoe_id: int, size: Decimal) -> int:
    """The pairs of that size of that shoe left to sell; 0 when the shoe has no such size."""
    entry = StockEntry.objects.filter(shoe_id=shoe_id, size=size).values_list("quantity", flat=True).first()
    return entry or 0


def stock_alerts_due(*, shoe_ids: Collection[int] | None = None) -> list[tuple[int, str]]:
    """(id, email) of the alerts waiting for a size that has pairs now, of those shoes or of any: whom to tell."""
    has_pairs = StockEntry.objects.filter(shoe_id=OuterRef("shoe_id"), size=OuterRef("size"), quantity__gt=0)
    alerts = StockAlert.objects.filter(WAITING, Exists(has_pairs), shoe__archived_at__isnull=True)
    if shoe_ids is not None:
        alerts = alerts.filter(shoe_id__in=shoe_ids)
    return list(alerts.order_by("pk").values_list("pk", "email"))


def stock_alert_get(*, alert_id: int) -> StockAlert | None:
    return StockAlert.objects.filter(pk=alert_id).first()


def stock_alerts_most_wanted(*, limit: int = MOST_WANTED_MAX) -> list[dict]:
    """The sold-out sizes the most addresses wait for, most first: shoe id, name, brand, size and how many wait."""
    rows = (
        StockAlert.objects.filter(WAITING, shoe__archived_at__isnull=True)
        .values("shoe_id", "size", name=F("shoe__name"), brand=F("shoe__brand__name"))
        .annotate(waiting=Count("pk"))
        .order_by("-waiting", "shoe_id", "size")
    )
    return list(rows[:limit])


# ---- What search engines are shown (frontend/sitemaps.py)


def shoe_sitemap_rows() -> QuerySet[Shoe]:
    """Every shoe in the shop as (id, updated_at) rows in id order, for the sitemap's pages (archived ones left out)."""
    return Shoe.objects.in_shop().order_by("pk").values("pk", "updated_at")


def shoe_last_update():
    """When a shoe in the shop last changed (None without shoes): the sitemap index's date for its products."""
    return Shoe.objects.in_shop().aggregate(last=Max("updated_at"))["last"]


def pictures_without_sizes() -> list[str]:
    """The stored pictures (each once, shared ones too) whose smaller copies are not made yet, archived shoes' too."""
    shoes = Shoe.objects.exclude(image="").annotate(sized_for=KT("image_sizes__for"))
    shoes = shoes.filter(Q(sized_for__isnull=True) | ~Q(sized_for=F("image")))
    return list(shoes.order_by("image").values_list("image", flat=True).distinct())
