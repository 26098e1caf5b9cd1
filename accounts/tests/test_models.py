"""The user: uid, email as the login, and who is a shop admin (docs/DESIGN.md §2)."""

import pytest
from django.db import IntegrityError

from accounts.models import UID_ALPHABET, User

from .factories import UserFactory

pytestmark = pytest.mark.django_db


def test_each_user_gets_a_random_28_character_uid():
    first, second = UserFactory(), UserFactory()
    assert len(first.uid) == 28
    assert set(first.uid) <= set(UID_ALPHABET)
    assert first.uid != second.uid


def test_the_email_is_the_login_whatever_its_case():
    user = User.objects.create_user("  Jane.Doe@Example.COM ", "secret1")
    assert user.email == "jane.doe@example.com"
    with pytest.raises(IntegrityError):
        User.objects.create_user("JANE.DOE@example.com", "secret2")


def test_a_new_user_is_enabled_not_a_manager_and_unverified():
    user = User.objects.create_user("new@sneakers.test", "secret1")
    assert (user.status, user.manager, user.email_verified) == (User.Status.ENABLED, False, False)
    assert user.created_at is not None


class TestIsShopAdmin:
    def test_a_verified_address_of_shop_admin_emails(self, settings):
        settings.SHOP_ADMIN_EMAILS = ["boss@sneakers.test"]
        assert UserFactory(email="boss@sneakers.test", email_verified=True).is_shop_admin

    def test_not_before_the_address_is_verified(self, settings):
        settings.SHOP_ADMIN_EMAILS = ["boss@sneakers.test"]
        assert not UserFactory(email="boss@sneakers.test", email_verified=False).is_shop_admin

    def test_a_manager(self):
        assert UserFactory(manager=True, email_verified=False).is_shop_admin

    def test_a_superuser(self):
        assert User.objects.create_superuser("root@sneakers.test", "secret1").is_shop_admin

    def test_not_a_shopper(self):
        assert not UserFactory().is_shop_admin

    @pytest.mark.parametrize("status", [User.Status.DISABLED, User.Status.ELIMINATED])
    def test_not_an_admin_whose_account_is_not_enabled(self, settings, status):
        settings.SHOP_ADMIN_EMAILS = ["boss@sneakers.test"]
        assert not UserFactory(email="boss@sneakers.test", manager=True, status=status).is_shop_admin
