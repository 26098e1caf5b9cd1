"""The accounts app's mails: the password reset link, whose token is made when the mail is sent."""

from urllib.parse import urlencode

from django.contrib.auth.tokens import default_token_generator

from mailing.errors import MailUnbuildable
from mailing.kinds import MailContent, mail_kind
from mailing.models import Mail

from .models import User

PASSWORD_RESET = "password_reset"


@mail_kind(PASSWORD_RESET)
def password_reset_build(mail: Mail) -> MailContent:
    # The outbox keeps the account and the page only: no reset token sits in the database, and a mail an outage held
    # back still carries a link good for an hour from when it goes out.
    user = User.objects.filter(pk=mail.context.get("user")).first()
    if user is None or user.email != mail.to:
        raise MailUnbuildable("the account is gone, or its address changed")
    query = urlencode({"uid": user.uid, "token": default_token_generator.make_token(user)})
    return MailContent(
        template="password_reset", context={"email": user.email, "link": f"{mail.context['reset_page_url']}?{query}"}
    )
