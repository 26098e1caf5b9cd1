"""What an avatar upload may cost the shop: a pixel cap read from the header, a reduced decode, a throttle."""

import io
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageFile, JpegImagePlugin

from catalog.tests.images import image_bytes, png_upload

pytestmark = pytest.mark.django_db


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header announces width x height pixels, followed by no pixel data at all: what an attacker crafts
    in a few bytes. Decoding it would fail; only the header can be read."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


@pytest.fixture
def no_decode(monkeypatch):
    """Fails the test if any picture's pixels are decoded."""

    def refuse(self, *args, **kwargs):
        raise AssertionError(f"decoded a {self.size} picture")

    monkeypatch.setattr(ImageFile.ImageFile, "load", refuse)


@pytest.mark.parametrize(("size", "megapixels"), [((8000, 5000), 40), ((5000, 4000), 20)])
def test_a_picture_past_16_megapixels_is_refused_from_its_header(shopper_client, shopper, no_decode, size, megapixels):
    upload = SimpleUploadedFile("me.png", png_header_only(*size), content_type="image/png")

    answer = shopper_client.post("/api/auth/avatar", {"image": upload}, format="multipart")

    assert answer.status_code == 400
    assert answer.json() == {"image": ["The image must be at most 16 megapixels."]}, megapixels
    shopper.refresh_from_db()
    assert not shopper.avatar


def test_a_jpeg_is_decoded_at_its_reduced_scale(shopper_client, shopper, monkeypatch):
    # 12 megapixels, under the cap: libjpeg decodes it at 1/8, the smallest scale still at least 256 pixels a side.
    decoded = []
    load = JpegImagePlugin.JpegImageFile.load

    def spy(self):
        decoded.append(self.size)
        return load(self)

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "load", spy)
    photo = image_bytes(size=(4000, 3000), format="JPEG", color="navy")

    answer = shopper_client.post(
        "/api/auth/avatar", {"image": SimpleUploadedFile("me.jpg", photo, "image/jpeg")}, format="multipart"
    )

    assert answer.status_code == 200, answer.content
    assert decoded and set(decoded) == {(500, 375)}
    shopper.refresh_from_db()
    with shopper.avatar.open("rb") as stored, Image.open(io.BytesIO(stored.read())) as saved:
        assert saved.size == (256, 192)


def test_uploads_past_the_rate_are_refused_with_429(shopper_client, shopper, rates):
    rates(avatar="2/hour")
    post = lambda: shopper_client.post("/api/auth/avatar", {"image": png_upload()}, format="multipart")  # noqa: E731

    assert [post().status_code, post().status_code] == [200, 200]
    shopper.refresh_from_db()
    kept = shopper.avatar.name
    refused = post()

    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    shopper.refresh_from_db()
    assert shopper.avatar.name == kept


def test_the_rate_is_per_user(shopper_client, client_for, other_shopper, rates):
    rates(avatar="1/hour")
    assert shopper_client.post("/api/auth/avatar", {"image": png_upload()}, format="multipart").status_code == 200

    other = client_for(other_shopper).post("/api/auth/avatar", {"image": png_upload()}, format="multipart")

    assert other.status_code == 200
