"""Django admin for the catalogue, for staff emergencies."""

from django import forms
from django.contrib import admin, messages
from django.core.files.uploadedfile import UploadedFile
from django.db.models import Count, Sum
from django.utils.html import format_html, format_html_join

from activity.models import Entry
from activity.recorded_admin import RecordedAdmin
from shopsite.images import InvalidImage, image_normalize

from . import selectors, services
from .images import SHOE_IMAGE_MAX_SIDE
from .models import IN_SHOP, Brand, Shoe, StockAlert, StockEntry
from .size_guides import COLUMNS, MAX_ROWS, SizeGuideInvalid, size_guide_clean


class HasShoesFilter(admin.SimpleListFilter):
    """Brands without shoes are the ones that can be deleted."""

    title = "shoes"
    parameter_name = "has_shoes"

    def lookups(self, request, model_admin):
        return [("yes", "With shoes"), ("no", "Without shoes")]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(shoe_count__gt=0) if self.value() == "yes" else queryset.filter(shoe_count=0)
        return queryset


class BrandAdminForm(forms.ModelForm):
    class Meta:
        model = Brand
        fields = ("name", "size_guide")
        help_texts = {
            "size_guide": (
                f"The brand's own sizes, at most {MAX_ROWS} rows, as "
                '[{"us": "9", "uk": "8", "eu": "42", "cm": "27"}, ...] (cm may be empty). '
                "Empty or []: the shop's chart."
            )
        }

    def clean_size_guide(self):
        # The dashboard's rules (catalog/size_guides.py), so a guide saved here is one the storefront can show.
        try:
            return size_guide_clean(self.cleaned_data.get("size_guide"))
        except SizeGuideInvalid as invalid:
            raise forms.ValidationError(invalid.messages) from None


@admin.register(Brand)
class BrandAdmin(RecordedAdmin):
    form = BrandAdminForm
    list_display = ("name", "shoe_count", "has_size_guide", "created_at")
    list_filter = (HasShoesFilter, "created_at")
    search_fields = ("name",)
    readonly_fields = ("size_guide_table",)

    @admin.display(boolean=True, description="size guide")
    def has_size_guide(self, brand: Brand) -> bool:
        return bool(brand.size_guide)

    @admin.display(description="size guide as shoppers see it")
    def size_guide_table(self, brand: Brand) -> str:
        if not brand.size_guide:
            return "None: the shop's chart (/sizeChart)."
        head = format_html_join("", "<th>{}</th>", ((column.upper(),) for column in COLUMNS))
        rows = format_html_join(
            "",
            "<tr>{}</tr>",
            ((format_html_join("", "<td>{}</td>", ((row[c],) for c in COLUMNS)),) for row in brand.size_guide),
        )
        return format_html("<table><thead><tr>{}</tr></thead><tbody>{}</tbody></table>", head, rows)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(shoe_count=Count("shoes"))

    @admin.display(ordering="shoe_count", description="shoes")
    def shoe_count(self, brand: Brand) -> int:
        return brand.shoe_count


class ArchivedFilter(admin.SimpleListFilter):
    """Shoes in the shop, or the ones a delete archived because customers' orders, reviews or favorites need them."""

    title = "in the shop"
    parameter_name = "archived"

    def lookups(self, request, model_admin):
        return [("no", "In the shop"), ("yes", "Archived")]

    def queryset(self, request, queryset):
        if self.value() == "no":
            return queryset.filter(IN_SHOP)
        if self.value() == "yes":
            return queryset.exclude(IN_SHOP)
        return queryset


ARCHIVED_INSTEAD = (
    "customers' orders, reviews or favorites point at them, so they left the shop but were kept: "
    "the Archived filter lists them, and the Restore action brings them back."
)


class ShoeAdminForm(forms.ModelForm):
    class Meta:
        model = Shoe
        fields = ("name", "brand", "image", "description", "color", "price", "sale_price", "on_sale")

    def clean_image(self):
        image = self.cleaned_data["image"]
        # A new upload goes through the same checks and re-encoding as the API's.
        if isinstance(image, UploadedFile):
            try:
                return image_normalize(image, max_side=SHOE_IMAGE_MAX_SIDE)
            except InvalidImage as error:
                raise forms.ValidationError(str(error)) from None
        return image


class StockEntryInline(admin.TabularInline):
    model = StockEntry
    extra = 0
    fields = ("size", "quantity")


