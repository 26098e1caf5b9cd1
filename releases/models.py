"""Releases: a shoe's sizes offered at a set minute, first-come or by draw; the rows that count a person's pairs;
the draw's entries; and visitors' reminders (docs/DESIGN.md §11)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from catalog.models import Shoe, size_label
from orders.models import Order


class Release(models.Model):
    class Kind(models.TextChoices):
        FIRST_COME = "first_come", "First come"
        DRAW = "draw", "Draw"

    class Outcome(models.TextChoices):
        NONE = "", "Not drawn"
        DRAWN = "drawn", "Drawn"
        # Run after the cards' authorisations ran out: every one cancelled, nobody won.
        EXPIRED = "expired", "Cancelled: authorisations expired"

    name = models.CharField(max_length=60)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.FIRST_COME)
    # Shown on /releases and on its shoes' pages from this minute.
    announce_at = models.DateTimeField()
    # First come: on sale from this minute; draw: entries open.
    opens_at = models.DateTimeField()
    # Draw: entries close and the draw runs; first come (optional): its rules stop and the shoes sell as any other.
    closes_at = models.DateTimeField(null=True, blank=True)
    per_person_limit = models.PositiveSmallIntegerField(default=1)
    min_account_age_days = models.PositiveSmallIntegerField(default=0)
    require_verified_email = models.BooleanField(default=False)
    # The draw's seed, from secrets (a cryptographic source), kept so anyone can re-run the draw and check it.
    draw_seed = models.CharField(max_length=64, blank=True, editable=False)
    draw_started_at = models.DateTimeField(null=True, blank=True, editable=False)
    draw_finished_at = models.DateTimeField(null=True, blank=True, editable=False)
    draw_outcome = models.CharField(max_length=8, choices=Outcome.choices, blank=True, default="", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["opens_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(announce_at__lte=models.F("opens_at")), name="release_announced_first"),
            models.CheckConstraint(
                condition=Q(closes_at__isnull=True) | Q(closes_at__gt=models.F("opens_at")), name="release_closes_after"
            ),
            models.CheckConstraint(
                condition=~Q(kind="draw") | Q(closes_at__isnull=False), name="release_draw_has_close"
            ),
            models.CheckConstraint(condition=Q(per_person_limit__gte=1), name="release_limit_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    def is_open(self, now=None) -> bool:
        """The server's clock decides: from opens_at to the second, until closes_at (when set)."""
        now = now or timezone.now()
        return self.opens_at <= now and (self.closes_at is None or now < self.closes_at)

    def is_over(self, now=None) -> bool:
        now = now or timezone.now()
        return self.closes_at is not None and now >= self.closes_at


class ReleaseSize(models.Model):
    """One shoe and size a release offers, and how many pairs of it."""

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="sizes")
    shoe = models.ForeignKey(Shoe, on_delete=models.PROTECT, related_name="release_sizes")
    size = models.DecimalField(max_digits=3, decimal_places=1)
    pairs = models.PositiveIntegerField()

    class Meta:
        ordering = ["release_id", "shoe_id", "size"]
        constraints = [
            models.UniqueConstraint(fields=["release", "shoe", "size"], name="release_size_once"),
            models.CheckConstraint(condition=Q(pairs__gte=1), name="release_size_pairs_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.shoe} size {self.size_label}: {self.pairs} pairs"

    @property
    def size_label(self) -> str:
        return size_label(self.size)


class ReleaseClaim(models.Model):
    """One person of a release as the limit counts them: by account, by card fingerprint, by normalised address.

    A first-come checkout locks its buyer's rows (select_for_update, in key order) inside the transaction that holds
    the stock, then counts the pairs of their live orders: two checkouts of one person wait on each other, on
    every worker and machine, and the second sees what the first took."""

    class Kind(models.TextChoices):
        ACCOUNT = "account"
        CARD = "card"
        ADDRESS = "address"

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="claims")
    kind = models.CharField(max_length=7, choices=Kind.choices)
    key = models.CharField(max_length=128)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["release", "kind", "key"], name="release_claim_once")]

    def __str__(self) -> str:
        return f"{self.release_id} {self.kind} {self.key}"


