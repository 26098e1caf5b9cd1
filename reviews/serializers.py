"""Reviews on the wire (docs/PRODUCT.md §3 'Review'): the caller's own is marked, nobody else's author is named."""

from rest_framework import serializers

from .models import MAX_LENGTH, MAX_RATING, Review

RATING_RANGE = f"Rate from 1 to {MAX_RATING} stars."
TOO_LONG = f"A review can have at most {MAX_LENGTH} characters."


class ReviewOutput(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id", read_only=True)
    review = serializers.CharField(source="text")
    date = serializers.DateTimeField(source="created_at")
    own = serializers.SerializerMethodField(
        help_text="Whether the caller wrote it; other authors show as ANONYMOUS USER."
    )

    class Meta:
        model = Review
        fields = ["_id", "review", "rating", "date", "own"]
        read_only_fields = fields

    def get_own(self, review: Review) -> bool:
        user = self.context["request"].user
        return user.is_authenticated and review.user_id == user.pk


def _review_text(too_short: str) -> serializers.CharField:
    return serializers.CharField(
        source="text",
        min_length=5,
        max_length=MAX_LENGTH,
        error_messages={
            "required": too_short,
            "blank": too_short,
            "null": too_short,
            "min_length": too_short,
            "max_length": TOO_LONG,
        },
    )


def _rating(**kwargs) -> serializers.IntegerField:
    messages = {"invalid": RATING_RANGE, "min_value": RATING_RANGE, "max_value": RATING_RANGE, "null": RATING_RANGE}
    return serializers.IntegerField(min_value=1, max_value=MAX_RATING, error_messages=messages, **kwargs)


class ReviewInput(serializers.Serializer):
    """POST /reviews/{shoeId}: an idUser sent along is not read; the author is the signed-in user."""

    review = _review_text("Review must contain at least 5 characters.")
    rating = _rating(default=1)


class ReviewUpdateInput(serializers.Serializer):
    review = _review_text("Review update must contain at least 5 characters.")
    rating = _rating(required=False)


class EligibilityOutput(serializers.Serializer):
    bought = serializers.BooleanField(help_text="An order of this shoe with status Received.")
    reviewed = serializers.BooleanField()
