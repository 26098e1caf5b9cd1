"""manage.py export_shoes: the catalogue as a file, one row per size, which import_shoes reads back."""

from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from catalog.demo import demo_catalogue_seed
from catalog.models import Brand, Shoe

from .factories import BrandFactory, ShoeFactory
from .shoe_files import EXPORT_HEADER, media_files, run_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def media(settings) -> Path:
    return Path(settings.MEDIA_ROOT)


def run_export(*args: str) -> str:
    out = StringIO()
    call_command("export_shoes", *args, stdout=out)
    return out.getvalue()


def catalogue() -> set[tuple]:
    """The catalogue as the file describes it, free of ids and times."""
    shoes = {
        (shoe.brand.name, shoe.name, shoe.color, shoe.price, shoe.description, shoe.image.name): frozenset(
            (entry.size, entry.quantity) for entry in shoe.stock.all()
        )
        for shoe in Shoe.objects.select_related("brand").prefetch_related("stock")
    }
    return set(shoes.items())


class TestExport:
    @pytest.fixture
    def shop(self) -> None:
        nike, adidas = BrandFactory(name="Nike"), BrandFactory(name="adidas")
        ShoeFactory(
            brand=nike,
            name="Air Swift",
            color="Red",
            price=Decimal("120"),
            description="Light running shoe",
            image="shoes/air.webp",
            sizes={"9.5": 4, "9": 0},
        )
        ShoeFactory(brand=nike, name="Air Swift", color="black", price=Decimal("99.99"), description="Dark one")
        ShoeFactory(
            brand=adidas,
            name="Samba",
            color="White",
            price=Decimal("80.5"),
            sale_price=Decimal("60"),
            description="Classic",
            sizes={"10": 2},
        )

    EXPECTED = (
        "brand,name,color,price,description,image,size,quantity,salePrice\n"
        "adidas,Samba,White,80.50,Classic,none,10,2,60.00\n"
        "Nike,Air Swift,black,99.99,Dark one,none,,0,\n"
        "Nike,Air Swift,Red,120.00,Light running shoe,shoes/air.webp,9,0,\n"
        "Nike,Air Swift,Red,120.00,Light running shoe,shoes/air.webp,9.5,4,\n"
    )

    def test_the_catalogue_is_written_one_row_per_size_in_order(self, shop):
        assert run_export() == self.EXPECTED
        assert run_export("-") == self.EXPECTED

    def test_to_a_file(self, shop, tmp_path):
        path = tmp_path / "out.csv"
        assert run_export(str(path)) == f"Exported 4 rows to {path}.\n"
        assert path.read_text(encoding="utf-8") == self.EXPECTED

    def test_an_empty_shop_is_a_header(self):
        assert run_export() == EXPORT_HEADER + "\n"

    def test_export_then_import_into_an_empty_shop_reproduces_the_catalogue(self, tmp_path, media):
        demo_catalogue_seed(count=12)
        ShoeFactory(brand=Brand.objects.get(name="Nike"), name="Sold Out", color="Grey", description="Gone")
        exported = tmp_path / "catalogue.csv"
        run_export(str(exported))
        before, files = catalogue(), media_files(media)
        # Importing the export into the same shop finds nothing to change.
        assert "0 shoes created, 0 updated, 13 unchanged; 0 sizes set" in run_import(exported)

        Shoe.objects.all().delete()
        Brand.objects.all().delete()
        output = run_import(exported)

        assert "13 shoes created" in output and "0 pictures stored" in output
        assert catalogue() == before
        assert media_files(media) == files
        assert run_export() == exported.read_text(encoding="utf-8")
