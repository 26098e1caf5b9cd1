"""Reads of releases: what is listed, which releases rule a cart's shoes now, what a person has taken."""

from django.db.models import Prefetch, Q, QuerySet, Sum
from django.utils import timezone

from orders.models import Order
from orders.selectors import HELD
from shopsite.kept import KeptTables

from .models import DrawEntry, Release, ReleasePurchase, ReleaseSize

# Orders whose pairs count against a release's limits: held while their charge is under way, or paid.
LIVE = [*HELD, Order.Payment.PAID]


def _with_sizes(releases: QuerySet[Release]) -> QuerySet[Release]:
    return releases.prefetch_related(
        Prefetch(
            "sizes", queryset=ReleaseSize.objects.select_related("shoe", "shoe__brand").order_by("shoe_id", "size")
        )
    )


def releases_listed(*, now=None) -> tuple[list[Release], list[Release]]:
    """Announced releases: (upcoming or open, soonest first; past, latest first), two queries."""
    now = now or timezone.now()
    announced = list(_with_sizes(Release.objects.filter(announce_at__lte=now)))
    upcoming = [release for release in announced if not _is_past(release, now)]
    past = sorted((release for release in announced if _is_past(release, now)), key=lambda r: r.opens_at, reverse=True)
    return upcoming, past


def releases_all() -> list[Release]:
    """Every release, announced or not, latest opening first, with its sizes (the dashboard's list; two queries)."""
    return list(_with_sizes(Release.objects.order_by("-opens_at", "-id")))


def _is_past(release: Release, now) -> bool:
    if release.kind == Release.Kind.DRAW:
        return release.is_over(now)
    # A first-come release without an end is past a day after it opened.
    return release.is_over(now) or (release.closes_at is None and (now - release.opens_at).days >= 1)


def release_get(*, release_id: int, announced_only: bool = True) -> Release | None:
    releases = _with_sizes(Release.objects.filter(pk=release_id))
    if announced_only:
        releases = releases.filter(announce_at__lte=timezone.now())
    return releases.first()


def _ruling(now) -> Q:
    """Releases whose rules a checkout follows now: a first-come one until its close (for good when it has none), a
    draw until its draw has run."""
    ruling = Q(kind=Release.Kind.FIRST_COME) & (Q(closes_at__isnull=True) | Q(closes_at__gt=now))
    return ruling | Q(kind=Release.Kind.DRAW, draw_finished_at__isnull=True)


def _ruling_shoes_read() -> frozenset[int]:
    # Every release's shoes but a run draw's, whatever the clock says: a superset of the shoes ruled at any moment,
    # until a write of a release moves the version on (releases.apps). A draw run by an UPDATE leaves its shoes in it.
    sizes = ReleaseSize.objects.exclude(release__kind=Release.Kind.DRAW, release__draw_finished_at__isnull=False)
    return frozenset(sizes.values_list("shoe_id", flat=True))


# The shoes of the releases that may rule a checkout, as each process keeps them (shopsite/kept.py): a cart with none
# of them, nearly every cart, asks nothing more.
RULING_SHOES = KeptTables("releases", _ruling_shoes_read)


def releases_ruling(*, shoe_ids, now=None) -> list[Release]:
    """The releases whose rules a checkout of these shoes follows now (_ruling). Their sizes come along."""
    if RULING_SHOES.get().isdisjoint(shoe_ids):
        return []
    now = now or timezone.now()
    return list(
        Release.objects.filter(_ruling(now), sizes__shoe_id__in=shoe_ids)
        .distinct()
        .prefetch_related("sizes")
        .order_by("pk")
    )


def pairs_taken(*, release: Release, account_key: str, address_key: str, card_key: str) -> int:
    """The most pairs of the release any of the person's keys has in live orders (one query)."""
    live = ReleasePurchase.objects.filter(release=release, order__payment__in=LIVE)
    sums = live.aggregate(
        account=Sum("pairs", filter=Q(account_key=account_key)),
        address=Sum("pairs", filter=Q(address_key=address_key)),
        card=Sum("pairs", filter=Q(card_key=card_key)) if card_key else Sum("pairs", filter=Q(pk__in=[])),
    )
    return max(value or 0 for value in sums.values())


def pairs_sold(*, release_size: ReleaseSize) -> int:
    live = ReleasePurchase.objects.filter(release_size=release_size, order__payment__in=LIVE)
    return live.aggregate(pairs=Sum("pairs"))["pairs"] or 0


def entry_of(*, release: Release, user) -> DrawEntry | None:
    return (
        DrawEntry.objects.filter(release=release, user=user)
        .exclude(status__in=[DrawEntry.Status.DECLINED, DrawEntry.Status.ABANDONED])
        .select_related("release_size", "order")
        .first()
    )


def release_watch(*, release: Release) -> dict:
    """The dashboard's figures of a release: per size, pairs offered and sold (or entries and winners)."""
    sizes = []
    for size in release.sizes.all():
        entries = DrawEntry.objects.filter(release_size=size)
        sizes.append(
            {
                "size": size,
                "sold": pairs_sold(release_size=size),
                "entries": entries.exclude(
                    status__in=[DrawEntry.Status.DECLINED, DrawEntry.Status.AUTHORISING, DrawEntry.Status.ABANDONED]
                ).count(),
                "won": entries.filter(status=DrawEntry.Status.WON).count(),
            }
        )
    return {
        "sizes": sizes,
        "reminders": release.reminders.count(),
        "reminders_sent": release.reminders.filter(sent_at__isnull=False).count(),
    }


def entry_undecided(*, user) -> bool:
    """Whether the user has a draw entry waiting for its card's authorisation or for the draw: a card authorisation
    the shop holds, so the account is not deleted until the draw has decided it."""
    return DrawEntry.objects.filter(
        user=user, status__in=[DrawEntry.Status.AUTHORISING, DrawEntry.Status.ENTERED]
    ).exists()
