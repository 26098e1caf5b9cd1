"""The catalogue's calls on the wire: the admin forms' rules in (docs/PRODUCT.md §5), the spec's field names out.

A shoe's answer is catalog/answers.py's; the fields the forms share with other apps are catalog/fields.py's.
"""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from shopsite.images import ImageUploadField
from shopsite.openapi import MessageOutput

from .answers import ShoeOutput
from .fields import KeptUnlessSentBooleanField, PriceField, QuantityField, SalePriceField, SizeField, TextField
from .images import SHOE_IMAGE_MAX_SIDE, shoe_image_url
from .models import Brand, Shoe
from .size_guides import SizeGuideInvalid, size_guide_clean


class ArchivedShoeOutput(serializers.ModelSerializer):
    """A shoe of the admins' Archived list: enough to know it again and restore it."""

    _id = serializers.IntegerField(source="id", read_only=True)
    brand = serializers.CharField(source="brand.name", read_only=True)
    image = serializers.SerializerMethodField()
    archivedAt = serializers.DateTimeField(source="archived_at", read_only=True)

    class Meta:
        model = Shoe
        fields = ["_id", "name", "brand", "image", "color", "price", "archivedAt"]

    def get_image(self, shoe: Shoe) -> str:
        return shoe_image_url(shoe)


class BrandOutput(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id", read_only=True)
    # Whether the brand has a size guide of its own (issue 31): a shoe's page links it. The guide itself is never in
    # a list: GET /brands/{id}/sizeGuide answers it.
    hasSizeGuide = serializers.SerializerMethodField()

    class Meta:
        model = Brand
        fields = ["_id", "name", "hasSizeGuide"]

    def get_hasSizeGuide(self, brand: Brand) -> bool:
        # The list's brands come with selectors.brand_list's annotation; a brand just made has its guide at hand.
        has_guide = getattr(brand, "has_size_guide", None)
        return bool(brand.size_guide) if has_guide is None else has_guide


class SizeGuideRowOutput(serializers.Serializer):
    """A row of a brand's size guide, each size as the brand prints it; cm may be empty."""

    us = serializers.CharField()
    uk = serializers.CharField()
    eu = serializers.CharField()
    cm = serializers.CharField(allow_blank=True)


class SizeGuideRowInput(serializers.Serializer):
    """A row of a size guide as sent: each size a number or text; cm may be left out or empty (the schema's shape only:
    catalog.size_guides checks the rows)."""

    us = serializers.CharField()
    uk = serializers.CharField()
    eu = serializers.CharField()
    cm = serializers.CharField(required=False, allow_blank=True)


@extend_schema_field(SizeGuideRowOutput(many=True))
class SizeGuideField(serializers.Field):
    """A brand's size guide as answered: its rows as kept."""

    def to_representation(self, value):
        return value


@extend_schema_field(SizeGuideRowInput(many=True))
class SizeGuideInputField(serializers.Field):
    """A size guide as sent: rows {us, uk, eu, cm} of numbers or text, checked by catalog.size_guides (its messages,
    each naming the row, are the field's)."""

    def to_internal_value(self, data):
        try:
            return size_guide_clean(data)
        except SizeGuideInvalid as invalid:
            raise serializers.ValidationError(invalid.messages) from None


class BrandSizeGuideOutput(serializers.Serializer):
    """GET /brands/{id}/sizeGuide: the brand and its own size guide, empty when it uses the shop's chart."""

    _id = serializers.IntegerField(source="id")
    name = serializers.CharField()
    sizeGuide = SizeGuideField(source="size_guide")


class BrandSizeGuideInput(serializers.Serializer):
    """PUT /brands/{id}/sizeGuide: the whole guide, at most catalog.size_guides.MAX_ROWS rows; [] removes it."""

    sizeGuide = SizeGuideInputField(
        source="size_guide",
        error_messages={"required": "Send the size guide's rows.", "null": "Send the size guide's rows ([] for none)."},
    )


class BrandSizeGuideSavedOutput(MessageOutput):
    brand = BrandSizeGuideOutput()


class ShoeCreateInput(serializers.Serializer):
    """POST /shoes: the Create Shoes form; the brand is named, and the view finds it (selectors.brand_named)."""

    brand = TextField("brand")
    name = TextField("name")
    description = TextField("description")
    color = TextField("color")
    price = PriceField()
    # Left out or empty: none. Below the price (services.sale_price_check).
    salePrice = SalePriceField(source="sale_price", required=False)
    size = SizeField(error_messages={"invalid": "Only numbers"})
    q = QuantityField(min_value=0, source="quantity")
    image = ImageUploadField(max_side=SHOE_IMAGE_MAX_SIDE, required=False)


class ShoeUpdateInput(ShoeCreateInput):
    """PUT /shoes/{id}: the Modify Shoes form; the image, the size, the sale flag and the sale price may be left out
    (kept as they are; an empty sale price clears it)."""

    size = SizeField(required=False, error_messages={"invalid": "Only numbers"})
    q = QuantityField(min_value=0, source="quantity", required=False)
    onSale = KeptUnlessSentBooleanField(source="on_sale", required=False)

    def validate(self, data: dict) -> dict:
        if "size" in data and "quantity" not in data:
            raise serializers.ValidationError({"q": ["Enter a valid quantity"]})
        return data


class StockAddInput(serializers.Serializer):
    """PUT /shoes/addSize/{id}: the Create size form."""

    size = SizeField()
    q = QuantityField(min_value=1, source="quantity", invalid_message="The quantity can only contain number")


class ShoeOnSaleInput(serializers.Serializer):
    onSale = serializers.BooleanField(source="on_sale")


class BrandCreateInput(serializers.Serializer):
    """POST /brands: the Create Brand form; a brand of that name, in any case, is refused by services.brand_create."""

    name = TextField(
        "brand name",
        empty_message="Enter a valid brand name",
        pattern_message="The name can only contain letters and spaces",
    )


class StockAddOutput(MessageOutput):
    shoe = ShoeOutput()


class BrandCreateOutput(MessageOutput):
    brand = BrandOutput()


class StockAlertInput(serializers.Serializer):
    """POST /shoes/{id}/notify: the product page's 'Notify me' on a sold-out size. A signed-in shopper's address is
    their account's; the email sent is then not read."""

    size = SizeField()
    email = serializers.EmailField(
        max_length=254, required=False, error_messages={"invalid": "Use a valid email", "blank": "Use a valid email"}
    )


class StockAlertOutput(MessageOutput):
    pass


class MostWantedSizeOutput(serializers.Serializer):
    """A sold-out size addresses wait for (the admin dashboard's most-wanted list)."""

    shoeId = serializers.IntegerField(source="shoe_id")
    name = serializers.CharField()
    brand = serializers.CharField()
    size = SizeField()
    waiting = serializers.IntegerField()
