"""The accounts app's mails: the password reset link, whose token is made when the mail is sent."""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator

from mailing.errors import MailUnbuildable
from mailing.kinds import MailContent, mail_kind
from mailing.models import Mail

from .models import User

PASSWORD_RESET = "password_reset"


@mail_kind(PASSWORD_RESET)
def password_reset_build(mail: Mail) -> MailContent:
    # The outbox keeps the account only: no reset token sits in the database, and a mail an outage held back still
    # carries a link good for an hour from when it goes out. The link is on SHOP_BASE_URL, the shop as shoppers reach
    # it, never on the Host header of the request that asked (a forged one would mail the token to its own site).
    user = User.objects.filter(pk=mail.context.get("user")).first()
    if user is None or user.email != mail.to:
        raise MailUnbuildable("the account is gone, or its address changed")
    query = urlencode({"uid": user.uid, "token": default_token_generator.make_token(user)})
    return MailContent(
        template="password_reset",
        context={"email": user.email, "link": f"{settings.SHOP_BASE_URL}/reset-password?{query}"},
    )