@admin.register(Shoe)
class ShoeAdmin(RecordedAdmin):
    form = ShoeAdminForm
    list_display = (
        "name", "brand", "color", "price", "sale_price", "on_sale", "pairs_in_stock", "created_at", "archived_at"
    )  # fmt: skip
    list_filter = (ArchivedFilter, "on_sale", "brand", "created_at")
    list_editable = ("on_sale",)
    list_select_related = ("brand",)
    search_fields = ("name", "brand__name", "color", "description")
    autocomplete_fields = ("brand",)
    readonly_fields = ("archived_at",)
    inlines = [StockEntryInline]
    actions = ["put_on_sale", "end_sale", "archive", "restore"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(pairs_in_stock=Sum("stock__quantity"))

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        # The form, and the list's on-sale boxes, write the shoe themselves: its price history is kept here.
        services.price_changes_record(shoe_ids=[obj.pk])

    @admin.display(ordering="pairs_in_stock", description="pairs in stock")
    def pairs_in_stock(self, shoe: Shoe) -> int:
        return shoe.pairs_in_stock or 0

    # Each action needs the right to change shoes: Django offers an action that declares none to whoever sees the list.

    @admin.action(description="Put the selected shoes on sale", permissions=["change"])
    def put_on_sale(self, request, queryset):
        ids = list(queryset.values_list("pk", flat=True))
        services.shoes_on_sale_set(actor=request.user, shoe_ids=ids, on_sale=True, via=Entry.Via.ADMIN)

    @admin.action(description="End the sale of the selected shoes", permissions=["change"])
    def end_sale(self, request, queryset):
        ids = list(queryset.values_list("pk", flat=True))
        services.shoes_on_sale_set(actor=request.user, shoe_ids=ids, on_sale=False, via=Entry.Via.ADMIN)

    @admin.action(description="Archive the selected shoes (out of the shop, kept)", permissions=["change"])
    def archive(self, request, queryset):
        ids = list(queryset.values_list("pk", flat=True))
        archived = services.shoes_archive(actor=request.user, shoe_ids=ids, via=Entry.Via.ADMIN)
        self.message_user(request, f"{archived} shoe{'s' if archived != 1 else ''} archived.")

    @admin.action(description="Restore the selected archived shoes to the shop", permissions=["change"])
    def restore(self, request, queryset):
        ids = list(queryset.values_list("pk", flat=True))
        restored = services.shoes_restore(actor=request.user, shoe_ids=ids, via=Entry.Via.ADMIN)
        self.message_user(request, f"{restored} shoe{'s' if restored != 1 else ''} restored.")

    # Deleting, one shoe or the selected ones, goes through the shop's rule: a shoe customers' history points at is
    # archived instead, and the confirmation page says so rather than list their reviews and favorites as deleted.

    def get_deleted_objects(self, objs, request):
        shoes = list(objs)
        kept = selectors.shoe_ids_with_history(shoe_ids=[shoe.pk for shoe in shoes])
        deleted, counts, perms_needed, protected = super().get_deleted_objects(
            [shoe for shoe in shoes if shoe.pk not in kept], request
        )
        archived = [f"{shoe}: archived instead, for customers' history" for shoe in shoes if shoe.pk in kept]
        if archived:
            counts = {**counts, "archived instead": len(archived)}
        return [*deleted, *archived], counts, perms_needed, protected

    def delete_model(self, request, obj):
        if services.shoe_delete(actor=request.user, shoe=obj, via=Entry.Via.ADMIN):
            self.message_user(request, f"{obj} was archived, not deleted: {ARCHIVED_INSTEAD}", messages.WARNING)

    def delete_queryset(self, request, queryset):
        ids = list(queryset.values_list("pk", flat=True))
        archived = services.shoes_delete(actor=request.user, shoe_ids=ids, via=Entry.Via.ADMIN)
        if archived:
            count = f"{len(archived)} of them {'were' if len(archived) != 1 else 'was'}"
            self.message_user(request, f"{count} archived, not deleted: {ARCHIVED_INSTEAD}", messages.WARNING)


@admin.register(StockEntry)
class StockEntryAdmin(RecordedAdmin):
    list_display = ("shoe", "size", "quantity", "updated_at")
    list_filter = ("size",)
    list_select_related = ("shoe__brand",)
    search_fields = ("shoe__name", "shoe__brand__name")
    autocomplete_fields = ("shoe",)


class AlertStateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("waiting", "Waiting"), ("notified", "Mailed"), ("unsubscribed", "Unsubscribed")]

    def queryset(self, request, queryset):
        if self.value() == "waiting":
            return queryset.filter(selectors.WAITING)
        if self.value() == "notified":
            return queryset.filter(notified_at__isnull=False)
        if self.value() == "unsubscribed":
            return queryset.filter(unsubscribed_at__isnull=False)
        return queryset


@admin.register(StockAlert)
class StockAlertAdmin(RecordedAdmin):
    """The 'Notify me' requests, by shoe and size: who waits for what (issue 19). Mailing them is the restock's job."""

    list_display = ("shoe", "size", "email", "state", "created_at", "notified_at")
    list_filter = (AlertStateFilter, "size")
    list_select_related = ("shoe__brand",)
    search_fields = ("shoe__name", "shoe__brand__name", "email")
    autocomplete_fields = ("shoe",)
    readonly_fields = ("notified_at", "unsubscribed_at")
    ordering = ("shoe_id", "size", "created_at")

    @admin.display(description="state")
    def state(self, alert: StockAlert) -> str:
        if alert.unsubscribed_at:
            return "unsubscribed"
        return "mailed" if alert.notified_at else "waiting"
