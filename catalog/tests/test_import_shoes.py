"""manage.py import_shoes: all or nothing, row-numbered errors, pictures stored once (test_export_shoes.py: the
round trip)."""

import io
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.core.management.base import CommandError
from PIL import Image

from catalog import services
from catalog.management.commands import import_shoes
from catalog.models import Brand, Shoe, StockEntry
from shopsite.images import NOT_AN_IMAGE

from .factories import BrandFactory, ShoeFactory
from .images import image_bytes
from .shoe_files import HEADER, media_files, run_import

pytestmark = pytest.mark.django_db

PRICE_RANGE = "The price must be more than 0 and at most 100000"
SIZE_RANGE = "The size must be from 1 to 20, in half sizes"
QUANTITY_RANGE = "The quantity must be from 0 to 100000"
NOT_LETTERS = "The name can only contain letters and spaces"


@pytest.fixture
def folder(tmp_path) -> Path:
    """Where the CSV files and their pictures are; the media storage is elsewhere under tmp_path."""
    path = tmp_path / "import"
    path.mkdir()
    return path


@pytest.fixture
def media(settings) -> Path:
    return Path(settings.MEDIA_ROOT)


def write_csv(folder: Path, *lines: str, header: str = HEADER, name: str = "shoes.csv") -> Path:
    path = folder / name
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    return path


def import_errors(path: Path, *args: str) -> list[str]:
    """The command's error lines; it must fail."""
    with pytest.raises(CommandError) as failure:
        run_import(path, *args)
    return str(failure.value).splitlines()


def snapshot() -> tuple:
    return (
        list(Brand.objects.order_by("id").values_list("name", "updated_at")),
        list(Shoe.objects.order_by("id").values_list("brand__name", "name", "color", "price", "image", "updated_at")),
        list(StockEntry.objects.order_by("id").values_list("shoe_id", "size", "quantity", "updated_at")),
    )


GOOD_LINES = [
    "Acme,Trail Blazer,Green,120,Light trail shoe,pics/green.png,9,3",
    "ACME,trail blazer,green,120.00,Light trail shoe,pics/green.png,9.5,0",
    "nike,Air Swift,Red,99.99,Light running shoe,none,10,7",
]


@pytest.fixture
def good_file(folder) -> Path:
    (folder / "pics").mkdir()
    (folder / "pics" / "green.png").write_bytes(image_bytes(size=(2400, 1600), color="green"))
    return write_csv(folder, *GOOD_LINES)


