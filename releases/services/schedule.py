"""An admin's release, created or changed (the dashboard's form, checked by serializers.ReleaseInput)."""

from django.db import transaction
from django.utils import timezone

from catalog.services import catalog_version_bump
from shopsite.kept import tables_changed

from ..errors import ReleaseLocked
from ..models import Release, ReleaseSize
from ..selectors import RULING_SHOES


@transaction.atomic
def release_save(*, data: dict, release: Release | None = None) -> Release:
    """Create a release with its sizes, or replace an unopened one's fields and sizes. Once it has opened, people
    bought or entered by its terms: it is not changed (the Django admin stays for an emergency)."""
    data = dict(data)
    sizes = data.pop("sizes")
    if release is None:
        release = Release.objects.create(**data)
    else:
        release = Release.objects.select_for_update().get(pk=release.pk)
        if release.opens_at <= timezone.now():
            raise ReleaseLocked()
        for name, value in data.items():
            setattr(release, name, value)
        release.save()
        release.sizes.all().delete()
    ReleaseSize.objects.bulk_create(ReleaseSize(release=release, **item) for item in sizes)
    # bulk_create sends no signal: the shoes each process keeps as ruled by a release move on with the sizes.
    tables_changed(RULING_SHOES.name)
    # The releases' list is kept under the catalogue's version (releases/answers.py): it shows the change at once.
    catalog_version_bump()
    return release
