"""Every kind of staff write leaves its line in the activity log: who, what, which record, before and after, the
request id; from the dashboard's API, the Django admin and the operator's commands."""

from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import TestCase
from django.urls import reverse

from accounts.models import User
from accounts.tests.factories import UserFactory
from activity.models import Entry
from catalog.models import Brand, Shoe
from catalog.tests.factories import BrandFactory, ShoeFactory
from mailing.tests.factories import MailFactory
from orders.tests.factories import OrderFactory, OrderLineFactory
from reviews.models import Review

pytestmark = pytest.mark.django_db

REQUEST_ID = "lb-activity-test-1"


@pytest.fixture
def world(db, shop_admin, shopper, client, client_for):
    """What the writes act on, and the clients that make them."""
    root = UserFactory(email="root@sneakers.test", is_staff=True, is_superuser=True, display_name="Root")
    client.force_login(root)
    shoe = ShoeFactory(brand=BrandFactory(name="Acme"), name="Runner", sizes={"9": 2})
    order = OrderFactory(user=shopper)
    OrderLineFactory(order=order, shoe=shoe, quantity=2, unit_price=4000)
    return {
        "api": client_for(shop_admin),
        "admin": client,
        "root": root,
        "admin_user": shop_admin,
        "shopper": shopper,
        "shoe": shoe,
        "order": order,
    }


def api(method, path, body=None, **kwargs):
    def send(w):
        return getattr(w["api"], method)(path.format(**w), body, HTTP_X_REQUEST_ID=REQUEST_ID, **kwargs)

    return "api", send


def admin_post(url_name, args=(), body=None):
    def send(w):
        url = reverse(url_name, args=[w[arg].pk for arg in args])
        data = {**body, "_selected_action": [w[body["_selected_action"]].pk]} if "_selected_action" in body else body
        return w["admin"].post(url, data, HTTP_X_REQUEST_ID=REQUEST_ID)

    return "admin", send


def action(model, name, selected, **extra):
    return admin_post(f"admin:{model}_changelist", body={"action": name, "_selected_action": selected, **extra})


IMPORTED = "brand,name,color,price,description,image,size,quantity\nAcme,Trail,Green,120,Light trail shoe,none,9,3\n"


def command(name, *args):
    def run(w):
        given = args
        if name == "import_shoes":
            path = Path(w["tmp"]) / "shoes.csv"
            path.write_text(IMPORTED)
            given = (str(path),)
        call_command(name, *given, stdout=StringIO())

    return "command", run, name


# What each write needs besides the world.
def zed(w):
    w["zed"] = Brand.objects.create(name="Zed")


def lonely(w):
    w["lonely"] = ShoeFactory(brand=w["shoe"].brand, name="Lonely")  # nothing points at it: deleted, not archived


def archive(w):
    Shoe.objects.filter(pk=w["shoe"].pk).update(archived_at="2026-01-01T00:00:00Z")


def review(w):
    w["review"] = Review.objects.create(user=w["shopper"], shoe=w["shoe"], text="Fine", rating=4)
    Shoe.objects.filter(pk=w["shoe"].pk).update(review_count=1, rating_total=4)


def mail(w):
    w["mail"] = MailFactory()


SHOE_FORM = {"brand": "Acme", "name": "Runner Two", "description": "Light", "color": "Red", "price": "120"}
# (where and how it is done, what it needs first, the kind logged, its record type)
WRITES = [
    (api("post", "/api/shoes", {**SHOE_FORM, "size": "9", "q": "4"}, format="multipart"), None, "shoe.create", "shoe"),
    (
        api("put", "/api/shoes/{shoe.pk}", {**SHOE_FORM, "size": "9", "q": "7"}, format="multipart"),
        None,
        "shoe.update",
        "shoe",
    ),
    (api("delete", "/api/shoes/{lonely.pk}"), lonely, "shoe.delete", "shoe"),
    (api("delete", "/api/shoes/{shoe.pk}"), review, "shoe.archive", "shoe"),
    (api("post", "/api/shoes/{shoe.pk}/restore"), archive, "shoe.restore", "shoe"),
    (api("put", "/api/shoes/addSize/{shoe.pk}", {"size": "10", "q": "1"}), None, "stock.add", "stockentry"),
    (api("put", "/api/admin/onsale/{shoe.pk}", {"onSale": True}), None, "shoe.sale", "shoe"),
    (api("post", "/api/brands", {"name": "Zed"}), None, "brand.create", "brand"),
    (api("delete", "/api/brands/{zed.pk}"), zed, "brand.delete", "brand"),
    (
        api(
            "put", "/api/brands/{zed.pk}/sizeGuide", {"sizeGuide": [{"us": "9", "uk": "8", "eu": "42"}]}, format="json"
        ),
        zed,
        "brand.size_guide",
        "brand",
    ),
    (api("put", "/api/users/{shopper.pk}", {"status": "Disabled"}), None, "user.rights", "user"),
    (api("put", "/api/users/{shopper.pk}", {"manager": True}), None, "user.rights", "user"),
    (api("put", "/api/cart/order/{order.payment_intent_id}", {"status": "Received"}), None, "order.status", "order"),
    (api("post", "/api/cart/order/{order.payment_intent_id}/refund", {}, format="json"), None, "order.refund", "order"),
    (api("post", "/api/cart/order/{order.payment_intent_id}/cancel"), None, "order.cancel", "order"),
    (action("catalog_shoe", "put_on_sale", "shoe"), None, "shoe.sale", "shoe"),
    (action("catalog_shoe", "archive", "shoe"), None, "shoe.archive", "shoe"),
    (action("catalog_shoe", "restore", "shoe"), archive, "shoe.restore", "shoe"),
    (action("orders_order", "refund_and_cancel", "order"), None, "order.cancel", "order"),
    (action("mailing_mail", "send_again", "mail"), mail, "mail.send_again", "mail"),
    (action("catalog_brand", "delete_selected", "zed", post="yes"), zed, "brand.delete", "brand"),
    (admin_post("admin:catalog_brand_add", body={"name": "Zed"}), None, "brand.create", "brand"),
    (admin_post("admin:catalog_brand_change", ["brand"], {"name": "Acme Co"}), None, "brand.update", "brand"),
    (admin_post("admin:catalog_brand_delete", ["zed"], {"post": "yes"}), zed, "brand.delete", "brand"),
    (admin_post("admin:catalog_shoe_delete", ["lonely"], {"post": "yes"}), lonely, "shoe.delete", "shoe"),
    (admin_post("admin:reviews_review_delete", ["review"], {"post": "yes"}), review, "review.delete", "review"),
    (
        admin_post(
            "admin:auth_user_password_change",
            ["shopper"],
            {"password1": "a new secret 1", "password2": "a new secret 1", "usable_password": "true"},
        ),
        None,
        "user.password_set",
        "user",
    ),
    (command("set_user_status", "shopper@sneakers.test", "--status", "Eliminated"), None, "user.rights", "user"),
    (
        command("create_shop_admin", "new@sneakers.test", "--password", "a long secret"),
        None,
        "user.create_shop_admin",
        "user",
    ),
    (command("import_shoes"), None, "catalogue.import", ""),
]


