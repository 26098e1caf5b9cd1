"""Export cells a spreadsheet would run as formulas are written as text, and the import reads them back as they were
(catalog/importing/cells.py)."""

import csv
import io
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import given
from hypothesis import strategies as st

from catalog.importing.cells import FORMULA_STARTS, cell_escape, cell_unescape
from catalog.models import Shoe

from .factories import BrandFactory, ShoeFactory
from .shoe_files import EXPORT_HEADER, run_import

DANGEROUS = [
    '=HYPERLINK("https://evil.example","Click")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A9)",
    "\tTabbed",
    "'=quoted by hand",
    "''",
]
LEFT_AS_THEY_ARE = ["Light running shoe", "'90s classic", "'", "a=b", "2-for-1"]


def run_export() -> str:
    out = StringIO()
    call_command("export_shoes", stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("value", DANGEROUS)
def test_a_cell_that_starts_a_formula_is_written_as_text(value):
    assert cell_escape(value) == f"'{value}"
    assert cell_unescape(cell_escape(value)) == value


@pytest.mark.parametrize("value", LEFT_AS_THEY_ARE)
def test_other_cells_are_written_as_they_are(value):
    assert cell_escape(value) == value
    assert cell_unescape(value) == value


@given(st.text(alphabet=st.sampled_from([*FORMULA_STARTS, "'", "a", " ", "1"]), max_size=6) | st.text(max_size=20))
def test_every_value_comes_back_as_it_was(value):
    escaped = cell_escape(value)
    assert cell_unescape(escaped) == value
    assert not escaped.startswith(FORMULA_STARTS)


@pytest.mark.django_db
def test_the_export_defuses_formulas_and_reading_it_back_gives_the_values(tmp_path):
    # The Django admin's form takes any description (the API's and the import's take letters and spaces only).
    nike = BrandFactory(name="Nike")
    descriptions = [*DANGEROUS[:4], "'=quoted by hand", "'90s classic", "Light running shoe"]
    for number, description in enumerate(descriptions):
        ShoeFactory(brand=nike, name=f"Model {'abcdefg'[number]}", color="Red", description=description, sizes={"9": 1})
    exported = tmp_path / "catalogue.csv"
    exported.write_text(run_export(), encoding="utf-8")

    rows = list(csv.reader(io.StringIO(exported.read_text(encoding="utf-8"))))
    assert rows[0] == EXPORT_HEADER.split(",")
    # No cell of the file starts a formula.
    assert [cell for row in rows for cell in row if cell.startswith(FORMULA_STARTS)] == []
    assert [row[4] for row in rows[1:]] == [
        "'=HYPERLINK(\"https://evil.example\",\"Click\")", "'+1+cmd|' /C calc'!A0", "'-2+3", "'@SUM(A1:A9)",
        "''=quoted by hand", "'90s classic", "Light running shoe",
    ]  # fmt: skip
    # What the import reads each cell as, before its rules: the value the shop had.
    assert [cell_unescape(row[4]) for row in rows[1:]] == descriptions


@pytest.mark.django_db
def test_the_import_holds_what_it_reads_back_to_its_rules(tmp_path):
    nike = BrandFactory(name="Nike")
    ShoeFactory(brand=nike, name="Model a", color="Red", description="=1+1", sizes={"9": 1})
    ShoeFactory(brand=nike, name="Model b", color="Red", description="Light running shoe", sizes={"9": 1})
    exported = tmp_path / "catalogue.csv"
    exported.write_text(run_export(), encoding="utf-8")
    Shoe.objects.all().delete()

    with pytest.raises(CommandError) as failure:
        run_import(exported)

    assert str(failure.value).splitlines()[1:] == [
        "row 2: description: The description can only contain letters and spaces"
    ]
    assert not Shoe.objects.exists()
