"""A release's rules on the checkout (orders/hooks.py): the guard around the request and the check inside the
transaction that holds the stock (docs/DESIGN.md §11)."""

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from orders.errors import PaymentUnavailable
from orders.hooks import CheckoutAttempt
from orders.payments import GatewayUnavailable, gateway_get

from .. import selectors
from ..counters import gate, rate_limit
from ..errors import (
    ReleaseByDraw,
    ReleaseLimitReached,
    ReleaseNotEligible,
    ReleaseNotOpen,
    ReleaseSizeNotOffered,
    ReleaseSoldOut,
)
from ..keys import account_key, address_key_of
from ..models import Release, ReleaseClaim, ReleasePurchase
from ..turnstile import turnstile_verify


def eligibility_check(*, release: Release, user) -> None:
    """The release's bars on who may buy or enter: an account old enough, a verified email address."""
    if release.min_account_age_days and user.created_at > timezone.now() - timedelta(days=release.min_account_age_days):
        days = release.min_account_age_days
        raise ReleaseNotEligible(f"{release.name} is for accounts older than {days} day{'s' if days != 1 else ''}.")
    if release.require_verified_email and not user.email_verified:
        raise ReleaseNotEligible(f"{release.name} is for accounts with a verified email address; verify yours first.")


def clock_check(*, release: Release, now) -> None:
    if release.kind == Release.Kind.DRAW:
        raise ReleaseByDraw(release)
    if now < release.opens_at:
        raise ReleaseNotOpen(release)


def request_ip(request) -> str | None:
    return request.META.get("REMOTE_ADDR") if request is not None else None


def request_token(request) -> str:
    """The Turnstile token the page sent: the body's turnstileToken, or Cloudflare's own form field."""
    if request is None:
        return ""
    data = request.data if hasattr(request, "data") else {}
    token = data.get("turnstileToken") or data.get("cf-turnstile-response") or ""
    return token if isinstance(token, str) else ""


def sold_out_check(*, release: Release, lines: list) -> None:
    """A size of the release already sold out is refused before the checkout waits for its stock row's lock: one
    read without a lock, which can only be behind the locked count (a pair given back since), never ahead of it, so
    it refuses nothing the locked check would take. At the opening minute it spares the crowd behind the last pair
    a queue on that lock."""
    offered = {(size.shoe_id, size.size): size for size in release.sizes.all()}
    for line in lines:
        size = offered.get((line.shoe_id, line.size))
        if size is not None and selectors.pairs_sold(release_size=size) + line.quantity > size.pairs:
            raise ReleaseSoldOut()


@contextmanager
def release_checkout_guard(attempt: CheckoutAttempt) -> Iterator[None]:
    """Before anything is held: the clock and the bars (cheap reads), the person's tries per minute, the gate on
    checkouts at once (429 beyond it), then the challenge and the card's fingerprint. A cart with no release's shoe
    passes untouched."""
    releases = selectors.releases_ruling(shoe_ids={line.shoe_id for line in attempt.lines})
    # The reserver checks these again inside the transaction, without asking for them a second time.
    attempt.extra["releases"] = releases
    if not releases:
        yield
        return
    now = timezone.now()
    for release in releases:
        clock_check(release=release, now=now)
        eligibility_check(release=release, user=attempt.user)
        sold_out_check(release=release, lines=attempt.lines)
    address = address_key_of(attempt.address)
    per_minute = settings.SHOP_RELEASE_TRIES_PER_MINUTE
    for release in releases:
        rate_limit(f"{release.pk}:{account_key(attempt.user)}", f"{release.pk}:{address}", per_minute=per_minute)
    with gate(f"checkout:{releases[0].pk}", at_once=settings.SHOP_RELEASE_CHECKOUTS_AT_ONCE):
        turnstile_verify(token=request_token(attempt.request), remote_ip=request_ip(attempt.request))
        try:
            attempt.card_fingerprint = gateway_get().card_fingerprint(payment_method_id=attempt.payment_method_id)
        except GatewayUnavailable as error:
            raise PaymentUnavailable(str(error)) from error
        yield


def claims_lock(*, release: Release, keys: dict[str, str]) -> None:
    """Lock the person's rows of the release, made on first use, always in the same order (no deadlock): two
    checkouts of one person, on any worker or machine, go one after the other from here to their commit."""
    wanted = sorted((kind, key) for kind, key in keys.items() if key)
    ReleaseClaim.objects.bulk_create(
        [ReleaseClaim(release=release, kind=kind, key=key) for kind, key in wanted], ignore_conflicts=True
    )
    for kind, key in wanted:
        ReleaseClaim.objects.select_for_update().get(release=release, kind=kind, key=key)


def release_checkout_reserve(*, order, lines: list, attempt: CheckoutAttempt | None) -> None:
    """Inside the checkout's transaction, its stock rows locked: the release's clock again (the server's, now), its
    sizes, then the person's pairs against the limit under their claim rows, then the release's pairs of each size.
    What passes is written down as ReleasePurchase rows, counted while the order is held or paid."""
    if attempt is not None and "releases" in attempt.extra:
        releases = attempt.extra["releases"]
    else:
        releases = selectors.releases_ruling(shoe_ids={line.entry.shoe_id for line in lines})
    if not releases:
        return
    now = timezone.now()
    user = order.user
    address = address_key_of(order.address)
    card = attempt.card_fingerprint if attempt is not None else ""
    for release in releases:
        clock_check(release=release, now=now)
        offered = {(size.shoe_id, size.size): size for size in release.sizes.all()}
        shoe_ids = {shoe_id for shoe_id, _ in offered}
        taking = []
        for line in lines:
            if line.entry.shoe_id not in shoe_ids:
                continue
            size = offered.get((line.entry.shoe_id, line.entry.size))
            if size is None:
                raise ReleaseSizeNotOffered()
            taking.append((size, line.line.quantity))
        keys = {ReleaseClaim.Kind.ACCOUNT: account_key(user), ReleaseClaim.Kind.ADDRESS: address}
        if card:
            keys[ReleaseClaim.Kind.CARD] = f"card_{card}"
        claims_lock(release=release, keys=keys)
        pairs = sum(quantity for _, quantity in taking)
        taken = selectors.pairs_taken(
            release=release, account_key=keys["account"], address_key=address, card_key=keys.get("card", "")
        )
        if taken + pairs > release.per_person_limit:
            raise ReleaseLimitReached(release)
        for size, quantity in taking:
            # The size's stock row is locked by this checkout: no other sells this size until it commits.
            if selectors.pairs_sold(release_size=size) + quantity > size.pairs:
                raise ReleaseSoldOut()
        ReleasePurchase.objects.bulk_create(
            ReleasePurchase(
                release=release,
                release_size=size,
                order=order,
                pairs=quantity,
                account_key=keys["account"],
                address_key=address,
                card_key=keys.get("card", ""),
            )
            for size, quantity in taking
        )
