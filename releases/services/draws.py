"""Running a release's draw (docs/DESIGN.md §11): once, however many start it; the winners charged and given orders,
a failed capture's pair passed on, every other authorisation cancelled, and one mail to each entrant."""

import logging
import secrets
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from catalog.services import catalog_version_bump
from mailing.services import mail_queue, mails_queue
from orders import services as order_services
from orders.errors import AmountMismatch, CardDeclined, CartChanged, PaymentUnavailable
from orders.models import ShippingAddress
from orders.selectors import CartLine

from ..draw import Entrant, draw_rank, entries_split
from ..mails import DRAW_CANCELLED, DRAW_LOST, DRAW_WON
from ..models import DrawEntry, Release
from .cancels import cancels_hand_over, cancels_owed_hand_over

logger = logging.getLogger(__name__)
Status = DrawEntry.Status


@dataclass
class DrawReport:
    release: int
    # ran, resumed, already (another start has it), not_due (not a draw, or entries still open)
    state: str
    seed: str = ""
    outcome: str = ""
    won: int = 0
    capture_failed: int = 0
    lost: int = 0
    void: int = 0
    expired: int = 0
    # Entries left for a later run: the card service did not answer for them.
    unsettled: list[int] = field(default_factory=list)


def seed_new() -> str:
    """256 bits from the operating system's cryptographic source, kept on the release."""
    return secrets.token_hex(32)


def _claim(*, release_id: int, now, resume: bool) -> tuple[str, Release | None]:
    """Take the right to run the draw with one conditional UPDATE: of two starts at once, one gets it."""
    due = Release.objects.filter(pk=release_id, kind=Release.Kind.DRAW, closes_at__lte=now)
    if resume:
        release = due.filter(draw_started_at__isnull=False, draw_finished_at__isnull=True).first()
        return ("resumed", release) if release else ("not_due", None)
    taken = due.filter(draw_started_at__isnull=True).update(draw_started_at=now, draw_seed=seed_new())
    if taken:
        return "ran", Release.objects.get(pk=release_id)
    state = "already" if Release.objects.filter(pk=release_id, draw_started_at__isnull=False).exists() else "not_due"
    return state, None


def _decide(entry: DrawEntry, *, status: str, kind: str, order=None) -> bool:
    """Move one entry from ENTERED to where the draw put it, with its mail, once: False when it was decided before. A
    failed capture's authorisation is let go too (a declined capture's is gone already; cancelling it again is
    harmless)."""
    with transaction.atomic():
        moved = DrawEntry.objects.filter(pk=entry.pk, status=Status.ENTERED).update(
            status=status, order=order, decided_at=timezone.now()
        )
        if moved:
            mail_queue(kind=kind, to=entry.email, context={"entry": entry.pk})
            if status != Status.WON:
                cancels_hand_over(entry_ids=[entry.pk])
    return bool(moved)


def _let_go(entries: QuerySet[DrawEntry], *, status: str, kind: str) -> int:
    """Move the given entries still ENTERED to status at once, in one transaction: their rows locked and updated, one
    mail each in one INSERT, and their authorisations' cancels handed to workers in chunks once it commits (nothing is
    charged, and nobody waits for the card service). How many moved; an entry decided before is left as it is."""
    with transaction.atomic():
        moved = list(
            entries.filter(status=Status.ENTERED).select_for_update().order_by("pk").values_list("pk", "email")
        )
        ids = [pk for pk, _ in moved]
        DrawEntry.objects.filter(pk__in=ids).update(status=status, decided_at=timezone.now())
        mails_queue(kind=kind, mails=[(email, {"entry": pk}) for pk, email in moved])
        cancels_hand_over(entry_ids=ids)
    return len(moved)


def _capture(entry: DrawEntry) -> str:
    """Charge a winner: their order, paid; or CAPTURE_FAILED; or "" when the card service did not answer."""
    try:
        order = order_services.order_place_authorised(
            user=entry.user,
            payment_method_id=entry.payment_method_id,
            payment_intent_id=entry.payment_intent_id,
            lines=[CartLine(shoe_id=entry.release_size.shoe_id, size=entry.release_size.size, quantity=1)],
            amount=entry.amount,
            address=ShippingAddress(
                name=entry.ship_name,
                state=entry.ship_state,
                city=entry.ship_city,
                line1=entry.ship_line1,
                postal_code=entry.ship_postal_code,
            ),
        )
    except PaymentUnavailable:
        return ""
    except (CardDeclined, CartChanged, AmountMismatch) as error:
        logger.info("Draw entry %s won and could not be charged: %s", entry.pk, error)
        _decide(entry, status=Status.CAPTURE_FAILED, kind=DRAW_LOST)
        return Status.CAPTURE_FAILED
    _decide(entry, status=Status.WON, kind=DRAW_WON, order=order)
    return Status.WON


