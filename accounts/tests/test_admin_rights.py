"""The Django admin's rights hold: a matrix of staff permission sets x admin pages and actions, each cell checked
against an explicit table of what is allowed. Any allow the table does not list fails (and so does a refusal).

Users' pages are tried on six accounts: an ordinary shopper, a manager, an owner (SHOP_ADMIN_EMAILS), another staff
member, a superuser, and the actor's own. A change form is posted trying to change every field that matters; the
cell holds the fields that did change (the rest are read-only for the actor), or 403.
"""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from accounts.models import User
from catalog.models import Shoe
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from orders.tests.factories import OrderFactory

from .factories import UserFactory

pytestmark = pytest.mark.django_db

TARGETS = ["shopper", "manager", "owner", "staff", "superuser", "self"]  # self last: its change may disable it
TRIED = {"display_name", "status", "manager", "is_staff", "email", "email_verified"}
ALL = frozenset(TRIED)
NO = 403

PERMISSION_SETS = {
    "none": [],
    "view user": ["view_user"],
    "change user": ["view_user", "change_user"],
    "delete user": ["view_user", "delete_user"],
    "add user": ["view_user", "add_user"],
    "every user right": ["view_user", "change_user", "delete_user", "add_user"],
    "view order": ["view_order"],
    "change order": ["view_order", "change_order"],
    "view shoe": ["view_shoe"],
    "change shoe": ["view_shoe", "change_shoe"],
    "superuser": None,
}


def cells(*, view=NO, password=NO, change=NO, delete=NO, **targets) -> dict:
    """A row of the users' table: the same answer for every account unless one is named."""
    return {
        target: {"view": view, "password": password, "change": change, "delete": delete, **targets.get(target, {})}
        for target in TARGETS
    }


NOTHING = {"list": NO, "add": NO, "accounts": cells()}
SEES = {"list": 200, "add": NO}
# What each permission set may do: the users' pages, and which actions take effect.
EXPECTED = {
    "none": {**NOTHING, "actions": set()},
    "view user": {**SEES, "accounts": cells(view=200), "actions": set()},
    "change user": {
        **SEES,
        # Only an account without rights (its status, name, picture), and their own name and picture.
        "accounts": cells(
            view=200,
            shopper={"change": frozenset({"display_name", "status"})},
            self={"change": frozenset({"display_name"})},
        ),
        "actions": set(),
    },
    "delete user": {**SEES, "accounts": cells(view=200, shopper={"delete": 200}), "actions": set()},
    # Django's own rule: adding a user needs the right to change users too (the add form goes on to the change form).
    "add user": {**SEES, "accounts": cells(view=200), "actions": set()},
    "every user right": {
        "list": 200,
        "add": 200,
        "accounts": cells(
            view=200,
            shopper={"change": frozenset({"display_name", "status"}), "delete": 200},
            self={"change": frozenset({"display_name"})},
        ),
        "actions": set(),
    },
    "view order": {**NOTHING, "actions": set()},
    "change order": {**NOTHING, "actions": {"refund_and_cancel"}},
    "view shoe": {**NOTHING, "actions": set()},
    "change shoe": {**NOTHING, "actions": {"put_on_sale", "end_sale", "archive", "restore"}},
    "superuser": {
        "list": 200,
        "add": 200,
        # Everything, but the password form of another superuser (the operator's changepassword).
        "accounts": cells(
            view=200,
            password=200,
            delete=200,
            change=ALL,
            manager={"change": ALL - {"manager"}},
            staff={"change": ALL - {"is_staff"}},
            superuser={"change": ALL - {"is_staff"}, "password": NO},
            self={"change": ALL - {"is_staff"}, "delete": NO},
        ),
        "actions": {"refund_and_cancel", "put_on_sale", "end_sale", "archive", "restore"},
    },
}


@pytest.fixture
def accounts(shop_admin) -> dict[str, User]:
    return {
        "shopper": UserFactory(email="shopper@sneakers.test"),
        "manager": UserFactory(email="manager@sneakers.test", manager=True),
        "owner": shop_admin,
        "staff": UserFactory(email="colleague@sneakers.test", is_staff=True),
        "superuser": UserFactory(email="root@sneakers.test", is_staff=True, is_superuser=True),
    }


def actor_with(permissions: list[str] | None) -> User:
    if permissions is None:
        return UserFactory(email="actor@sneakers.test", is_staff=True, is_superuser=True)
    actor = UserFactory(email="actor@sneakers.test", is_staff=True)
    actor.user_permissions.set(Permission.objects.filter(codename__in=permissions))
    return actor


def change_tried(client, user: User) -> int | frozenset:
    """Post the change form trying to change every field that matters; the fields that changed, or 403."""
    fields = ["display_name", "status", "manager", "is_staff", "email", "email_verified"]
    before = User.objects.values(*fields).get(pk=user.pk)
    form = {
        "email": f"new-{user.pk}@sneakers.test",
        "display_name": "Changed",
        "status": User.Status.DISABLED,
        "manager": "on",
        "is_staff": "on",
        **({"is_superuser": "on"} if user.is_superuser else {}),
    }
    answer = client.post(reverse("admin:accounts_user_change", args=[user.pk]), form)
    if answer.status_code == 403:
        return NO
    assert answer.status_code == 302, answer.context["adminform"].form.errors if answer.context else answer
    after = User.objects.values(*fields).get(pk=user.pk)
    return frozenset(name for name in fields if before[name] != after[name])


