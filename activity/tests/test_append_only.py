"""Nothing in the shop changes or deletes a line of the activity log: the model, the Django admin (superusers
included), the API, and on PostgreSQL the table's own trigger."""

import pytest
from django.contrib.auth.models import Permission
from django.db import DatabaseError, connection, models, transaction
from django.urls import reverse

from accounts.tests.factories import UserFactory
from activity import services
from activity.models import AppendOnly, Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(shop_admin) -> Entry:
    return services.record(shop_admin, "brand.create", shop_admin, after={"name": "Acme"})


def test_a_line_is_never_saved_again_nor_deleted_through_the_model(entry):
    entry.kind = "brand.delete"
    with pytest.raises(AppendOnly):
        entry.save()
    with pytest.raises(AppendOnly):
        entry.delete()
    with pytest.raises(AppendOnly):
        Entry.objects.filter(pk=entry.pk).update(kind="brand.delete")
    with pytest.raises(AppendOnly):
        Entry.objects.all().delete()
    with pytest.raises(AppendOnly):
        Entry.objects.bulk_update([entry], ["kind"])
    assert Entry.objects.get().kind == "brand.create"


@pytest.fixture
def superuser_client(client):
    client.force_login(UserFactory(email="root@sneakers.test", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def staff_with_every_log_right(client):
    staff = UserFactory(email="staff@sneakers.test", is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="activity"))
    client.force_login(staff)
    return client


@pytest.mark.parametrize("who", ["superuser_client", "staff_with_every_log_right"])
def test_the_django_admin_shows_the_log_and_changes_nothing(request, who, entry):
    client = request.getfixturevalue(who)
    change = reverse("admin:activity_entry_change", args=[entry.pk])
    assert client.get(reverse("admin:activity_entry_changelist")).status_code == 200
    assert client.get(change).status_code == 200  # its page, read-only
    assert client.post(change, {"kind": "brand.delete"}).status_code == 403
    assert client.get(reverse("admin:activity_entry_add")).status_code == 403
    assert client.post(reverse("admin:activity_entry_delete", args=[entry.pk]), {"post": "yes"}).status_code == 403
    listed = client.post(
        reverse("admin:activity_entry_changelist"),
        {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"},
    )
    assert listed.status_code in (200, 302)
    assert list(Entry.objects.values_list("kind", flat=True)) == ["brand.create"]


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_the_api_has_no_call_that_writes_the_log(admin_client, entry, method):
    assert getattr(admin_client, method)("/api/activity").status_code == 405
    assert getattr(admin_client, method)(f"/api/activity/{entry.pk}").status_code == 404
    assert Entry.objects.count() == 1


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
class TestTheTableRefusesChanges:
    """Whatever goes round the model (a plain queryset, raw SQL), PostgreSQL's trigger refuses it."""

    def plain(self):
        return models.QuerySet(Entry)  # Django's own queryset, without the log's refusals

    def test_delete(self, entry):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            self.plain().filter(pk=entry.pk).delete()
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            self.plain().filter(pk=entry.pk)._raw_delete(connection.alias)
        assert Entry.objects.filter(pk=entry.pk).exists()

    def test_update(self, entry):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            self.plain().filter(pk=entry.pk).update(kind="brand.delete")
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE activity_entry SET after = NULL")
        assert Entry.objects.get(pk=entry.pk).kind == "brand.create"

    def test_lines_are_still_added(self, entry, shop_admin):
        services.record(shop_admin, "brand.delete", shop_admin)
        assert Entry.objects.count() == 2
