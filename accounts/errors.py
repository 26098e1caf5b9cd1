"""Errors of the accounts app."""

from rest_framework import exceptions

ACCOUNT_DISABLED = "Your account is Disabled or Eliminated"


class AccountDisabled(exceptions.PermissionDenied):
    """A Disabled or Eliminated account used its credential."""

    default_detail = ACCOUNT_DISABLED
    default_code = "account_disabled"
