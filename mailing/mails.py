"""The mailing app's own mails: the newsletter's confirmation (double opt-in) and welcome, with its one-click
unsubscribe, and contact messages."""

import time
from datetime import timedelta

from django.conf import settings
from django.core import signing

from .errors import MailUnbuildable
from .kinds import MailContent, mail_kind
from .models import ContactMessage, Mail, NewsletterSignup

NEWSLETTER_CONFIRM = "newsletter_confirm"
NEWSLETTER_WELCOME = "newsletter_welcome"
CONTACT_MESSAGE = "contact_message"
# Its own salt: a value the shop signs for anything else is no unsubscribe link.
UNSUBSCRIBE_SALT = "mailing.newsletter.unsubscribe"
CONFIRM_SALT = "mailing.newsletter.confirm"
# How long a confirmation link works, from when its mail was sent.
CONFIRM_LINK_AGE = timedelta(days=7)


def confirm_token_make(*, signup: NewsletterSignup) -> str:
    """The signed token of a confirmation link: the signup, and when the link was made (a link made before the
    address unsubscribed never subscribes it again)."""
    return signing.dumps({"signup": signup.pk, "at": time.time()}, salt=CONFIRM_SALT)


def confirm_token_read(token: str) -> tuple[int, float] | None:
    """(signup id, when the link was made) of a token the shop signed less than CONFIRM_LINK_AGE ago, or None."""
    try:
        found = signing.loads(token, salt=CONFIRM_SALT, max_age=CONFIRM_LINK_AGE)
    except (signing.BadSignature, ValueError):
        return None
    signup_id, at = (found.get("signup"), found.get("at")) if isinstance(found, dict) else (None, None)
    if isinstance(signup_id, bool) or not isinstance(signup_id, int) or not isinstance(at, int | float):
        return None
    return signup_id, float(at)


def unsubscribe_token_make(*, signup: NewsletterSignup) -> str:
    """The signed token of a signup's unsubscribe links. It does not expire: an old newsletter's link still works."""
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object(signup.pk)


def unsubscribe_token_read(token: str) -> int | None:
    """The signup a token names, or None when the shop did not sign it."""
    try:
        signup_id = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError):
        return None
    return signup_id if isinstance(signup_id, int) and not isinstance(signup_id, bool) else None


def newsletter_headers(*, signup: NewsletterSignup) -> tuple[dict[str, str], str]:
    """Every newsletter mail's unsubscribe headers (RFC 8058's one click: the mail client posts to the API, with no
    session) and the link the mail itself shows, to the storefront's screen, where a button posts it (a GET never
    unsubscribes: mail scanners follow links)."""
    token = unsubscribe_token_make(signup=signup)
    headers = {
        "List-Unsubscribe": f"<{settings.SHOP_BASE_URL}/api/mail/unsubscribe/{token}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    return headers, f"{settings.SHOP_BASE_URL}/unsubscribe/{token}"


@mail_kind(NEWSLETTER_CONFIRM)
def newsletter_confirm_build(mail: Mail) -> MailContent:
    """The link to confirm a sign-up, made when the mail goes out (it works CONFIRM_LINK_AGE from then). It leads to
    the storefront's screen, where a button confirms: mail scanners follow links, and must subscribe nobody."""
    signup = NewsletterSignup.objects.filter(pk=mail.context.get("signup")).first()
    if signup is None:
        raise MailUnbuildable("the signup was deleted")
    if signup.subscribed:
        raise MailUnbuildable("the address confirmed already")
    link = f"{settings.SHOP_BASE_URL}/newsletter/confirm/{confirm_token_make(signup=signup)}"
    return MailContent(template="newsletter_confirm", context={"email": signup.email, "confirm_url": link})


@mail_kind(NEWSLETTER_WELCOME)
def newsletter_welcome_build(mail: Mail) -> MailContent:
    signup = NewsletterSignup.objects.filter(pk=mail.context.get("signup")).first()
    if signup is None:
        raise MailUnbuildable("the signup was deleted")
    if signup.unsubscribed_at is not None:
        raise MailUnbuildable("the address unsubscribed")
    if signup.confirmed_at is None:
        raise MailUnbuildable("the address has not confirmed")
    headers, unsubscribe_url = newsletter_headers(signup=signup)
    return MailContent(
        template="newsletter_welcome",
        context={"email": signup.email, "unsubscribe_url": unsubscribe_url},
        headers=headers,
    )


@mail_kind(CONTACT_MESSAGE)
def contact_message_build(mail: Mail) -> MailContent:
    contact_message = ContactMessage.objects.filter(pk=mail.context.get("contact_message")).first()
    if contact_message is None:
        raise MailUnbuildable("the contact message was deleted")
    return MailContent(
        template="contact_message",
        context={
            "name": contact_message.name,
            "email": contact_message.email,
            "message": contact_message.message,
            "created_at": contact_message.created_at,
        },
    )
