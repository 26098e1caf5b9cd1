"""The releases' mails, built when sent from the rows they name: the reminder at opening, and a draw's news to each
entrant, once (won, with the order; not this time; cancelled)."""

from django.conf import settings

from mailing.errors import MailUnbuildable
from mailing.kinds import MailContent, mail_kind
from mailing.models import Mail

from .models import DrawEntry, ReleaseReminder

RELEASE_REMINDER = "release_reminder"
DRAW_WON = "draw_won"
DRAW_LOST = "draw_lost"
DRAW_CANCELLED = "draw_cancelled"


def _news(*, subject: str, text: str, url: str = "", link: str = "") -> MailContent:
    return MailContent(template="release_news", context={"subject": subject, "text": text, "url": url, "link": link})


def _entry(mail: Mail) -> DrawEntry:
    entry = (
        DrawEntry.objects.filter(pk=mail.context.get("entry"))
        .select_related("release", "release_size__shoe", "order")
        .first()
    )
    if entry is None:
        raise MailUnbuildable("the draw entry is gone")
    return entry


def _shoe_url(shoe_id: int) -> str:
    return f"{settings.SHOP_BASE_URL}/products/{shoe_id}"


@mail_kind(RELEASE_REMINDER)
def release_reminder_build(mail: Mail) -> MailContent:
    reminder = ReleaseReminder.objects.filter(pk=mail.context.get("reminder")).select_related("release").first()
    if reminder is None:
        raise MailUnbuildable("the reminder is gone")
    release = reminder.release
    shoe = release.sizes.select_related("shoe").first()
    opening = "Entries to its draw are open now" if release.kind == release.Kind.DRAW else "It is on sale now"
    return _news(
        subject=f"{release.name} is out now",
        text=f"You asked us to tell you when {release.name} opens. {opening}, while pairs last.",
        url=_shoe_url(shoe.shoe_id) if shoe else f"{settings.SHOP_BASE_URL}/releases",
        link="See the release",
    )


@mail_kind(DRAW_WON)
def draw_won_build(mail: Mail) -> MailContent:
    entry = _entry(mail)
    if entry.order is None:
        raise MailUnbuildable("the winning entry has no order")
    size = entry.release_size
    return _news(
        subject=f"You won the draw for {entry.release.name}",
        text=f"Your entry won a pair of {size.shoe.name}, size {size.size_label}. We charged your card "
        f"${entry.amount / 100:,.2f} and made your order {entry.order.payment_intent_id}; we ship it soon.",
        url=f"{settings.SHOP_BASE_URL}/order/{entry.order.payment_intent_id}",
        link="See the order",
    )


@mail_kind(DRAW_LOST)
def draw_lost_build(mail: Mail) -> MailContent:
    entry = _entry(mail)
    return _news(
        subject=f"The draw for {entry.release.name}: not this time",
        text=f"Your entry to the draw for {entry.release.name} was not picked this time. Nothing was charged: "
        "your card's authorisation was cancelled, and your bank lets it go within a few days.",
        url=f"{settings.SHOP_BASE_URL}/releases",
        link="See the next releases",
    )


@mail_kind(DRAW_CANCELLED)
def draw_cancelled_build(mail: Mail) -> MailContent:
    entry = _entry(mail)
    return _news(
        subject=f"The draw for {entry.release.name} was cancelled",
        text=f"We could not run the draw for {entry.release.name} before the cards' authorisations ran out, so "
        "nobody was picked. Nothing was charged: your card's authorisation was cancelled.",
        url=f"{settings.SHOP_BASE_URL}/releases",
        link="See the next releases",
    )
