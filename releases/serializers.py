"""Releases on the wire: what the shop shows of them, a draw entry and a reminder in, an admin's release in."""

from decimal import Decimal

from django.conf import settings
from django.utils import timezone
from rest_framework import serializers

from catalog.fields import SizeField
from catalog.images import shoe_image_url
from catalog.models import Shoe
from orders.serializers import PAYMENT_METHOD_ID, AddressInput

from .models import DrawEntry, Release


def release_state(release: Release, now) -> str:
    """upcoming, open, closed (entries over, draw to come), drawn, cancelled (a draw that expired), or ended."""
    if now < release.opens_at:
        return "upcoming"
    if release.kind == Release.Kind.DRAW:
        if release.draw_outcome == Release.Outcome.EXPIRED:
            return "cancelled"
        if release.draw_finished_at:
            return "drawn"
        return "closed" if release.is_over(now) else "open"
    return "ended" if release.is_over(now) else "open"


class ReleaseOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=Release.Kind.values)
    announceAt = serializers.DateTimeField(source="announce_at")
    opensAt = serializers.DateTimeField(source="opens_at")
    closesAt = serializers.DateTimeField(source="closes_at", allow_null=True)
    perPersonLimit = serializers.IntegerField(source="per_person_limit")
    minAccountAgeDays = serializers.IntegerField(source="min_account_age_days")
    requireVerifiedEmail = serializers.BooleanField(source="require_verified_email")
    state = serializers.SerializerMethodField()
    drawSeed = serializers.SerializerMethodField(help_text="Shown once the draw has run, so anyone can re-run it.")
    shoes = serializers.SerializerMethodField()

    def get_state(self, release) -> str:
        return release_state(release, self.context.get("now") or timezone.now())

    def get_drawSeed(self, release) -> str:
        return release.draw_seed if release.draw_finished_at else ""

    def get_shoes(self, release) -> list[dict]:
        shoes: dict[int, dict] = {}
        for size in release.sizes.all():
            shoe = shoes.setdefault(
                size.shoe_id,
                {
                    "_id": size.shoe_id,
                    "name": size.shoe.name,
                    "brand": size.shoe.brand.name,
                    "image": shoe_image_url(size.shoe),
                    "price": str(size.shoe.price),
                    "sizes": [],
                },
            )
            shoe["sizes"].append({"id": size.pk, "size": size.size_label, "pairs": size.pairs})
        return list(shoes.values())


class ReminderInput(serializers.Serializer):
    email = serializers.EmailField(
        max_length=254, error_messages={"invalid": "Use a valid email", "blank": "Use a valid email"}
    )


class EntryInput(serializers.Serializer):
    size = serializers.IntegerField(
        min_value=1, error_messages={"invalid": "Choose a size.", "required": "Choose a size."}
    )
    id = serializers.RegexField(
        PAYMENT_METHOD_ID,
        max_length=255,
        source="payment_method_id",
        error_messages={"invalid": "That is not a card payment method id."},
    )
    address = AddressInput()
    turnstileToken = serializers.CharField(required=False, allow_blank=True, max_length=2048)


class EntryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    release = serializers.IntegerField(source="release_id")
    size = serializers.CharField(source="release_size.size_label")
    status = serializers.ChoiceField(choices=DrawEntry.Status.values)
    order = serializers.SerializerMethodField()
    createdAt = serializers.DateTimeField(source="created_at")

    def get_order(self, entry) -> str | None:
        return entry.order.payment_intent_id if entry.order_id and entry.status == DrawEntry.Status.WON else None


class SizeInput(serializers.Serializer):
    shoe = serializers.PrimaryKeyRelatedField(
        queryset=Shoe.objects.all(), error_messages={"does_not_exist": "Choose a shoe of the shop."}
    )
    size = SizeField()
    pairs = serializers.IntegerField(
        min_value=1,
        max_value=100_000,
        error_messages={"invalid": "Enter a valid quantity", "min_value": "Enter a valid quantity"},
    )


class ReleaseInput(serializers.Serializer):
    """An admin's release (the dashboard's form): the messages in the style of the spec's admin forms."""

    name = serializers.RegexField(
        r"^[^\W_][\w '\-.&]*$",
        max_length=60,
        error_messages={
            "invalid": "The name can only contain letters, numbers and spaces",
            "blank": "Enter a valid name",
            "required": "Enter a valid name",
            "max_length": "Enter a valid name",
        },
    )
    kind = serializers.ChoiceField(choices=Release.Kind.values, error_messages={"invalid_choice": "Choose a kind"})
    announceAt = serializers.DateTimeField(source="announce_at", error_messages={"invalid": "Enter a valid date"})
    opensAt = serializers.DateTimeField(source="opens_at", error_messages={"invalid": "Enter a valid date"})
    closesAt = serializers.DateTimeField(
        source="closes_at", allow_null=True, required=False, error_messages={"invalid": "Enter a valid date"}
    )
    perPersonLimit = serializers.IntegerField(
        source="per_person_limit",
        min_value=1,
        max_value=10,
        default=1,
        error_messages={"invalid": "Only numbers", "min_value": "At least 1 pair", "max_value": "At most 10 pairs"},
    )
    minAccountAgeDays = serializers.IntegerField(
        source="min_account_age_days",
        min_value=0,
        max_value=3650,
        default=0,
        error_messages={"invalid": "Only numbers"},
    )
    requireVerifiedEmail = serializers.BooleanField(source="require_verified_email", default=False)
    sizes = serializers.ListField(
        child=SizeInput(), allow_empty=False, max_length=60, error_messages={"empty": "Add at least one size"}
    )

    def validate(self, data: dict) -> dict:
        errors = {}
        if data["announce_at"] > data["opens_at"]:
            errors["announceAt"] = ["Announce it before it opens"]
        closes = data.get("closes_at")
        if closes is not None and closes <= data["opens_at"]:
            errors["closesAt"] = ["It must close after it opens"]
        if data["kind"] == Release.Kind.DRAW and closes is None:
            errors["closesAt"] = ["A draw needs the time its entries close"]
        seen = set()
        for item in data["sizes"]:
            key = (item["shoe"].pk, Decimal(item["size"]))
            if key in seen:
                errors["sizes"] = ["Each shoe and size once"]
            seen.add(key)
            if not item["shoe"].stock.filter(size=item["size"]).exists():
                errors["sizes"] = [f"{item['shoe'].name} has no size {item['size']}: create the size first"]
        if errors:
            raise serializers.ValidationError(errors)
        return data


def turnstile_site_key() -> str:
    return settings.TURNSTILE_SITE_KEY if settings.TURNSTILE_SECRET_KEY else ""
