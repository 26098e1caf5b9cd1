"""manage.py set_user_status: the operator's word on any account, the shop's owners included."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command("set_user_status", *args, stdout=out)
    return out.getvalue()


def test_disables_an_owner_and_enables_them_again(shop_admin, client_for):
    assert shop_admin.is_shop_owner

    assert run("Admin@Sneakers.test", "--status", "Disabled") == "admin@sneakers.test: Disabled, manager flag off.\n"

    shop_admin.refresh_from_db()
    assert (shop_admin.status, shop_admin.is_shop_admin) == ("Disabled", False)
    assert client_for(shop_admin).get("/api/users").status_code == 403
    run("admin@sneakers.test", "--status", "Enabled")
    assert client_for(shop_admin).get("/api/users").status_code == 200


def test_eliminates_an_account(shopper):
    run(shopper.email, "--status", "Eliminated")
    shopper.refresh_from_db()
    assert shopper.status == User.Status.ELIMINATED


def test_turns_the_manager_flag_on_and_off_leaving_the_status(shopper):
    User.objects.filter(pk=shopper.pk).update(status=User.Status.DISABLED)
    assert run(shopper.email, "--manager") == "shopper@sneakers.test: Disabled, manager flag on.\n"
    shopper.refresh_from_db()
    assert shopper.manager and shopper.status == "Disabled"
    run(shopper.email, "--no-manager")
    shopper.refresh_from_db()
    assert not shopper.manager


def test_sets_both_at_once(shopper):
    run(shopper.email, "--status", "Disabled", "--manager")
    shopper.refresh_from_db()
    assert (shopper.status, shopper.manager) == ("Disabled", True)


def test_changes_only_that_user(shopper, other_shopper):
    run(shopper.email, "--status", "Disabled")
    other_shopper.refresh_from_db()
    assert other_shopper.status == "Enabled"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nobody@sneakers.test", "--status", "Disabled"], "No user has the address 'nobody@sneakers.test'."),
        (["shopper@sneakers.test"], "Say what to change: --status, --manager or --no-manager."),
        (["shopper@sneakers.test", "--status", "Asleep"], "invalid choice: 'Asleep'"),
    ],
)
def test_refusals_change_nothing(shopper, args, message):
    before = User.objects.values().get()
    with pytest.raises(CommandError, match=re.escape(message)):
        run(*args)
    assert User.objects.values().get() == before