class TestImport:
    def test_a_good_file_creates_shoes_sizes_brands_and_pictures(self, good_file, media):
        BrandFactory(name="Nike")

        output = run_import(good_file)

        assert output.startswith(
            "Imported 3 rows: 2 shoes created, 0 updated, 0 unchanged; 3 sizes set; 1 brand created; 1 picture stored."
        )
        assert sorted(Brand.objects.values_list("name", flat=True)) == ["Acme", "Nike"]
        trail = Shoe.objects.get(name="Trail Blazer")
        # Rows of one shoe may differ in case; the first row's spelling is kept.
        assert (trail.brand.name, trail.color, trail.price, trail.description) == (
            "Acme",
            "Green",
            Decimal("120.00"),
            "Light trail shoe",
        )
        assert dict(trail.stock.values_list("size", "quantity")) == {Decimal("9"): 3, Decimal("9.5"): 0}
        swift = Shoe.objects.get(name="Air Swift")
        assert swift.brand.name == "Nike" and swift.image.name == ""
        assert list(swift.stock.values_list("size", "quantity")) == [(Decimal("10"), 7)]
        # The picture went through the upload pipeline: re-encoded as WebP, at most 1200 pixels a side.
        assert media_files(media) == [trail.image.name]
        assert trail.image.name.startswith("shoes/") and trail.image.name.endswith(".webp")
        with default_storage.open(trail.image.name) as stored:
            picture = Image.open(stored)
            assert (picture.format, picture.size) == ("WEBP", (1200, 800))

    def test_an_existing_shoe_is_updated_and_its_size_set_not_added(self, folder):
        shoe = ShoeFactory(
            brand=BrandFactory(name="Nike"), name="Air Swift", color="Red", price=Decimal("80"), sizes={"9": 3, "11": 2}
        )
        path = write_csv(
            folder, "NIKE,air swift,RED,99.99,Now lighter,,9,5", "Nike,Air Swift,Red,99.99,Now lighter,,12,1"
        )

        output = run_import(path)

        assert "0 shoes created, 1 updated, 0 unchanged; 2 sizes set; 0 brands created" in output
        shoe.refresh_from_db()
        assert (shoe.name, shoe.color, shoe.price, shoe.description) == (
            "Air Swift",
            "Red",
            Decimal("99.99"),
            "Now lighter",
        )
        assert dict(shoe.stock.values_list("size", "quantity")) == {Decimal(9): 5, Decimal(11): 2, Decimal(12): 1}
        assert Shoe.objects.count() == 1

    def test_the_same_file_twice_changes_nothing_the_second_time(self, good_file, media):
        run_import(good_file)
        before, files = snapshot(), media_files(media)

        output = run_import(good_file)

        assert "0 shoes created, 0 updated, 2 unchanged; 0 sizes set; 0 brands created; 0 pictures stored" in output
        assert snapshot() == before
        assert media_files(media) == files

    def test_a_new_picture_replaces_the_old_one(self, folder, media, django_capture_on_commit_callbacks):
        old = default_storage.save("shoes/old.webp", ContentFile(image_bytes(format="WEBP")))
        shoe = ShoeFactory(brand=BrandFactory(name="Nike"), name="Air Swift", color="Red", image=old)
        (folder / "new.png").write_bytes(image_bytes(color="blue"))
        path = write_csv(folder, "Nike,Air Swift,Red,120,Light running shoe,new.png,9,1")

        with django_capture_on_commit_callbacks(execute=True):
            run_import(path)

        shoe.refresh_from_db()
        assert shoe.image.name != old
        assert media_files(media) == [shoe.image.name]

    def test_a_replaced_picture_goes_with_its_smaller_copies(self, folder, media, django_capture_on_commit_callbacks):
        old = default_storage.save("shoes/old.webp", ContentFile(image_bytes(size=(1200, 800), format="WEBP")))
        shoe = ShoeFactory(brand=BrandFactory(name="Nike"), name="Air Swift", color="Red", image=old)
        services.picture_sizes_make(name=old)
        assert media_files(media) == [f"shoes/old-{width}w.webp" for width in (160, 400, 800)] + [old]
        # Smaller than the narrowest copy: the new picture gets none of its own.
        (folder / "new.png").write_bytes(image_bytes(color="blue"))

        with django_capture_on_commit_callbacks(execute=True):
            run_import(write_csv(folder, "Nike,Air Swift,Red,120,Light running shoe,new.png,9,1"))

        shoe.refresh_from_db()
        assert media_files(media) == [shoe.image.name]

    def test_an_empty_image_keeps_the_picture_and_none_removes_it(self, folder):
        name = default_storage.save("shoes/kept.webp", ContentFile(image_bytes(format="WEBP")))
        shoe = ShoeFactory(brand=BrandFactory(name="Nike"), name="Air Swift", color="Red", image=name)

        run_import(write_csv(folder, "Nike,Air Swift,Red,120,Light running shoe,,9,1"))
        shoe.refresh_from_db()
        assert shoe.image.name == name

        run_import(write_csv(folder, "Nike,Air Swift,Red,120,Light running shoe,NONE,9,1"))
        shoe.refresh_from_db()
        assert shoe.image.name == ""

    def test_a_picture_already_in_the_media_storage_is_reused_as_is(self, folder, media):
        name = default_storage.save("shoes/abc.webp", ContentFile(image_bytes(format="WEBP")))

        run_import(write_csv(folder, f"Nike,Air Swift,Red,120,Light running shoe,{name},9,1"))

        assert Shoe.objects.get().image.name == name
        assert media_files(media) == [name]

    def test_a_stored_file_that_is_not_a_shoe_picture_is_refused(self, folder):
        default_storage.save("avatars/someone.webp", ContentFile(image_bytes(format="WEBP")))
        path = write_csv(folder, "Nike,Air Swift,Red,120,Light running shoe,avatars/someone.webp,9,1")

        errors = import_errors(path)

        assert errors[1].startswith("row 2: image: no file ")
        assert not Shoe.objects.exists()

    def test_a_row_without_size_makes_a_shoe_without_sizes(self, folder):
        path = write_csv(folder, "Nike,Air Swift,Red,120,Light running shoe,none,,0", "Nike,Air Max,Red,90,Light,,,")

        output = run_import(path)

        assert "2 shoes created" in output and "0 sizes set" in output
        assert Shoe.objects.count() == 2
        assert not StockEntry.objects.exists()

    def test_a_bom_upper_case_headers_and_blank_lines_are_fine(self, folder):
        path = folder / "excel.csv"
        lines = [
            HEADER.upper(),
            "Nike,Air Swift,Red,120,Light running shoe,none,9,1",
            "",
            "Nike,Air Max,Red,x,Light,,9,1",
        ]
        path.write_bytes("\r\n".join(lines).encode("utf-8-sig"))

        errors = import_errors(path)

        # The blank line still counts: the bad row is line 4 of the file.
        assert errors[1:] == ["row 4: price: Only numbers"]

    def test_a_file_that_is_not_utf8_names_the_line(self, folder):
        path = folder / "latin1.csv"
        path.write_bytes(
            f"{HEADER}\nNike,Air Swift,Red,120,Light,none,9,1\nNike,Caf\xe9,Red,1,Light,,9,1\n".encode("latin-1")
        )

        assert import_errors(path)[1].startswith("row 3: encoding: the file is not UTF-8 text")

    def test_dry_run_reports_the_same_summary_and_writes_nothing(self, good_file, media):
        BrandFactory(name="Nike")
        before = snapshot()

        output = run_import(good_file, "--dry-run")

        assert output.startswith(
            "Dry run, nothing written. 3 rows: 2 shoes created, 0 updated, 0 unchanged; 3 sizes set; "
            "1 brand created; 1 picture stored."
        )
        assert snapshot() == before
        assert media_files(media) == []

    def test_dry_run_still_lists_the_bad_rows(self, folder):
        errors = import_errors(write_csv(folder, "Nike,Air Swift,Red,12a,Light running shoe,none,9,1"), "--dry-run")
        assert errors[1:] == ["row 2: price: Only numbers"]


