"""manage.py seed_demo: the demo catalogue and accounts, idempotent."""

from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from accounts.demo import DEMO_SHOPPER_EMAIL
from accounts.models import User
from catalog.demo import DISTINCT_PICTURES, demo_shoe
from catalog.models import Brand, Shoe, StockEntry

pytestmark = pytest.mark.django_db


def seed(*args) -> str:
    out = StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


def test_loads_ten_brands_and_sixty_shoes_with_sizes_and_pictures(settings):
    settings.SHOP_ADMIN_EMAILS = ["admin@sneakers.test", "boss@sneakers.test"]
    seed()

    assert Brand.objects.count() == 10
    assert Shoe.objects.count() == 60
    sizes = sorted({entry.size for entry in StockEntry.objects.all()})
    assert sizes == [Decimal(6) + Decimal("0.5") * step for step in range(12)]
    assert StockEntry.objects.count() == 60 * 12
    assert 0 < Shoe.objects.filter(on_sale=True).count() < 60
    assert Shoe.objects.values("image").distinct().count() == 60
    assert Shoe.objects.exclude(image="").count() == 60


def test_running_it_again_creates_nothing_twice():
    seed()
    before = (Brand.objects.count(), Shoe.objects.count(), StockEntry.objects.count(), User.objects.count())
    output = seed()
    assert (Brand.objects.count(), Shoe.objects.count(), StockEntry.objects.count(), User.objects.count()) == before
    assert "0 shoes added" in output


def test_more_shoes_share_the_pictures():
    seed("--shoes", "150")
    assert Shoe.objects.count() == 150
    assert Shoe.objects.values("image").distinct().count() == DISTINCT_PICTURES


def test_if_empty_leaves_an_existing_catalogue_alone():
    seed("--shoes", "5")
    Shoe.objects.first().delete()
    output = seed("--if-empty")
    assert Shoe.objects.count() == 4
    assert "left as it is" in output


def test_demo_names_are_distinct_and_fit_the_admin_forms():
    names = [demo_shoe(number).name for number in range(24**3 + 50)]
    assert len(set(names)) == len(names)
    assert max(map(len, names)) <= 40
    assert all(name.replace(" ", "").isalpha() for name in names)
    assert all(len(demo_shoe(number).description) <= 40 for number in range(200))


def test_demo_accounts_are_made_and_their_passwords_printed(settings):
    settings.SHOP_ADMIN_EMAILS = ["admin@sneakers.test", "boss@sneakers.test"]

    output = seed("--shoes", "0")

    for email in ["admin@sneakers.test", "boss@sneakers.test", DEMO_SHOPPER_EMAIL]:
        line = next(line for line in output.splitlines() if email in line)
        password = line.rsplit("password: ", 1)[1]
        user = authenticate(username=email, password=password)
        assert user is not None
        assert user.is_shop_admin == (email != DEMO_SHOPPER_EMAIL)
    # Seeding again prints the same passwords.
    assert seed("--shoes", "0").split("Demo accounts:")[1] == output.split("Demo accounts:")[1]


def test_an_existing_account_keeps_its_owners_password(settings):
    User.objects.create_user(DEMO_SHOPPER_EMAIL, "owner-password")
    output = seed("--shoes", "0")
    assert "(its owner's password)" in output
    assert authenticate(username=DEMO_SHOPPER_EMAIL, password="owner-password")
