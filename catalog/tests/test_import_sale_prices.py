"""The import's optional salePrice column (issue 30): set, cleared, kept when left out, refused when not below the
price; each change in the price history. The export writes it (test_export_shoes.py)."""

from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from catalog.models import PriceChange, Shoe

from .factories import BrandFactory, ShoeFactory
from .shoe_files import EXPORT_HEADER, HEADER, run_import

pytestmark = pytest.mark.django_db


def imported(tmp_path: Path, *lines: str, header: str = EXPORT_HEADER) -> str:
    path = tmp_path / "shoes.csv"
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    return run_import(path)


def refused(tmp_path: Path, *lines: str, header: str = EXPORT_HEADER) -> list[str]:
    with pytest.raises(CommandError) as failure:
        imported(tmp_path, *lines, header=header)
    return str(failure.value).splitlines()[1:]


@pytest.fixture
def swift() -> Shoe:
    return ShoeFactory(
        brand=BrandFactory(name="Nike"), name="Air Swift", color="Red", description="Light", price=Decimal("120")
    )


def test_a_sale_price_is_set_changed_and_cleared(tmp_path, swift):
    imported(tmp_path, "Nike,Air Swift,Red,120,Light,,9,1,99.5")
    swift.refresh_from_db()
    assert swift.sale_price == Decimal("99.5")

    imported(tmp_path, "Nike,Air Swift,Red,120,Light,,9,1,")
    swift.refresh_from_db()
    assert swift.sale_price is None
    assert list(PriceChange.objects.filter(shoe=swift).values_list("sale_price", flat=True)) == [
        None,
        Decimal("99.5"),
        None,
    ]


def test_a_new_shoe_gets_its_sale_price_and_first_history_row(tmp_path):
    imported(tmp_path, "Puma,Suede,Blue,80,Classic,none,9,1,60")
    shoe = Shoe.objects.get(name="Suede")
    assert shoe.sale_price == Decimal("60")
    assert PriceChange.objects.filter(shoe=shoe).count() == 1


def test_without_the_column_a_shoe_keeps_its_sale_price(tmp_path, swift):
    Shoe.objects.filter(pk=swift.pk).update(sale_price=Decimal("90"))
    imported(tmp_path, "Nike,Air Swift,Red,110,Light,,9,1", header=HEADER)
    swift.refresh_from_db()
    assert (swift.price, swift.sale_price) == (Decimal("110"), Decimal("90"))


@pytest.mark.parametrize("sale_price", ["120", "130", "0", "cheap"])
def test_a_sale_price_not_below_the_price_names_its_row(tmp_path, swift, sale_price):
    errors = refused(tmp_path, f"Nike,Air Swift,Red,120,Light,,9,1,{sale_price}")
    assert len(errors) == 1 and errors[0].startswith("row 2: salePrice: ")
    if sale_price in ("120", "130"):
        assert errors == ["row 2: salePrice: The sale price must be below the price (120.00)"]
    assert Shoe.objects.get().sale_price is None


def test_a_price_below_the_sale_price_kept_names_its_row(tmp_path, swift):
    Shoe.objects.filter(pk=swift.pk).update(sale_price=Decimal("90"))
    assert refused(tmp_path, "Nike,Air Swift,Red,80,Light,,9,1", header=HEADER) == [
        "row 2: price: The sale price must be below the price: the shoe's sale price is 90.00; give a lower price, "
        "or a salePrice column"
    ]
