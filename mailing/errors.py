"""Errors of the mailing app: a link that is not ours, a mail that can never be built, a mail server that refused."""

from shopsite.errors import ShopError


class InvalidUnsubscribeLink(ShopError):
    code = "invalid_unsubscribe_link"
    message = "This unsubscribe link is not valid."


class InvalidConfirmationLink(ShopError):
    code = "invalid_confirmation_link"
    message = "This confirmation link is not valid or has expired. Sign up again to get a new one."


class MailUnbuildable(Exception):
    """What an outbox row names is gone (or its address unsubscribed): the mail can never be sent."""


class MailServerError(Exception):
    """The mail server refused the mail or did not answer; the row is pending again, to be tried later."""
