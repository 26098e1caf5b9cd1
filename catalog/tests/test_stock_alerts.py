"""'Notify me' on a sold-out size (issue 19): POST /api/shoes/{id}/notify, the restocks that mail each waiting
address once through the outbox, the one-click unsubscribe and the admin's most-wanted sizes."""

from decimal import Decimal

import pytest
from django.core import mail as django_mail
from django.utils import timezone

from catalog import services
from catalog.mails import alert_token_make
from catalog.models import StockAlert
from mailing.models import Mail
from mailing.services import mail_send

from .factories import BrandFactory, ShoeFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def shop_url(settings):
    settings.SHOP_BASE_URL = "https://kicks.test"


@pytest.fixture
def shoe():
    return ShoeFactory(
        name="Glide", brand=BrandFactory(name="Nike"), price=Decimal("1234.50"), sizes={"9": 2, "9.5": 0}
    )


def notify(client, shoe, **body):
    return client.post(f"/api/shoes/{shoe.pk}/notify", body, format="json")


def test_a_visitor_asks_once_per_address_shoe_and_size(api_client, shoe):
    first = notify(api_client, shoe, size="9.5", email=" Ana@Example.com ")
    again = notify(api_client, shoe, size="9.5", email="ana@example.com")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json() == {"message": "We will email ana@example.com once size 9.5 is back in stock."}
    assert list(StockAlert.objects.values_list("email", "size")) == [("ana@example.com", Decimal("9.5"))]


def test_a_size_the_shoe_does_not_have_yet_may_be_asked_for(api_client, shoe):
    assert notify(api_client, shoe, size="11", email="ana@example.com").status_code == 201


def test_a_signed_in_shopper_needs_no_email(shopper_client, shopper, shoe):
    assert notify(shopper_client, shoe, size="9.5").status_code == 201
    assert StockAlert.objects.get().email == shopper.email.lower()


@pytest.mark.parametrize(
    ("body", "answer"),
    [
        ({"size": "9", "email": "ana@example.com"}, {"size": ["Size 9 is in stock: add it to your cart"]}),
        ({"size": "9.5"}, {"email": ["Use a valid email"]}),
        ({"size": "9.5", "email": "not-an-address"}, {"email": ["Use a valid email"]}),
        ({"email": "ana@example.com"}, {"size": ["Enter a valid size"]}),
        ({"size": "9.25", "email": "ana@example.com"}, {"size": ["The size must be from 1 to 20, in half sizes"]}),
    ],
)
def test_bad_requests_are_400_and_store_nothing(api_client, shoe, body, answer):
    response = notify(api_client, shoe, **body)
    assert (response.status_code, response.json()) == (400, answer)
    assert not StockAlert.objects.exists()


def test_a_missing_or_archived_shoe_is_404(api_client, shoe):
    services.shoes_archive(actor=None, shoe_ids=[shoe.pk])
    assert notify(api_client, shoe, size="9.5", email="ana@example.com").status_code == 404


def test_asking_is_throttled(api_client, shoe, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "stock_alert": "2/hour"},
    }
    answers = [notify(api_client, shoe, size="9.5", email=f"a{n}@example.com").status_code for n in range(3)]
    assert answers == [201, 201, 429]


def waiting_for(shoe, size="9.5", emails=("ana@example.com", "bo@example.com")):
    for email in emails:
        services.stock_alert_create(shoe=shoe, size=Decimal(size), email=email)


def set_pairs(shoe, quantity: int) -> None:
    """Size 9.5's pairs as an import writes them."""
    entry = shoe.stock.get(size=Decimal("9.5"))
    entry.quantity, entry.updated_at = quantity, timezone.now()
    services.catalogue_rows_write(stock_changed=[entry])


def sent_mails():
    return sorted((message.to[0], message.subject) for message in django_mail.outbox)


@pytest.mark.parametrize(
    "restock",
    [
        pytest.param(
            lambda shoe: services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=3), id="create size"
        ),
        pytest.param(
            lambda shoe: services.shoe_update(
                actor=None,
                shoe=shoe,
                brand=shoe.brand,
                name=shoe.name,
                description=shoe.description,
                color=shoe.color,
                price=shoe.price,
                size=Decimal("9.5"),
                quantity=4,
            ),
            id="modify shoes",
        ),
        pytest.param(
            lambda shoe: set_pairs(shoe, 2),
            id="import",
        ),
        pytest.param(
            lambda shoe: services.stock_release(pairs={shoe.stock.get(size=Decimal("9.5")).pk: 1}),
            id="cancelled order",
        ),
    ],
)
def test_each_restock_mails_every_waiting_address_once(shoe, restock, django_capture_on_commit_callbacks):
    waiting_for(shoe)
    with django_capture_on_commit_callbacks(execute=True):
        restock(shoe)
    assert sent_mails() == [
        ("ana@example.com", "Back in stock: Nike Glide, size 9.5"),
        ("bo@example.com", "Back in stock: Nike Glide, size 9.5"),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=1)
    assert len(django_mail.outbox) == 2
    assert not StockAlert.objects.filter(notified_at__isnull=True).exists()


