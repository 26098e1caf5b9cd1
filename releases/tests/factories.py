"""Releases for the tests: opening at a set minute, with their sizes."""

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from releases.models import Release, ReleaseSize

OPENS = timezone.now().replace(second=0, microsecond=0) + timedelta(days=1)


def release_of(shoe, *, sizes: dict[str, int], kind=Release.Kind.FIRST_COME, opens_at=None, **fields) -> Release:
    """A release of the shoe's sizes ({"9": pairs}), announced a day before it opens."""
    opens_at = opens_at or OPENS
    if kind == Release.Kind.DRAW:
        fields.setdefault("closes_at", opens_at + timedelta(hours=2))
    release = Release.objects.create(
        name=fields.pop("name", "Air Jordan 1 Lost and Found"),
        kind=kind,
        announce_at=opens_at - timedelta(days=1),
        opens_at=opens_at,
        **fields,
    )
    for size, pairs in sizes.items():
        ReleaseSize.objects.create(release=release, shoe=shoe, size=Decimal(size), pairs=pairs)
    return release