def users_pages(client, actor: User, accounts: dict[str, User]) -> dict:
    seen = {
        "list": client.get(reverse("admin:accounts_user_changelist")).status_code,
        "add": client.get(reverse("admin:accounts_user_add")).status_code,
        "accounts": {},
    }
    for target in TARGETS:
        user = actor if target == "self" else accounts[target]
        seen["accounts"][target] = {
            "view": client.get(reverse("admin:accounts_user_change", args=[user.pk])).status_code,
            "password": client.get(reverse("admin:auth_user_password_change", args=[user.pk])).status_code,
            "delete": client.get(reverse("admin:accounts_user_delete", args=[user.pk])).status_code,
            "change": change_tried(client, user),
        }
    return seen


def actions_taken(client) -> set[str]:
    """Each action run on a row of its own; the ones that changed it."""
    taken = set()
    order = OrderFactory()
    client.post(
        reverse("admin:orders_order_changelist"), {"action": "refund_and_cancel", "_selected_action": [order.pk]}
    )
    order.refresh_from_db()
    if order.status == Order.Status.CANCELLED:
        taken.add("refund_and_cancel")
    shoes = {
        "put_on_sale": (ShoeFactory(on_sale=False), lambda shoe: shoe.on_sale),
        "end_sale": (ShoeFactory(on_sale=True), lambda shoe: not shoe.on_sale),
        "archive": (ShoeFactory(), lambda shoe: shoe.archived_at is not None),
        "restore": (ShoeFactory(archived_at="2026-01-01T00:00:00Z"), lambda shoe: shoe.archived_at is None),
    }
    for name, (shoe, done) in shoes.items():
        client.post(reverse("admin:catalog_shoe_changelist"), {"action": name, "_selected_action": [shoe.pk]})
        if done(Shoe.objects.get(pk=shoe.pk)):
            taken.add(name)
    return taken


@pytest.mark.parametrize("permission_set", list(PERMISSION_SETS))
def test_staff_rights_matrix(client, accounts, permission_set):
    actor = actor_with(PERMISSION_SETS[permission_set])
    client.force_login(actor)

    # The actions first: the last change form tried may disable the actor's own account.
    taken = actions_taken(client)
    seen = {**users_pages(client, actor, accounts), "actions": taken}

    assert seen == EXPECTED[permission_set]


def test_every_admin_action_declares_its_permissions():
    """An action that declares none is offered to whoever sees the list: every one of the shop's says what it needs."""
    from django.contrib import admin

    undeclared = [
        f"{model._meta.label}.{name}"
        for model, model_admin in admin.site._registry.items()
        for func, name, _ in model_admin._get_base_actions()
        if name != "delete_selected" and not getattr(func, "allowed_permissions", None)
    ]
    assert undeclared == []


def test_a_staff_member_cannot_make_themselves_a_manager(client):
    actor = actor_with(["view_user", "change_user"])
    client.force_login(actor)
    assert change_tried(client, actor) == frozenset({"display_name"})
    actor.refresh_from_db()
    assert (actor.manager, actor.is_shop_admin, actor.status) == (False, False, "Enabled")


def test_only_a_superuser_may_mark_an_account_eliminated_here(client, accounts):
    actor = actor_with(["view_user", "change_user"])
    client.force_login(actor)
    shopper = accounts["shopper"]
    form = {"email": shopper.email, "display_name": "", "status": User.Status.ELIMINATED}
    answer = client.post(reverse("admin:accounts_user_change", args=[shopper.pk]), form)
    assert answer.status_code == 200  # the form again, with its error
    shopper.refresh_from_db()
    assert shopper.status == User.Status.ENABLED


def test_an_eliminated_accounts_status_is_read_only_here_even_for_a_superuser(client, accounts):
    client.force_login(actor_with(None))
    shopper = accounts["shopper"]
    User.objects.filter(pk=shopper.pk).update(status=User.Status.ELIMINATED)
    form = {"email": shopper.email, "display_name": "Still", "status": User.Status.ENABLED}
    assert client.post(reverse("admin:accounts_user_change", args=[shopper.pk]), form).status_code == 302
    shopper.refresh_from_db()
    assert (shopper.status, shopper.display_name) == (User.Status.ELIMINATED, "Still")


@pytest.mark.parametrize("target", ["manager", "owner", "staff", "superuser"])
def test_delete_selected_refuses_a_list_holding_an_account_with_rights(client, accounts, target):
    actor = actor_with(["view_user", "delete_user"])
    client.force_login(actor)
    chosen = [accounts["shopper"].pk, accounts[target].pk]
    changelist = reverse("admin:accounts_user_changelist")

    answer = client.post(changelist, {"action": "delete_selected", "_selected_action": chosen, "post": "yes"})

    assert answer.status_code == 403
    assert User.objects.filter(pk__in=chosen).count() == 2
    # An account without rights alone is deleted.
    alone = {"action": "delete_selected", "_selected_action": [accounts["shopper"].pk], "post": "yes"}
    assert client.post(changelist, alone).status_code == 302
    assert not User.objects.filter(pk=accounts["shopper"].pk).exists()


def test_delete_selected_refuses_the_actors_own_account(client, accounts):
    actor = actor_with(["view_user", "delete_user"])
    client.force_login(actor)
    answer = client.post(
        reverse("admin:accounts_user_changelist"),
        {"action": "delete_selected", "_selected_action": [actor.pk], "post": "yes"},
    )
    assert answer.status_code == 403
    assert User.objects.filter(pk=actor.pk).exists()
