"""manage.py import_shoes reads pictures only from inside --images: no absolute path, `../` or symbolic link out."""

import os
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from catalog.models import Shoe

from .images import image_bytes
from .shoe_files import HEADER, run_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def places(tmp_path) -> dict[str, Path]:
    """--images, a file beside it (outside) that the operator never meant to publish, and the CSV's own folder."""
    images, outside, csv_dir = tmp_path / "images", tmp_path / "private", tmp_path / "csv"
    for folder in (images, outside, csv_dir):
        folder.mkdir()
    (outside / "secret.png").write_bytes(image_bytes(color="black"))
    (images / "ok.png").write_bytes(image_bytes(color="green"))
    return {"images": images, "outside": outside, "csv": csv_dir}


def import_with(places: dict[str, Path], cell: str) -> list[str]:
    path = places["csv"] / "shoes.csv"
    path.write_text(f"{HEADER}\nNike,Air Swift,Red,120,Light running shoe,{cell},9,1\n", encoding="utf-8")
    with pytest.raises(CommandError) as failure:
        run_import(path, "--images", str(places["images"]))
    return str(failure.value).splitlines()


def test_an_absolute_path_is_refused(places):
    cell = str(places["outside"] / "secret.png")

    errors = import_with(places, cell)

    assert errors[1:] == [
        f"row 2: image: {cell} is outside the images folder {places['images']}; name a file inside it"
    ]
    assert not Shoe.objects.exists()


@pytest.mark.parametrize("cell", ["../private/secret.png", "sub/../../private/secret.png", "./../private/secret.png"])
def test_a_path_that_climbs_out_is_refused(places, cell):
    errors = import_with(places, cell)

    assert errors[1:] == [
        f"row 2: image: {cell} is outside the images folder {places['images']}; name a file inside it"
    ]
    assert not Shoe.objects.exists()


def test_a_symbolic_link_out_of_the_folder_is_refused(places):
    os.symlink(places["outside"] / "secret.png", places["images"] / "innocent.png")
    os.symlink(places["outside"], places["images"] / "linked")

    assert import_with(places, "innocent.png")[1].endswith(
        "is outside the images folder " + f"{places['images']}; name a file inside it"
    )
    assert import_with(places, "linked/secret.png")[1].startswith("row 2: image: linked/secret.png is outside")
    assert not Shoe.objects.exists()


def test_a_file_inside_the_folder_and_a_link_within_it_are_read(places):
    (places["images"] / "sub").mkdir()
    os.symlink(places["images"] / "ok.png", places["images"] / "sub" / "alias.png")
    path = places["csv"] / "shoes.csv"
    path.write_text(
        f"{HEADER}\nNike,Air Swift,Red,120,Light,ok.png,9,1\nNike,Air Max,Red,90,Light,sub/../sub/alias.png,9,1\n",
        encoding="utf-8",
    )

    run_import(path, "--images", str(places["images"]))

    assert all(shoe.image for shoe in Shoe.objects.all()) and Shoe.objects.count() == 2
