"""Image files for upload tests, made with Pillow."""

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image


def image_bytes(*, size=(40, 30), color="red", mode="RGB", format="PNG", **save_options) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, color).save(out, format=format, **save_options)
    return out.getvalue()


def png_upload(*, name="shoe.png", **options) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, image_bytes(**options), content_type="image/png")


def upload(name: str, content: bytes, content_type: str = "application/octet-stream") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type=content_type)
