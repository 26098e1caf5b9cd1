"""POST /users (every auth-state change), GET /users and PUT /users/{id} (administrators), for each role."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import services
from accounts.errors import ACCOUNT_DISABLED, AccountEliminated, ShopOwner
from accounts.models import User
from activity.models import Entry

from .factories import UserFactory

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "shopper", "other_shopper", "disabled_user", "eliminated_user", "shop_admin"]
ADMIN_ONLY = list(zip(ROLES, [401, 403, 403, 403, 403, 200], strict=True))


class TestSync:
    """POST /users {email, idUser}: the record of whoever the credential names."""

    def test_answers_the_signed_in_users_record(self, client_for, shopper):
        response = client_for(shopper).post("/api/users", {"email": shopper.email, "idUser": shopper.uid})
        assert response.status_code == 200
        assert response.json()["idUser"] == shopper.uid

    def test_the_credential_wins_over_the_bodys_email(self, client_for, shopper):
        response = client_for(shopper).post("/api/users", {"email": "someone@else.test", "idUser": shopper.uid})
        assert response.json()["email"] == shopper.email
        assert not User.objects.filter(email="someone@else.test").exists()

    def test_a_body_naming_another_uid_is_refused(self, client_for, shopper, other_shopper):
        response = client_for(shopper).post("/api/users", {"email": other_shopper.email, "idUser": other_shopper.uid})
        assert response.status_code == 403
        assert response.json()["code"] == "not_your_account"

    @pytest.mark.parametrize(
        ("role", "status"),
        [("anonymous", 401), ("shopper", 200), ("disabled_user", 403), ("eliminated_user", 403), ("shop_admin", 200)],
    )
    def test_by_role(self, client_as, role, status):
        response = client_as(role).post("/api/users", {})
        assert response.status_code == status
        if status == 403:
            assert response.json() == {"detail": ACCOUNT_DISABLED, "code": "account_disabled"}

    def test_says_who_is_an_admin_as_the_server_decides(self, client_for, shop_admin, shopper, settings):
        assert client_for(shop_admin).post("/api/users").json()["isAdmin"] is True
        assert client_for(shopper).post("/api/users").json()["isAdmin"] is False
        unverified = UserFactory(email="boss@sneakers.test", email_verified=False)
        settings.SHOP_ADMIN_EMAILS = ["boss@sneakers.test"]
        assert client_for(unverified).post("/api/users").json()["isAdmin"] is False


class TestList:
    @pytest.mark.parametrize(("role", "status"), ADMIN_ONLY)
    def test_only_administrators_list_users(self, client_as, role, status):
        assert client_as(role).get("/api/users").status_code == status

    def test_pages_of_users_newest_first(self, admin_client, shop_admin):
        UserFactory.create_batch(5)
        page = admin_client.get("/api/users", {"limit": 4, "offset": 0}).json()
        assert page["count"] == 6
        assert len(page["results"]) == 4
        assert page["results"][0]["createdAt"] >= page["results"][1]["createdAt"]

    def test_runs_the_same_queries_for_1_or_50_users(self, admin_client, shop_admin):
        def queries() -> int:
            with CaptureQueriesContext(connection) as captured:
                assert admin_client.get("/api/users?limit=4").status_code == 200
            return len(captured)

        few = queries()
        UserFactory.create_batch(50)
        # The session, the user, the admin's second factor (accounts/second_factor.py), the count, the page.
        assert queries() == few <= 5


class TestAdminUpdate:
    """PUT /users/{id} {status} or {manager}."""

    @pytest.mark.parametrize(("role", "status"), ADMIN_ONLY)
    def test_only_administrators_change_users(self, client_as, role, status):
        target = UserFactory(email="target@sneakers.test")
        response = client_as(role).put(f"/api/users/{target.pk}", {"status": "Disabled"})
        assert response.status_code == status
        target.refresh_from_db()
        assert target.status == ("Disabled" if status == 200 else "Enabled")

    def test_a_disabled_user_is_turned_away_at_once(self, admin_client, client_for, shopper):
        shoppers_browser = client_for(shopper)
        assert admin_client.put(f"/api/users/{shopper.pk}", {"status": "Disabled"}).json()["status"] == "Disabled"
        assert shoppers_browser.post("/api/users").status_code == 403
        assert admin_client.put(f"/api/users/{shopper.pk}", {"status": "Enabled"}).status_code == 200
        assert shoppers_browser.post("/api/users").status_code == 200

    def test_the_manager_flag_makes_an_administrator(self, admin_client, client_for, shopper):
        assert admin_client.put(f"/api/users/{shopper.pk}", {"manager": True}).json()["isAdmin"] is True
        assert client_for(shopper).get("/api/users").status_code == 200
        admin_client.put(f"/api/users/{shopper.pk}", {"manager": False})
        assert client_for(shopper).get("/api/users").status_code == 403

    def test_a_disabled_manager_administers_nothing(self, admin_client, client_for, shopper):
        admin_client.put(f"/api/users/{shopper.pk}", {"manager": True, "status": "Disabled"})
        assert client_for(shopper).get("/api/users").status_code == 403

    @pytest.mark.parametrize(
        "body", [{}, {"status": "Eliminated"}, {"status": "Asleep"}, {"manager": "perhaps"}, {"status": None}]
    )
    def test_bad_input_changes_nothing(self, admin_client, shopper, body):
        response = admin_client.put(f"/api/users/{shopper.pk}", body, format="json")
        assert response.status_code == 400
        shopper.refresh_from_db()
        assert (shopper.status, shopper.manager) == ("Enabled", False)

    def test_an_administrator_cannot_lock_themselves_out(self, client_for):
        manager = UserFactory(email="manager@sneakers.test", manager=True)
        response = client_for(manager).put(f"/api/users/{manager.pk}", {"status": "Disabled"})
        assert (response.status_code, response.json()["code"]) == (409, "own_account")
        manager.refresh_from_db()
        assert manager.status == "Enabled"

    def test_staff_accounts_are_left_to_the_django_admin(self, admin_client):
        staff = User.objects.create_superuser("staff@sneakers.test", "secret-pw")
        response = admin_client.put(f"/api/users/{staff.pk}", {"status": "Disabled"})
        assert (response.status_code, response.json()["code"]) == (409, "staff_account")

    def test_a_missing_user_is_404(self, admin_client):
        assert admin_client.put("/api/users/999999", {"status": "Disabled"}).status_code == 404

    def test_without_the_csrf_header_the_change_is_refused(self, client_for, shop_admin, shopper):
        client = client_for(shop_admin, enforce_csrf=True)
        assert client.put(f"/api/users/{shopper.pk}", {"status": "Disabled"}).status_code == 403
        shopper.refresh_from_db()
        assert shopper.status == "Enabled"


class TestOwners:
    """The SHOP_ADMIN_EMAILS administrators: no administrator changes them, only the operator's command."""

    @pytest.fixture(autouse=True)
    def _two_owners(self, settings):
        settings.SHOP_ADMIN_EMAILS = ["admin@sneakers.test", "boss@sneakers.test"]

    @pytest.fixture
    def boss(self) -> User:
        return UserFactory(email="boss@sneakers.test")

    @pytest.fixture(params=["manager", "the_other_owner", "superuser"])
    def actor(self, request, shop_admin) -> User:
        return {
            "manager": lambda: UserFactory(email="manager@sneakers.test", manager=True),
            "the_other_owner": lambda: shop_admin,
            "superuser": lambda: User.objects.create_superuser("staff@sneakers.test", "secret-pw"),
        }[request.param]()

    @pytest.mark.parametrize(
        "body", [{"status": "Disabled"}, {"manager": False}, {"manager": True}, {"status": "Enabled"}]
    )
    def test_no_administrator_changes_an_owner(self, client_for, actor, boss, body):
        before = User.objects.values().get(pk=boss.pk)

        response = client_for(actor).put(f"/api/users/{boss.pk}", body)

        assert response.status_code == 403
        assert response.json() == {"detail": ShopOwner.message, "code": "shop_owner"}
        assert User.objects.values().get(pk=boss.pk) == before
        assert client_for(boss).get("/api/users").status_code == 200

    def test_the_message_says_who_can(self):
        assert ShopOwner.message == "The shop's owners are changed only by the operator's command."

    def test_an_owner_cannot_change_themselves_either(self, admin_client, shop_admin):
        response = admin_client.put(f"/api/users/{shop_admin.pk}", {"status": "Disabled"})
        assert (response.status_code, response.json()["code"]) == (403, "shop_owner")

    def test_an_owners_address_is_kept_for_them_before_it_is_verified(self, admin_client):
        # A manager disabling it now would lock the real owner out once they verify it.
        waiting = UserFactory(email="boss@sneakers.test", email_verified=False)
        assert admin_client.put(f"/api/users/{waiting.pk}", {"status": "Disabled"}).status_code == 403
        waiting.refresh_from_db()
        assert waiting.status == "Enabled"

    def test_the_rule_is_the_services_whoever_calls_it(self, boss):
        manager = UserFactory(email="manager@sneakers.test", manager=True)
        with pytest.raises(ShopOwner):
            services.user_admin_update(actor=manager, user=boss, status="Disabled")
        boss.refresh_from_db()
        assert boss.status == "Enabled"

    def test_other_users_are_still_changed(self, admin_client, shopper):
        assert admin_client.put(f"/api/users/{shopper.pk}", {"status": "Disabled"}).status_code == 200


