"""A line of the activity log as the API answers it (GET /api/activity, accounts/views.py)."""

from rest_framework import serializers

from .models import Entry


class ActivityOutput(serializers.ModelSerializer):
    """Who did what to which record, the values before and after, and the request it was done in."""

    _id = serializers.IntegerField(source="id", read_only=True)
    actorId = serializers.IntegerField(source="actor_id", read_only=True, allow_null=True)
    actorEmail = serializers.CharField(source="actor_email", read_only=True)
    actorName = serializers.CharField(source="actor_name", read_only=True)
    recordType = serializers.CharField(source="record_type", read_only=True)
    recordId = serializers.CharField(source="record_id", read_only=True)
    recordLabel = serializers.CharField(source="record_label", read_only=True)
    before = serializers.JSONField(read_only=True, allow_null=True)
    after = serializers.JSONField(read_only=True, allow_null=True)
    requestId = serializers.CharField(source="request_id", read_only=True)

    class Meta:
        model = Entry
        fields = [
            "_id", "at", "actorId", "actorEmail", "actorName", "via", "kind", "recordType", "recordId", "recordLabel",
            "before", "after", "requestId",
        ]  # fmt: skip
        read_only_fields = fields
