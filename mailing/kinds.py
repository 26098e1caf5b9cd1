"""The kinds of mail the shop sends. Each app builds its own (its mails.py registers a builder per kind), so mailing
knows none of the others: an outbox row names its kind, and its builder makes the mail from the rows it names.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.exceptions import ImproperlyConfigured

from .models import Mail


@dataclass(frozen=True)
class MailContent:
    """A built mail: templates mail/<template>_subject.txt, .txt and .html, what they show, and extra headers."""

    template: str
    context: dict
    headers: dict[str, str] = field(default_factory=dict)


Builder = Callable[[Mail], MailContent]
_builders: dict[str, Builder] = {}


def mail_kind(kind: str) -> Callable[[Builder], Builder]:
    """Register the builder of one kind of mail; it raises MailUnbuildable when what the row names is gone."""

    def register(builder: Builder) -> Builder:
        if _builders.setdefault(kind, builder) is not builder:
            raise ImproperlyConfigured(f"Two builders for the mail kind {kind!r}.")
        return builder

    return register


def builder_get(kind: str) -> Builder:
    """The builder of a kind; an unknown kind is a bug (a mail queued by code that no longer exists)."""
    try:
        return _builders[kind]
    except KeyError:
        raise ImproperlyConfigured(
            f"No builder for the mail kind {kind!r}: which app's mails.py registers it?"
        ) from None
