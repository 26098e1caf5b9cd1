"""Entering a draw (docs/PRODUCT.md §10): signed in, one size, a shipping address and a card authorised for the
pair's price and not charged; 3-D Secure in the browser when the bank asks, then the same request again."""

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from orders.errors import CardDeclined, PaymentUnavailable
from orders.models import ShippingAddress
from orders.payments import ChargeStatus, GatewayUnavailable, gateway_get
from orders.selectors import to_cents

from .. import selectors
from ..counters import rate_limit
from ..errors import AlreadyEntered, EntriesClosed, ReleaseSizeNotOffered
from ..keys import account_key, address_key_of
from ..models import DrawEntry, Release
from ..turnstile import turnstile_verify
from .cancels import cancels_hand_over
from .rules import eligibility_check, request_ip, request_token


@dataclass(frozen=True)
class Entered:
    entry: DrawEntry
    # 3-D Secure: what the browser hands to Stripe.js before sending the entry again.
    client_secret: str = ""

    @property
    def requires_action(self) -> bool:
        return self.entry.status == DrawEntry.Status.AUTHORISING


def _window_check(release: Release, now) -> None:
    if release.kind != Release.Kind.DRAW:
        raise EntriesClosed(f"{release.name} is first come, first served: it has no draw to enter.")
    if now < release.opens_at:
        when = timezone.localtime(release.opens_at).strftime("%B %-d, %Y at %H:%M %Z")
        raise EntriesClosed(f"Entries to {release.name} open on {when}.")
    if release.is_over(now):
        raise EntriesClosed(f"Entries to {release.name} are closed.")


def _authorise(entry: DrawEntry) -> Entered:
    """Confirm the entry's intent: authorised (ENTERED), 3-D Secure asked, or declined (the entry gone)."""
    card_gateway = gateway_get()
    try:
        charge = card_gateway.intent_confirm(
            intent_id=entry.payment_intent_id,
            payment_method_id=entry.payment_method_id if entry.confirmations == 0 else None,
            idempotency_key=f"{settings.SHOP_IDEMPOTENCY_PREFIX}-entry-{entry.pk}-confirm-{entry.confirmations}",
        )
    except GatewayUnavailable as error:
        raise PaymentUnavailable("The card service did not answer; send your entry again in a moment.") from error
    if charge.status == ChargeStatus.AUTHORISED:
        DrawEntry.objects.filter(pk=entry.pk).update(status=DrawEntry.Status.ENTERED, authorised_at=timezone.now())
        entry.refresh_from_db()
        return Entered(entry=entry)
    if charge.status == ChargeStatus.REQUIRES_ACTION:
        return Entered(entry=entry, client_secret=charge.client_secret)
    DrawEntry.objects.filter(pk=entry.pk).update(status=DrawEntry.Status.DECLINED)
    raise CardDeclined(charge.decline_message or None)


def _abandon(entry: DrawEntry) -> None:
    """An entry left at 3-D Secure is no entry: its intent is cancelled by a worker after the commit (whether or not
    the bank's check was finished meanwhile, so one person never holds two authorisations)."""
    abandoned = DrawEntry.objects.filter(pk=entry.pk, status=DrawEntry.Status.AUTHORISING).update(
        status=DrawEntry.Status.ABANDONED, decided_at=timezone.now()
    )
    if abandoned:
        cancels_hand_over(entry_ids=[entry.pk])


def draw_enter(
    *, release: Release, user, size_id: int, payment_method_id: str, address: ShippingAddress, request=None
) -> Entered:
    """One entry per account: a second is refused (already_entered); the same card or address on another account
    is taken and voided at the draw. The same request again after 3-D Secure finishes the first; another card while
    the first waits for 3-D Secure abandons it (its intent cancelled) and enters with the new one."""
    now = timezone.now()
    _window_check(release, now)
    eligibility_check(release=release, user=user)
    existing = selectors.entry_of(release=release, user=user)
    if existing is not None:
        if existing.status != DrawEntry.Status.AUTHORISING:
            raise AlreadyEntered()
        if existing.payment_method_id == payment_method_id:
            # Back from 3-D Secure: a new confirm with its own idempotency key.
            DrawEntry.objects.filter(pk=existing.pk).update(confirmations=existing.confirmations + 1)
            existing.confirmations += 1
            return _authorise(existing)
        # Another card while the first still waits for 3-D Secure: the shopper left that check. The new entry
        # replaces it below, in the transaction that abandons it.
    address_key = address_key_of(address)
    per_minute = settings.SHOP_RELEASE_TRIES_PER_MINUTE
    rate_limit(f"{release.pk}:{account_key(user)}", f"{release.pk}:{address_key}", per_minute=per_minute)
    turnstile_verify(token=request_token(request), remote_ip=request_ip(request))
    size = next((size for size in release.sizes.all() if size.pk == size_id), None)
    if size is None:
        raise ReleaseSizeNotOffered()
    card_gateway = gateway_get()
    try:
        fingerprint = card_gateway.card_fingerprint(payment_method_id=payment_method_id)
    except GatewayUnavailable as error:
        raise PaymentUnavailable() from error
    try:
        with transaction.atomic():
            if existing is not None:
                _abandon(existing)
            entry = DrawEntry.objects.create(
                release=release,
                release_size=size,
                user=user,
                email=user.email,
                ship_name=address.name,
                ship_state=address.state,
                ship_city=address.city,
                ship_line1=address.line1,
                ship_postal_code=address.postal_code,
                address_key=address_key,
                card_fingerprint=fingerprint,
                payment_method_id=payment_method_id,
                amount=to_cents(size.shoe.price),
            )
    except IntegrityError:
        raise AlreadyEntered() from None
    try:
        intent_id = card_gateway.intent_create(
            amount=entry.amount,
            currency=settings.SHOP_CURRENCY,
            idempotency_key=f"{settings.SHOP_IDEMPOTENCY_PREFIX}-entry-{entry.pk}-create",
            description=f"{settings.SHOP_NAME} draw entry {entry.pk}: {release.name}",
            receipt_email=user.email,
            metadata={"draw_entry": str(entry.pk), "uid": user.uid},
            capture_manual=True,
        )
    except GatewayUnavailable as error:
        DrawEntry.objects.filter(pk=entry.pk).update(status=DrawEntry.Status.DECLINED)
        raise PaymentUnavailable() from error
    DrawEntry.objects.filter(pk=entry.pk).update(payment_intent_id=intent_id)
    entry.payment_intent_id = intent_id
    return _authorise(entry)
