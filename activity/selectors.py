"""Reads of the activity log: the dashboard's paged table and its filters."""

from django.db.models import Q, QuerySet

from .models import Entry


def entry_list(*, actor: str = "", kind: str = "", record: str = "") -> QuerySet[Entry]:
    """The log, newest first, narrowed by whoever acted (a part of their name or address, or "command"), a kind or
    its start ("order" gives order.refund, order.cancel...), and a record ("shoe:12", a record type, or a part of
    the record's name)."""
    entries = Entry.objects.all()
    if actor:
        entries = entries.filter(Q(actor_name__icontains=actor) | Q(actor_email__icontains=actor))
    if kind:
        entries = entries.filter(Q(kind=kind) | Q(kind__startswith=f"{kind.rstrip('.')}."))
    if record:
        record_type, _, record_id = record.partition(":")
        if record_id:
            entries = entries.filter(record_type=record_type.strip().lower(), record_id=record_id.strip())
        else:
            entries = entries.filter(Q(record_type=record.lower()) | Q(record_label__icontains=record))
    return entries