def test_the_mail_links_the_shoe_shows_the_price_and_unsubscribes_in_one_click(
    shoe, django_capture_on_commit_callbacks
):
    waiting_for(shoe, emails=["ana@example.com"])
    with django_capture_on_commit_callbacks(execute=True):
        services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=3)
    [message] = django_mail.outbox
    token = alert_token_make(alert=StockAlert.objects.get())
    assert f"https://kicks.test/products/{shoe.pk}" in message.body
    assert "$1,234.50" in message.body
    assert f"https://kicks.test/unsubscribe/stock/{token}" in message.body
    assert message.extra_headers["List-Unsubscribe"] == f"<https://kicks.test/api/shoes/notify/unsubscribe/{token}>"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    [(html, _)] = message.alternatives
    assert "$1,234.50" in html


def test_another_size_or_sold_out_stock_mails_nobody(shoe, django_capture_on_commit_callbacks):
    waiting_for(shoe)
    with django_capture_on_commit_callbacks(execute=True):
        services.stock_add(actor=None, shoe=shoe, size=Decimal("10"), quantity=3)
        set_pairs(shoe, 0)
    assert django_mail.outbox == []


def test_no_mail_after_unsubscribing(api_client, shoe, django_capture_on_commit_callbacks):
    waiting_for(shoe)
    ana = StockAlert.objects.get(email="ana@example.com")
    response = api_client.post(f"/api/shoes/notify/unsubscribe/{alert_token_make(alert=ana)}")
    assert response.json() == {"message": "You will get no mail about that size."}
    with django_capture_on_commit_callbacks(execute=True):
        services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=3)
    assert [message.to for message in django_mail.outbox] == [["bo@example.com"]]


def test_unsubscribing_after_the_mail_was_queued_drops_it(api_client, shoe, django_capture_on_commit_callbacks):
    waiting_for(shoe, emails=["ana@example.com"])
    services.stock_add(
        actor=None, shoe=shoe, size=Decimal("9.5"), quantity=3
    )  # queued, not sent: no commit callbacks ran
    api_client.post(f"/api/shoes/notify/unsubscribe/{alert_token_make(alert=StockAlert.objects.get())}")
    mail_send(mail_id=Mail.objects.get().pk)
    assert Mail.objects.get().state == Mail.State.DROPPED
    assert django_mail.outbox == []


def test_a_forged_unsubscribe_link_is_400(api_client):
    assert api_client.post("/api/shoes/notify/unsubscribe/1:forged").status_code == 400


def test_asking_again_after_the_mail_waits_for_the_next_restock(api_client, shoe, django_capture_on_commit_callbacks):
    waiting_for(shoe, emails=["ana@example.com"])
    with django_capture_on_commit_callbacks(execute=True):
        services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=1)
        set_pairs(shoe, 0)
    assert notify(api_client, shoe, size="9.5", email="ana@example.com").status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        services.stock_add(actor=None, shoe=shoe, size=Decimal("9.5"), quantity=1)
    assert len(django_mail.outbox) == 2


def test_the_admin_dashboard_lists_the_most_wanted_sold_out_sizes(admin_client, shoe, api_client):
    other = ShoeFactory(name="Wave", brand=shoe.brand, sizes={"8": 0})
    waiting_for(shoe, emails=["a@example.com", "b@example.com", "c@example.com"])
    waiting_for(other, size="8", emails=["a@example.com"])
    waiting_for(shoe, size="10", emails=["a@example.com", "b@example.com"])
    response = admin_client.get("/api/admin/mostWantedSizes")
    assert response.json() == [
        {"shoeId": shoe.pk, "name": "Glide", "brand": "Nike", "size": "9.5", "waiting": 3},
        {"shoeId": shoe.pk, "name": "Glide", "brand": "Nike", "size": "10", "waiting": 2},
        {"shoeId": other.pk, "name": "Wave", "brand": "Nike", "size": "8", "waiting": 1},
    ]
    assert api_client.get("/api/admin/mostWantedSizes").status_code in (401, 403)


def test_the_django_admin_lists_the_requests(shoe, client, shop_admin):
    waiting_for(shoe)
    shop_admin.is_staff = shop_admin.is_superuser = True
    shop_admin.save()
    client.force_login(shop_admin)
    response = client.get("/django-admin/catalog/stockalert/?state=waiting&q=glide")
    assert response.status_code == 200
    assert b"ana@example.com" in response.content and b"bo@example.com" in response.content