BAD_ROWS = {
    "bad price": ("Nike,Air Max,Red,12a,Light,none,9,1", "row 3: price: Only numbers"),
    "empty price": ("Nike,Air Max,Red,,Light,none,9,1", "row 3: price: Enter a valid price"),
    "zero price": ("Nike,Air Max,Red,0,Light,none,9,1", f"row 3: price: {PRICE_RANGE}"),
    "empty name": ("Nike,,Red,10,Light,none,9,1", "row 3: name: Enter a valid name"),
    "name with digits": ("Nike,Air Max 90,Red,10,Light,none,9,1", f"row 3: name: {NOT_LETTERS}"),
    "name too long": (f"Nike,{'A' * 41},Red,10,Light,none,9,1", "row 3: name: The name can have at most 40 characters"),
    "empty brand": (",Air Max,Red,10,Light,none,9,1", "row 3: brand: Enter a valid brand"),
    "empty color": ("Nike,Air Max,,10,Light,none,9,1", "row 3: color: Enter a valid color"),
    "empty description": ("Nike,Air Max,Red,10,,none,9,1", "row 3: description: Enter a valid description"),
    "size not a number": ("Nike,Air Max,Red,10,Light,none,nine,1", "row 3: size: Only numbers"),
    "size out of range": ("Nike,Air Max,Red,10,Light,none,25,1", f"row 3: size: {SIZE_RANGE}"),
    "quarter size": ("Nike,Air Max,Red,10,Light,none,9.25,1", f"row 3: size: {SIZE_RANGE}"),
    "size without quantity": ("Nike,Air Max,Red,10,Light,none,9,", "row 3: quantity: Enter a valid quantity"),
    "quantity without size": ("Nike,Air Max,Red,10,Light,none,,4", "row 3: size: Enter a valid size"),
    "quantity not a number": ("Nike,Air Max,Red,10,Light,none,9,lots", "row 3: quantity: Only numbers"),
    "quantity too big": ("Nike,Air Max,Red,10,Light,none,9,100001", f"row 3: quantity: {QUANTITY_RANGE}"),
    "negative quantity": ("Nike,Air Max,Red,10,Light,none,9,-1", f"row 3: quantity: {QUANTITY_RANGE}"),
    "image not an image": ("Nike,Air Max,Red,10,Light,notes.txt,9,1", f"row 3: image: {NOT_AN_IMAGE}"),
    "too few cells": ("Nike,Air Max,Red,10,Light,none,9", "row 3: cells: the row has 7 cells; the header has 8"),
}


