"""The demo accounts: the administrators named in SHOP_ADMIN_EMAILS and one shopper."""

import json
import os
import secrets
from dataclasses import dataclass

from django.conf import settings

from .models import User

DEMO_SHOPPER_EMAIL = "shopper@sneakers.test"


@dataclass(frozen=True)
class DemoAccount:
    user: User
    role: str
    # None when the account was not made by the demo (its password is its owner's).
    password: str | None


def _passwords_file():
    return settings.VAR_DIR / "demo-accounts.json"


def demo_accounts_ensure() -> list[DemoAccount]:
    """Create the demo accounts that are missing, with random passwords kept in var/ to print again."""
    path = _passwords_file()
    saved: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
    wanted = [(email, "admin") for email in settings.SHOP_ADMIN_EMAILS] + [(DEMO_SHOPPER_EMAIL, "shopper")]
    accounts = []
    for email, role in wanted:
        user = User.objects.filter(email=email).first()
        if user is None:
            saved[email] = saved.get(email) or secrets.token_urlsafe(9)
            # Verified from the start: the demo admins are admins because SHOP_ADMIN_EMAILS names them.
            user = User.objects.create_user(email, saved[email], email_verified=True)
        accounts.append(DemoAccount(user=user, role=role, password=saved.get(email)))
    path.write_text(json.dumps(saved, indent=2))
    os.chmod(path, 0o600)
    return accounts
