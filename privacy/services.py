"""Deleting an account at its owner's request, or the operator's (docs/DESIGN.md §12).

The person goes, the shop's books stay: the User row is kept (orders PROTECT it) and anonymised, their orders keep
every amount, line, date and tax with their name, address and email blanked, their reviews stay as ANONYMOUS USER's
(the only name anyone else ever saw on them), and their favorites, alerts, newsletter signup, reminders, mails,
second factor and sign-ins go. Each app's rows are written through that app's services, in one transaction.
"""

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction

from accounts import second_factor
from accounts import services as accounts_services
from accounts.errors import WrongPassword
from accounts.identity import google
from accounts.models import User
from activity import services as activity
from activity.services import security_event_record
from catalog import services as catalog_services
from favorites import services as favorites_services
from mailing import services as mailing_services
from orders import selectors as orders_selectors
from orders import services as orders_services
from releases import selectors as releases_selectors
from releases import services as releases_services
from shopsite.throttles import SignInFailureThrottle

from .errors import DrawEntryUndecided, OperatorOnly, PaymentInProgress, RecentSignInRequired, ReturnInProgress

# With Firebase, how recent the sign-in behind the ID token must be (Firebase's own rule for deleting a user).
RECENT_SIGN_IN_SECONDS = 5 * 60


@dataclass(frozen=True)
class Deletion:
    """What a deletion did, for the operator's command and the activity log."""

    user_id: int
    orders_kept: int
    reviews_kept: int
    favorites: int
    alerts: int
    mail_rows: int
    reminders: int
    draw_entries_kept: int


def identity_confirm(*, request, user: User, password=None, code=None, credential=None) -> None:
    """The signed-in person proves again it is them: their password (an account with one here), a sign-in within
    the last minutes (Firebase, where the browser reauthenticates first), or a fresh Google sign-in (an account that
    only ever signed in with Google); and a current code when the account has an authenticator app."""
    if settings.IDENTITY_PROVIDER == "firebase":
        from accounts.identity.firebase import sign_in_age  # firebase_admin loads only where the shop uses it

        age = sign_in_age(request.auth)
        if age is None or age > RECENT_SIGN_IN_SECONDS:
            raise RecentSignInRequired()
    elif user.has_usable_password():
        if not isinstance(password, str) or not password or not user.check_password(password):
            security_event_record("account_delete_refused", user=user, request=request, detail="Wrong password.")
            raise WrongPassword(field="password")
    else:
        if not credential:
            raise RecentSignInRequired("Sign in with Google again to confirm it is you.")
        claims = google.google_claims_verified(credential=credential)
        if str(claims["sub"]) != user.google_sub:
            security_event_record(
                "account_delete_refused", user=user, request=request, detail="Another Google account."
            )
            raise RecentSignInRequired("That is another Google account: sign in with this account's.")
    if second_factor.app_device(user) is not None:
        second_factor.code_check(request, user, code)


def deletion_check(*, user: User, by_operator: bool = False) -> None:
    """Refuses the deletion while money of theirs is moving or a return is open; the shop's owners and staff are
    deleted by the operator only."""
    if not by_operator and (user.is_shop_owner or user.is_staff or user.is_superuser):
        raise OperatorOnly()
    if orders_selectors.returns_in_progress(user=user):
        raise ReturnInProgress()
    if orders_selectors.payment_in_progress(user=user):
        raise PaymentInProgress()
    if releases_selectors.entry_undecided(user=user):
        raise DrawEntryUndecided()


@transaction.atomic
def account_delete(*, user: User, actor: activity.Actor = None, by_operator: bool = False) -> Deletion:
    """Delete the person from the shop and keep the books (the module's docstring says what stays); `actor` is who
    is logged as doing it (the account itself when None)."""
    user = User.objects.select_for_update().get(pk=user.pk)
    deletion_check(user=user, by_operator=by_operator)
    email, uid, status = user.email, user.uid, user.status
    accounts_services.user_anonymise(user=user)
    placeholder = user.email
    reminders, entries = releases_services.releases_person_forget(user=user, email=email, placeholder=placeholder)
    deletion = Deletion(
        user_id=user.pk,
        orders_kept=orders_services.orders_personal_details_forget(user=user, email=placeholder),
        reviews_kept=user.reviews.count(),
        favorites=favorites_services.favorites_remove_all(user=user),
        alerts=catalog_services.stock_alerts_forget(email=email),
        mail_rows=mailing_services.address_forget(email=email),
        reminders=reminders,
        draw_entries_kept=entries,
    )
    # The line names the account by its new address: the log, append-only, keeps nothing of the person's.
    activity.record(
        actor or user,
        "user.delete",
        user,
        before={"status": status},
        after={"status": user.status, "orders kept": deletion.orders_kept, "reviews kept": deletion.reviews_kept},
    )
    transaction.on_commit(SignInFailureThrottle(email=email).failures_clear, robust=True)
    if settings.IDENTITY_PROVIDER == "firebase":
        transaction.on_commit(lambda: _firebase_user_delete(uid), robust=True)
    return deletion


def _firebase_user_delete(uid: str) -> None:
    from accounts.identity.firebase import firebase_user_delete  # as in identity_confirm

    firebase_user_delete(uid)
