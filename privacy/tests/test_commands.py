"""manage.py delete_user: the operator's 'Delete my account', asked to confirm unless --yes."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from accounts.models import User
from activity.models import Entry
from orders.models import Order, ReturnRequest

from .conftest import EMAIL

pytestmark = pytest.mark.django_db


def test_with_yes_it_deletes_and_says_what_it_kept(person, capsys):
    call_command("delete_user", EMAIL, "--yes")

    out = capsys.readouterr().out
    assert "2 orders and 1 reviews kept" in out
    user = User.objects.get(pk=person.user.pk)
    assert (user.email, user.status) == (f"deleted-{user.pk}@deleted.invalid", User.Status.ELIMINATED)
    assert Order.objects.filter(user=user).count() == 2
    assert Entry.objects.get(kind="user.delete").actor_name == "command delete_user"


def test_it_asks_first_and_anything_but_yes_deletes_nothing(person, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt: "no")

    with pytest.raises(CommandError, match="Nothing was deleted"):
        call_command("delete_user", EMAIL)

    assert User.objects.get(pk=person.user.pk).email == EMAIL


def test_it_asks_first_and_yes_deletes(person, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt: "yes")

    call_command("delete_user", EMAIL)

    assert User.objects.get(pk=person.user.pk).status == User.Status.ELIMINATED


def test_a_return_in_progress_refuses_it_too(person):
    ReturnRequest.objects.create(order=person.orders[0], reason="defect", kind="refund")

    with pytest.raises(CommandError, match="return of yours is still being decided"):
        call_command("delete_user", EMAIL, "--yes")

    assert User.objects.get(pk=person.user.pk).status == User.Status.ENABLED


def test_the_operator_may_delete_an_owner(shop_admin):
    call_command("delete_user", shop_admin.email, "--yes")

    assert User.objects.get(pk=shop_admin.pk).status == User.Status.ELIMINATED


def test_an_unknown_address_is_an_error(db):
    with pytest.raises(CommandError, match="No user has the address"):
        call_command("delete_user", "nobody@sneakers.test", "--yes")
