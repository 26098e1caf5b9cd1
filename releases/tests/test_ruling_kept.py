"""The shoes of the releases whose rules a checkout may follow, as each process keeps them (releases.selectors
RULING_SHOES, shopsite/kept.py): a cart of other shoes asks nothing more than their version, and a release written
anywhere is seen at once by every process."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.tests.factories import ShoeFactory
from releases import services
from releases.models import Release
from releases.selectors import RULING_SHOES, _ruling_shoes_read, releases_ruling
from shopsite.kept import KeptTables

from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db


def test_a_cart_without_a_release_shoe_asks_only_the_version():
    released, other = ShoeFactory(), ShoeFactory()
    release_of(released, sizes={"9": 5})
    RULING_SHOES.get()

    with CaptureQueriesContext(connection) as queries:
        assert releases_ruling(shoe_ids={other.pk}) == []
    assert len(queries) == 1

    assert [release.name for release in releases_ruling(shoe_ids={released.pk, other.pk})] == [
        "Air Jordan 1 Lost and Found"
    ]


def test_a_release_saved_by_the_dashboard_is_seen_by_another_process(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    shoe = ShoeFactory(sizes={"9": 5})
    other_worker = KeptTables(RULING_SHOES.name, _ruling_shoes_read)
    assert shoe.pk not in other_worker.get()

    # Its sizes are written by bulk_create, which sends no signal: the service moves the version itself.
    services.release_save(
        data={
            "name": "Jordan 4 Bred",
            "kind": Release.Kind.FIRST_COME,
            "announce_at": OPENS,
            "opens_at": OPENS,
            "sizes": [{"shoe": shoe, "size": "9", "pairs": 5}],
        }
    )

    assert shoe.pk in other_worker.get()


def test_a_size_added_or_removed_in_the_django_admin_moves_the_shoes_on():
    shoe, later = ShoeFactory(), ShoeFactory()
    release = release_of(shoe, sizes={"9": 5})
    assert RULING_SHOES.get() == {shoe.pk}

    size = release.sizes.create(shoe=later, size="10", pairs=2)
    assert RULING_SHOES.get() == {shoe.pk, later.pk}

    size.delete()
    release.delete()
    assert RULING_SHOES.get() == frozenset()
