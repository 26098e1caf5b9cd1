"""The permission classes, each on its own."""

import pytest
from django.contrib.auth.models import AnonymousUser
from rest_framework.test import APIRequestFactory

from accounts.permissions import IsOwnerOrAdmin, IsShopAdmin, IsShopAdminOrReadOnly

from .factories import UserFactory

pytestmark = pytest.mark.django_db


class View:
    def __init__(self, **kwargs):
        self.kwargs = kwargs


def request_as(user, method="get"):
    request = getattr(APIRequestFactory(), method)("/")
    request.user = user
    return request


class Owned:
    def __init__(self, user):
        self.user_id = user.pk


def test_is_shop_admin(shopper, shop_admin):
    assert IsShopAdmin().has_permission(request_as(shop_admin), View())
    assert not IsShopAdmin().has_permission(request_as(shopper), View())
    assert not IsShopAdmin().has_permission(request_as(AnonymousUser()), View())


def test_is_shop_admin_or_read_only(shopper, shop_admin):
    permission = IsShopAdminOrReadOnly()
    assert permission.has_permission(request_as(AnonymousUser()), View())
    assert not permission.has_permission(request_as(shopper, "post"), View())
    assert permission.has_permission(request_as(shop_admin, "post"), View())


def test_is_owner_or_admin_by_uid_in_the_path(shopper, other_shopper, shop_admin):
    permission = IsOwnerOrAdmin()
    view = View(uid=shopper.uid)
    assert permission.has_permission(request_as(shopper), view)
    assert not permission.has_permission(request_as(other_shopper), view)
    assert permission.has_permission(request_as(shop_admin), view)
    assert not permission.has_permission(request_as(AnonymousUser()), view)


def test_is_owner_or_admin_by_object(shopper, other_shopper, shop_admin):
    permission = IsOwnerOrAdmin()
    thing = Owned(shopper)
    assert permission.has_object_permission(request_as(shopper), View(), thing)
    assert not permission.has_object_permission(request_as(other_shopper), View(), thing)
    assert permission.has_object_permission(request_as(shop_admin), View(), thing)


def test_a_manager_flag_makes_an_admin():
    assert IsShopAdmin().has_permission(request_as(UserFactory(manager=True)), View())
