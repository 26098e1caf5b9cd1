"""Pictures sized for the screen (issue 19): each shoe picture also stored at smaller WebP widths, by a Celery task on
upload and by `manage.py picture_sizes` for the pictures stored before; the API's srcset names them."""

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.storage import default_storage
from django.core.management import call_command
from PIL import Image

from catalog import services
from catalog.models import Shoe

from .factories import BrandFactory, ShoeFactory
from .images import image_bytes, png_upload
from .test_shoe_api import shoe_form

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nike():
    return BrandFactory(name="Nike")


def stored(name: str) -> Path:
    return Path(settings.MEDIA_ROOT) / name


def webp_size(name: str) -> tuple[int, int]:
    with Image.open(stored(name)) as image:
        assert image.format == "WEBP"
        return image.size


def test_an_upload_is_stored_at_three_smaller_widths_and_the_api_offers_them(
    admin_client, api_client, django_capture_on_commit_callbacks
):
    # Normalized to 1200 x 900 on upload; the task (eager in tests) runs once the shoe is committed.
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post("/api/shoes", shoe_form(image=png_upload(size=(1600, 1200))), format="multipart")
    assert response.status_code == 201, response.content
    shoe = Shoe.objects.get()
    name = shoe.image.name
    stem = name.removesuffix(".webp")
    assert [webp_size(f"{stem}-{width}w.webp") for width in (160, 400, 800)] == [(160, 120), (400, 300), (800, 600)]
    answer = api_client.get(f"/api/shoes/{shoe.pk}").json()
    assert answer["imageSrcset"] == (
        f"/media/{stem}-160w.webp 160w, /media/{stem}-400w.webp 400w, /media/{stem}-800w.webp 800w, /media/{name} 1200w"
    )
    assert (answer["imageWidth"], answer["imageHeight"]) == (1200, 900)
    # The copies weigh a fraction of the picture: what a thumbnail no longer downloads.
    assert stored(f"{stem}-160w.webp").stat().st_size * 5 < stored(name).stat().st_size


def test_a_small_picture_gets_only_the_widths_narrower_than_itself(admin_client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post("/api/shoes", shoe_form(image=png_upload(size=(500, 400))), format="multipart")
    shoe = Shoe.objects.get()
    assert shoe.image_sizes == {"for": shoe.image.name, "width": 500, "height": 400, "widths": [160, 400]}


def test_a_new_picture_shows_at_its_own_size_until_its_copies_are_made(admin_client, api_client):
    shoe = ShoeFactory()
    services.picture_sizes_make(name="gone.webp")  # nothing shows it: nothing happens
    admin_client.put(
        f"/api/shoes/{shoe.pk}", shoe_form(image=png_upload(size=(900, 600))), format="multipart"
    )  # no commit callbacks: the task has not run
    answer = api_client.get(f"/api/shoes/{shoe.pk}").json()
    assert answer["image"].endswith(".webp") and answer["imageSrcset"] == "" and answer["imageWidth"] is None


def picture(name: str, size=(1200, 800)) -> str:
    return default_storage.save(name, io.BytesIO(image_bytes(size=size, format="WEBP")))


def test_the_command_sizes_the_pictures_stored_before_each_once_with_a_progress_bar(capsys):
    shared = picture("shoes/shared.webp")
    ShoeFactory(image=shared)
    ShoeFactory(image=shared)
    ShoeFactory(image=picture("shoes/own.webp", size=(600, 600)))
    ShoeFactory()  # no picture

    call_command("picture_sizes", "--progress")
    out, err = capsys.readouterr()
    assert out.strip().startswith("2 pictures sized, of 2 without sizes")
    assert "[##############################] 2/2 pictures" in err
    assert webp_size("shoes/shared-800w.webp") == (800, 533)
    assert webp_size("shoes/own-400w.webp") == (400, 400)
    assert not stored("shoes/own-800w.webp").exists()
    assert sorted(Shoe.objects.exclude(image="").values_list("image_sizes__widths", flat=True)) == sorted(
        [[160, 400, 800], [160, 400, 800], [160, 400]]
    )

    call_command("picture_sizes")
    assert capsys.readouterr().out.startswith("0 pictures sized, of 0 without sizes")


def test_deleting_a_shoe_deletes_its_picture_and_copies(django_capture_on_commit_callbacks):
    shoe = ShoeFactory(image=picture("shoes/gone.webp"))
    services.picture_sizes_make(name="shoes/gone.webp")
    assert stored("shoes/gone-400w.webp").exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.shoe_delete(actor=None, shoe=shoe)
    assert not stored("shoes/gone.webp").exists() and not stored("shoes/gone-400w.webp").exists()


def test_an_import_or_the_demo_writing_shoes_sizes_their_new_pictures(nike, django_capture_on_commit_callbacks):
    name = picture("shoes/imported.webp")
    with django_capture_on_commit_callbacks(execute=True):
        services.catalogue_rows_write(
            shoes=[Shoe(brand=nike, name="Imported", description="Shoe", color="Red", price=50, image=name)]
        )
    assert Shoe.objects.get().image_sizes == {"for": name, "width": 1200, "height": 800, "widths": [160, 400, 800]}