class TestEliminatedIsFinal:
    """An Eliminated account stays so: no administrator brings it back or makes it a manager; the operator can."""

    @pytest.mark.parametrize(
        "body",
        [{"status": "Enabled"}, {"status": "Disabled"}, {"manager": True}, {"manager": False, "status": "Enabled"}],
    )
    def test_no_administrator_changes_it(self, admin_client, eliminated_user, body):
        response = admin_client.put(f"/api/users/{eliminated_user.pk}", body, format="json")
        assert (response.status_code, response.json()) == (
            409,
            {
                "detail": "This account is Eliminated, which is final: only the operator's command (set_user_status) "
                "changes it.",
                "code": "account_eliminated",
            },
        )
        eliminated_user.refresh_from_db()
        assert (eliminated_user.status, eliminated_user.manager) == ("Eliminated", False)
        assert not Entry.objects.filter(kind="user.rights").exists()

    def test_nor_does_a_manager(self, client_for, eliminated_user):
        manager = UserFactory(email="manager@sneakers.test", manager=True)
        assert client_for(manager).put(f"/api/users/{eliminated_user.pk}", {"status": "Enabled"}).status_code == 409

    def test_the_rule_is_the_services_whoever_calls_it(self, shop_admin, eliminated_user):
        with pytest.raises(AccountEliminated):
            services.user_admin_update(actor=shop_admin, user=eliminated_user, manager=True)

    def test_the_operators_command_still_changes_it(self, eliminated_user):
        call_command("set_user_status", eliminated_user.email, "--status", "Enabled", stdout=StringIO())
        eliminated_user.refresh_from_db()
        assert eliminated_user.status == "Enabled"
        entry = Entry.objects.get(kind="user.rights")
        assert (entry.actor_name, entry.before, entry.after) == (
            "command set_user_status",
            {"status": "Eliminated"},
            {"status": "Enabled"},
        )
