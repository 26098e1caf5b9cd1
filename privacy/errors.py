"""Why an account is not deleted now."""

from rest_framework import status

from shopsite.errors import Conflict, ShopError


class ReturnInProgress(Conflict):
    code = "return_in_progress"
    message = "A return of yours is still being decided: you can delete your account once it is done."


class PaymentInProgress(Conflict):
    code = "payment_in_progress"
    message = "A payment of yours is still going through: you can delete your account once it is settled."


class DrawEntryUndecided(Conflict):
    code = "draw_entry_undecided"
    message = "Your card is authorised for a draw that has not run yet: you can delete your account after the draw."


class RecentSignInRequired(ShopError):
    """Firebase keeps the password: the browser signs in again (reauthenticates) just before asking."""

    status_code = status.HTTP_403_FORBIDDEN
    # Firebase's own code for the same refusal.
    code = "auth/requires-recent-login"
    message = "Sign in again to confirm it is you, then delete your account."


class OperatorOnly(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "operator_only"
    message = "The shop's owners and staff accounts are deleted by the operator: ask them."
