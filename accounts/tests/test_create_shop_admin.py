"""manage.py create_shop_admin."""

from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

from accounts.models import User

from .factories import UserFactory

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command("create_shop_admin", *args, stdout=out)
    return out.getvalue()


def test_creates_a_verified_admin_with_the_given_password():
    run("Chief@Sneakers.test", "--password", "s3cret-pw")
    user = User.objects.get(email="chief@sneakers.test")
    assert user.email_verified and user.is_shop_admin
    assert authenticate(username="chief@sneakers.test", password="s3cret-pw") == user


def test_makes_and_prints_a_password_when_none_is_given():
    output = run("chief@sneakers.test")
    password = output.split("Password: ")[1].strip()
    assert authenticate(username="chief@sneakers.test", password=password)


def test_promotes_an_existing_user_and_enables_them():
    user = UserFactory(email="chief@sneakers.test", status=User.Status.DISABLED, email_verified=False)
    run("chief@sneakers.test", "--password", "s3cret-pw")
    user.refresh_from_db()
    assert (user.status, user.email_verified, user.is_shop_admin) == (User.Status.ENABLED, True, True)
    assert User.objects.count() == 1


def test_refuses_what_is_not_an_email():
    with pytest.raises(CommandError, match="not an email address"):
        run("chief")
    assert not User.objects.exists()


def test_an_eliminated_account_is_not_brought_back_by_it(eliminated_user):
    with pytest.raises(CommandError, match="is Eliminated: `set_user_status"):
        call_command("create_shop_admin", eliminated_user.email, "--password", "a long secret", stdout=StringIO())
    eliminated_user.refresh_from_db()
    assert (eliminated_user.status, eliminated_user.manager) == ("Eliminated", False)