class TestBadFiles:
    @pytest.mark.parametrize(("bad_line", "error"), BAD_ROWS.values(), ids=BAD_ROWS.keys())
    def test_one_bad_row_among_good_ones_imports_nothing_and_names_it(self, good_file, media, bad_line, error):
        (good_file.parent / "notes.txt").write_text("not a picture")
        good_file.write_text("\n".join([HEADER, GOOD_LINES[0], bad_line, *GOOD_LINES[1:]]) + "\n")
        BrandFactory(name="Nike")
        before = snapshot()

        errors = import_errors(good_file)

        assert errors == ["Nothing was imported; 1 problem:", error]
        assert snapshot() == before
        assert media_files(media) == []

    def test_an_image_that_is_not_there_is_named(self, folder):
        errors = import_errors(write_csv(folder, "Nike,Air Max,Red,10,Light,pics/gone.png,9,1"))
        missing = folder / "pics" / "gone.png"
        assert errors[1:] == [
            f"row 2: image: no file {missing}, and no shoe picture pics/gone.png in the media storage"
        ]

    def test_every_problem_of_a_row_is_listed(self, folder):
        errors = import_errors(write_csv(folder, "Nike,,Red,abc,Light,none,99,1"))
        assert errors[1:] == [
            "row 2: name: Enter a valid name",
            "row 2: price: Only numbers",
            f"row 2: size: {SIZE_RANGE}",
        ]

    def test_an_unknown_or_missing_column_is_named(self, folder):
        path = write_csv(
            folder, "Nike,Air Max,Red,10,Light,none,9", header="brand,name,colour,price,description,image,size"
        )

        errors = import_errors(path)

        assert errors[1:] == [
            f"row 1: colour: unknown column; the columns are {HEADER.replace(',', ', ')}, salePrice (optional)",
            "row 1: color: missing column",
            "row 1: quantity: missing column",
        ]

    def test_a_column_twice_is_named(self, folder):
        path = write_csv(folder, "Nike,Air Max,Red,10,Light,none,9,1,Max", header=f"{HEADER},Name")
        assert import_errors(path)[1:] == ["row 1: name: the column appears twice"]

    def test_rows_of_one_shoe_that_disagree_name_both_rows(self, folder):
        path = write_csv(
            folder,
            "Nike,Air Max,Red,120,Light,none,9,1",
            "nike,AIR MAX,red,130,Light,none,9.5,1",
            "Nike,Air Max,Red,120,Heavy,none,10,1",
        )

        errors = import_errors(path)

        assert errors[1:] == [
            "row 3: price: 130.00 differs from 120.00 on row 2, a row of the same shoe",
            "row 4: description: Heavy differs from Light on row 2, a row of the same shoe",
        ]
        assert not Shoe.objects.exists()

    def test_one_size_twice_for_a_shoe_is_refused(self, folder):
        path = write_csv(folder, "Nike,Air Max,Red,120,Light,none,9,1", "Nike,Air Max,Red,120,Light,none,9.0,4")
        assert import_errors(path)[1:] == ["row 3: size: size 9 of this shoe is already on row 2"]

    def test_at_most_fifty_errors_are_listed(self, folder):
        path = write_csv(folder, *[f"Nike,Air Max,Red,{number}x,Light,none,9,1" for number in range(60)])

        errors = import_errors(path)

        assert errors[0] == "Nothing was imported; 60 problems:"
        assert errors[1] == "row 2: price: Only numbers" and errors[50] == "row 51: price: Only numbers"
        assert errors[51:] == ["... and 10 more"]

    def test_a_failure_after_pictures_were_stored_removes_them(self, good_file, media):
        # Two shoes the import cannot tell apart: found only once the catalogue is read, after storing.
        nike = BrandFactory(name="Nike")
        ShoeFactory.create_batch(2, brand=nike, name="Air Swift", color="Red")
        before = snapshot()

        errors = import_errors(good_file)

        assert errors[1].startswith("row 4: name: the shop has 2 shoes nike Air Swift in Red (ids ")
        assert snapshot() == before
        assert media_files(media) == []

    def test_a_missing_file_is_a_command_error(self, folder):
        with pytest.raises(CommandError, match="There is no file"):
            run_import(folder / "nothing.csv")


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def distinct_shoes(count: int) -> list[str]:
    return [f"Nike,Air {chr(65 + n % 26)}{chr(65 + n // 26)},Red,10,Light,none,9,1" for n in range(count)]


class TestProgress:
    def test_the_bar_shows_with_progress(self, folder):
        stderr = StringIO()
        run_import(write_csv(folder, *GOOD_LINES[2:]), "--progress", stderr=stderr)
        assert stderr.getvalue() == f"\r[{'#' * 30}] 1/1 rows\n"

    def test_on_a_terminal_a_long_run_is_redrawn_every_hundred_rows(self, folder):
        stderr = Terminal()
        # Built as manage.py builds it, so stderr is styled (in red) as on a real terminal.
        command = import_shoes.Command(stdout=StringIO(), stderr=stderr, force_color=True)

        call_command(command, str(write_csv(folder, *distinct_shoes(250))))

        draws = stderr.getvalue().split("\r")[1:]
        assert [draw.split("] ")[1].strip() for draw in draws] == ["100/250 rows", "200/250 rows", "250/250 rows"]
        assert draws[0].startswith(f"[{'#' * 12}{'.' * 18}]")

    def test_no_bar_off_a_terminal_or_on_one_for_a_short_run(self, folder):
        piped, terminal = StringIO(), Terminal()
        run_import(write_csv(folder, *distinct_shoes(250), name="long.csv"), stderr=piped)
        run_import(write_csv(folder, *distinct_shoes(150), name="short.csv"), stderr=terminal)
        assert piped.getvalue() == terminal.getvalue() == ""
