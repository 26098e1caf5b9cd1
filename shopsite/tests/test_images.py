"""Uploaded images: checked, turned upright, shrunk and re-encoded without metadata."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from catalog.tests.images import image_bytes
from shopsite.images import MAX_UPLOAD_BYTES, NOT_AN_IMAGE, TOO_BIG, InvalidImage, image_normalize


def normalized(content: bytes, *, max_side: int = 1200) -> Image.Image:
    result = image_normalize(SimpleUploadedFile("upload", content), max_side=max_side)
    return Image.open(io.BytesIO(result.read()))


def test_large_images_are_shrunk_keeping_their_shape():
    image = normalized(image_bytes(size=(3000, 1000)))
    assert (image.format, image.size) == ("WEBP", (1200, 400))


def test_small_images_keep_their_size():
    assert normalized(image_bytes(size=(300, 200))).size == (300, 200)


def test_the_name_is_made_by_the_server():
    result = image_normalize(SimpleUploadedFile("../../etc/passwd.png", image_bytes()), max_side=100)
    assert result.name.endswith(".webp")
    assert "/" not in result.name and "passwd" not in result.name


def test_exif_is_dropped_after_turning_the_picture_upright():
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: turned 90 degrees
    exif[0x010F] = "Secret Camera Co"
    photo = image_bytes(size=(400, 200), format="JPEG", exif=exif.tobytes())

    image = normalized(photo)

    assert image.size == (200, 400)
    assert not image.getexif()


def test_transparency_is_kept():
    image = normalized(image_bytes(mode="RGBA", color=(255, 0, 0, 0)))
    assert image.mode == "RGBA"


@pytest.mark.parametrize("format", ["JPEG", "PNG", "WEBP", "GIF"])
def test_the_usual_formats_are_accepted(format):
    assert normalized(image_bytes(format=format)).format == "WEBP"


@pytest.mark.parametrize(
    "content",
    [b"", b"hello", b"%PDF-1.4 not a picture", b"GIF89a" + b"\0" * 10],
    ids=["empty", "text", "pdf", "truncated-gif"],
)
def test_what_is_not_an_image_is_refused(content):
    with pytest.raises(InvalidImage, match=NOT_AN_IMAGE.replace(".", r"\.").replace("(", r"\(").replace(")", r"\)")):
        normalized(content)


def test_formats_outside_the_list_are_refused():
    with pytest.raises(InvalidImage):
        normalized(image_bytes(format="BMP"))


def test_the_size_is_checked_before_the_file_is_read():
    upload = SimpleUploadedFile("big.png", b"\0" * (MAX_UPLOAD_BYTES + 1))
    with pytest.raises(InvalidImage, match=TOO_BIG):
        image_normalize(upload, max_side=100)