def _abandon(release: Release) -> None:
    """Entries still waiting for 3-D Secure when the draw runs are no entries: their intents are cancelled, unmailed
    (the shopper never finished entering)."""
    with transaction.atomic():
        ids = list(
            DrawEntry.objects.filter(release=release, status=Status.AUTHORISING)
            .select_for_update()
            .values_list("pk", flat=True)
        )
        DrawEntry.objects.filter(pk__in=ids).update(status=Status.ABANDONED, decided_at=timezone.now())
        cancels_hand_over(entry_ids=ids)


def _rank(release: Release, entries: list[DrawEntry], report: DrawReport) -> None:
    """Void the duplicates and give every valid entry its place in its size's draw, in one transaction."""
    entrants = [
        Entrant(
            id=e.pk, size_id=e.release_size_id, created_at=e.created_at, card=e.card_fingerprint, address=e.address_key
        )
        for e in entries
    ]
    valid, void = entries_split(entrants)
    by_size: dict[int, list[int]] = {}
    for entrant in valid:
        by_size.setdefault(entrant.size_id, []).append(entrant.id)
    with transaction.atomic():
        for size_id, ids in by_size.items():
            ranked = draw_rank(seed=release.draw_seed, size_id=size_id, entry_ids=ids)
            DrawEntry.objects.bulk_update(
                [DrawEntry(pk=entry_id, rank=place) for place, entry_id in enumerate(ranked, start=1)],
                ["rank"],
                batch_size=1000,
            )
        report.void += _let_go(
            DrawEntry.objects.filter(pk__in=[entrant.id for entrant in void]), status=Status.VOID, kind=DRAW_LOST
        )


def _settle(release: Release, report: DrawReport) -> None:
    """Each size's ranked entries in their order: winners captured one by one until its pairs are gone, then the rest
    let go at once. A capture the card service did not answer stops its size there (its order stays held): the pair
    may be charged, so nobody after it is decided before `run_draw --resume` tries it again."""
    for size in release.sizes.all():
        won = DrawEntry.objects.filter(release_size=size, status=Status.WON).count()
        ranked = (
            DrawEntry.objects.filter(release_size=size, status=Status.ENTERED, rank__isnull=False)
            .select_related("user", "release_size")
            .order_by("rank")
        )
        stopped = False
        last_rank = 0
        while won < size.pairs and not stopped:
            batch = list(ranked.filter(rank__gt=last_rank)[: size.pairs - won])
            if not batch:
                break
            for entry in batch:
                last_rank = entry.rank
                outcome = _capture(entry)
                if outcome == Status.WON:
                    won += 1
                    report.won += 1
                elif outcome == Status.CAPTURE_FAILED:
                    report.capture_failed += 1
                else:
                    report.unsettled.append(entry.pk)
                    stopped = True
                    break
        if not stopped:
            report.lost += _let_go(ranked, status=Status.LOST, kind=DRAW_LOST)
    # Void entries a run before left without a place.
    report.void += _let_go(
        DrawEntry.objects.filter(release=release, rank__isnull=True), status=Status.VOID, kind=DRAW_LOST
    )


def draw_run(*, release_id: int, resume: bool = False) -> DrawReport:
    """Run a closed draw once (manage.py run_draw, beat at its close, the dashboard's button).

    A second start, at once or later, finds it taken and does nothing. resume carries on a run that stopped half
    way (a crash, the card service down) with its recorded seed and places: decided entries stay as they are.
    A draw run after the cards' authorisations expired (SHOP_DRAW_AUTHORISATION_DAYS after the earliest) cancels
    every one of them and says so: nobody wins a draw among only the later entries.
    """
    now = timezone.now()
    state, release = _claim(release_id=release_id, now=now, resume=resume)
    report = DrawReport(release=release_id, state=state)
    if release is None:
        return report
    report.seed = release.draw_seed
    entered = list(
        DrawEntry.objects.filter(release=release, status=Status.ENTERED).only(
            "pk", "release_size_id", "created_at", "card_fingerprint", "address_key", "authorised_at"
        )
    )
    oldest = min((entry.authorised_at for entry in entered if entry.authorised_at), default=None)
    expired = oldest is not None and oldest < now - timedelta(days=settings.SHOP_DRAW_AUTHORISATION_DAYS)
    _abandon(release)
    if resume:
        # Cancels a run before handed over and a worker never finished: again, now (each is recorded once).
        cancels_owed_hand_over(release_id=release.pk, older_than=timedelta(0))
    if expired or release.draw_outcome == Release.Outcome.EXPIRED:
        Release.objects.filter(pk=release.pk).update(draw_outcome=Release.Outcome.EXPIRED)
        report.expired = _let_go(release.entries.all(), status=Status.EXPIRED, kind=DRAW_CANCELLED)
        report.outcome = Release.Outcome.EXPIRED
    else:
        if state == "ran":
            _rank(release, entered, report)
        _settle(release, report)
        report.outcome = Release.Outcome.DRAWN
    if not report.unsettled:
        Release.objects.filter(pk=release.pk).update(draw_finished_at=timezone.now(), draw_outcome=report.outcome)
        # The list shows the release drawn (or cancelled), with its seed.
        catalog_version_bump()
    else:
        logger.warning("Draw of release %s left %s entries for `run_draw --resume`.", release.pk, len(report.unsettled))
    return report