@pytest.mark.parametrize(
    ("how", "prepare", "kind", "record_type"), WRITES, ids=[f"{case[0][0]}-{case[2]}" for case in WRITES]
)
def test_every_staff_write_is_logged(
    world, tmp_path, how, prepare, kind, record_type, django_capture_on_commit_callbacks
):
    where, send = how[0], how[1]
    world.update(tmp=tmp_path, brand=world["shoe"].brand)
    if prepare:
        prepare(world)
    entries = set(Entry.objects.values_list("pk", flat=True))

    with django_capture_on_commit_callbacks(execute=True):
        answer = send(world)

    assert answer is None or answer.status_code in (200, 201, 204, 302), getattr(answer, "content", b"")[:500]
    [entry] = Entry.objects.exclude(pk__in=entries).filter(kind=kind)
    assert entry.record_type == record_type
    if record_type:
        assert entry.record_id and entry.record_label
    if where == "command":
        assert (entry.via, entry.actor_id, entry.actor_name) == (Entry.Via.COMMAND, None, f"command {how[2]}")
    else:
        actor = world["admin_user"] if where == "api" else world["root"]
        assert (entry.actor_id, entry.actor_email) == (actor.pk, actor.email)
        assert entry.via == (Entry.Via.DASHBOARD if where == "api" else Entry.Via.ADMIN)
        assert entry.request_id == REQUEST_ID
    assert entry.before is not None or entry.after is not None or kind == "user.password_set"


def test_a_change_logs_the_values_before_and_after(world):
    shoe = world["shoe"]
    answer = world["api"].put(f"/api/shoes/{shoe.pk}", {**SHOE_FORM, "price": "99.5"}, format="multipart")
    assert answer.status_code == 200
    entry = Entry.objects.get(kind="shoe.update")
    assert entry.before == {
        "name": "Runner",
        "description": shoe.description,
        "color": shoe.color,
        "price": str(shoe.price),
    }
    assert entry.after == {"name": "Runner Two", "description": "Light", "color": "Red", "price": "99.50"}
    assert (entry.record_type, entry.record_id, entry.record_label) == ("shoe", str(shoe.pk), "Acme Runner Two")


def test_a_refund_logs_the_money_and_the_pairs(world):
    order = world["order"]
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert (
            world["api"].post(f"/api/cart/order/{order.payment_intent_id}/refund", {}, format="json").status_code == 200
        )
    entry = Entry.objects.get(kind="order.refund")
    assert entry.before == {"status": "Pending", "refunded": 0}
    assert entry.after == {"status": "Pending", "refunded": 8000, "pairs": {"Runner size 9": 2}}


def test_a_refused_write_leaves_no_line(world):
    owner = User.objects.get(email=world["admin_user"].email)
    answer = world["api"].put(f"/api/users/{owner.pk}", {"status": "Disabled"})
    assert answer.status_code in (403, 409)
    assert not Entry.objects.filter(kind="user.rights").exists()


def test_a_stock_add_logs_the_quantities(world):
    shoe = world["shoe"]
    assert world["api"].put(f"/api/shoes/addSize/{shoe.pk}", {"size": "9", "q": "3"}).status_code == 200
    entry = Entry.objects.get(kind="stock.add")
    assert (entry.before, entry.after) == ({"quantity": 2}, {"quantity": 5})
    assert Decimal(entry.record_label.split(" size ")[1].split(":")[0]) == 9