class ReleasePurchase(models.Model):
    """Pairs of a release in one order, with whose they are; counted while the order is held or paid."""

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="purchases")
    release_size = models.ForeignKey(ReleaseSize, on_delete=models.CASCADE, related_name="purchases")
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="+")
    pairs = models.PositiveIntegerField()
    account_key = models.CharField(max_length=128)
    address_key = models.CharField(max_length=128)
    card_key = models.CharField(max_length=128, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["release", "account_key"], name="release_purchase_account"),
            models.Index(fields=["release", "address_key"], name="release_purchase_address"),
            models.Index(fields=["release", "card_key"], name="release_purchase_card"),
        ]

    def __str__(self) -> str:
        return f"{self.pairs} of {self.release_size} in order {self.order_id}"


# Entries whose card authorisation the shop lets go (cancels); a WON one is captured, the others hold nothing yet.
LET_GO_STATUSES = ["void", "lost", "capture_failed", "expired", "abandoned"]


class DrawEntry(models.Model):
    """A signed-in shopper's entry to a draw: one size, an address, a card authorised and not charged."""

    class Status(models.TextChoices):
        # Waiting for the card's authorisation (3-D Secure in the browser).
        AUTHORISING = "authorising"
        ENTERED = "entered"
        # The card refused the authorisation: no entry, the shopper may enter again.
        DECLINED = "declined"
        # Same card or address as an earlier entry: not drawn.
        VOID = "void"
        WON = "won"
        # Drawn, and its capture failed: its pair went to the next entrant.
        CAPTURE_FAILED = "capture_failed"
        LOST = "lost"
        # The draw ran after the authorisations expired: cancelled, nobody won.
        EXPIRED = "expired"
        # Left at 3-D Secure and entered again with another card (or still there at the draw): its intent cancelled,
        # and, as a declined one, no entry.
        ABANDONED = "abandoned"

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="entries")
    release_size = models.ForeignKey(ReleaseSize, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="draw_entries")
    email = models.EmailField(max_length=254)
    ship_name = models.CharField(max_length=40)
    ship_state = models.CharField(max_length=40)
    ship_city = models.CharField(max_length=40)
    ship_line1 = models.CharField(max_length=16)
    ship_postal_code = models.CharField(max_length=16)
    address_key = models.CharField(max_length=128)
    card_fingerprint = models.CharField(max_length=128, blank=True)
    payment_method_id = models.CharField(max_length=255)
    payment_intent_id = models.CharField(max_length=255, blank=True)
    # Cents authorised: the shoe's price at entry, what a win charges.
    amount = models.PositiveIntegerField()
    confirmations = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.AUTHORISING)
    # Place in its size's draw (1 first), set by the draw.
    rank = models.PositiveIntegerField(null=True, blank=True)
    order = models.ForeignKey(Order, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    authorised_at = models.DateTimeField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    # When the gateway answered the cancel of its authorisation (a loser, a void or abandoned entry): set once, by the
    # worker that cancelled it (services.authorisations_cancel); empty on a decided entry, a cancel is still owed.
    authorisation_cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["release_id", "id"]
        constraints = [
            # One entry per account and release; a declined card's attempt, or an abandoned one, does not count.
            models.UniqueConstraint(
                fields=["release", "user"],
                condition=~Q(status__in=["declined", "abandoned"]),
                name="draw_entry_one_per_account",
            ),
        ]
        indexes = [
            # The periodic sweep's look-up: decided entries whose authorisation's cancel is still owed.
            models.Index(
                fields=["decided_at"],
                condition=Q(authorisation_cancelled_at__isnull=True, status__in=LET_GO_STATUSES),
                name="draw_entry_cancel_owed",
            ),
        ]

    def __str__(self) -> str:
        return f"Entry {self.pk} of {self.user_id} for {self.release_size}"


class ReleaseReminder(models.Model):
    """A visitor's ask for one mail when a release opens; sent once, by beat, at the minute."""

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="reminders")
    email = models.EmailField(max_length=254)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["release", "email"], name="release_reminder_once")]
        indexes = [models.Index(fields=["sent_at", "release"], name="release_reminder_due")]

    def __str__(self) -> str:
        return f"{self.email} for {self.release}"
