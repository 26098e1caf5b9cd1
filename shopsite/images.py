"""Uploaded images: checked with Pillow, then re-encoded under a name the server makes."""

import io
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.files.base import ContentFile, File
from django.db import models
from PIL import Image, ImageOps, UnidentifiedImageError
from rest_framework import serializers

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
# Checked from the header, before any pixel is decoded: a small file can decode to gigabytes. A shoe's picture (an
# admin's, from a camera) may have up to 40 million; an avatar, shown 256 pixels wide, up to 16 million, which any
# phone's photo fits (accounts/serializers.py).
MAX_PIXELS = 40_000_000
ACCEPTED_FORMATS = {"JPEG", "PNG", "WEBP", "GIF"}

NOT_AN_IMAGE = "Upload a valid image (JPEG, PNG, WebP or GIF)."
TOO_BIG = "The image must be at most 5 MB."


def too_many_pixels(max_pixels: int) -> str:
    return f"The image must be at most {max_pixels // 1_000_000} megapixels."


TOO_MANY_PIXELS = too_many_pixels(MAX_PIXELS)


class InvalidImage(ValueError):
    """The upload is not an image the shop accepts; the message says why."""


def image_normalize(upload, *, max_side: int, max_pixels: int = MAX_PIXELS) -> ContentFile:
    """Return the upload as a WebP of at most max_side pixels a side, upright and without metadata.

    The pixel count is read from the header, before anything is decoded; a JPEG is then decoded at the smallest of
    its built-in scales (1/2, 1/4, 1/8) that still covers max_side, so a 12-megapixel photo for a 256-pixel avatar
    costs a 64th of its full decode."""
    if upload.size > MAX_UPLOAD_BYTES:
        raise InvalidImage(TOO_BIG)
    upload.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(upload)  # reads the header only
            if image.format not in ACCEPTED_FORMATS:
                raise InvalidImage(NOT_AN_IMAGE)
            width, height = image.size
            if width * height > max_pixels:
                raise InvalidImage(too_many_pixels(max_pixels))
            if image.format == "JPEG":
                # Before any load: libjpeg decodes straight to the reduced scale.
                image.draft("RGB", (max_side, max_side))
            # Turns the picture as the camera meant it; EXIF is not carried into the new file.
            image = ImageOps.exif_transpose(image)
            image.thumbnail((max_side, max_side))
    except InvalidImage:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise InvalidImage(too_many_pixels(max_pixels)) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        # Not an image at all, or truncated or corrupt data found while decoding.
        raise InvalidImage(NOT_AN_IMAGE) from None
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    image = image.convert("RGBA" if has_alpha else "RGB")
    out = io.BytesIO()
    image.save(out, format="WEBP", quality=85)
    return ContentFile(out.getvalue(), name=f"{uuid.uuid4().hex}.webp")


class ImageUploadField(serializers.FileField):
    """A multipart image field whose value is the re-encoded image, ready to save."""

    def __init__(self, *, max_side: int, max_pixels: int = MAX_PIXELS, **kwargs):
        self.max_side = max_side
        self.max_pixels = max_pixels
        kwargs.setdefault("error_messages", {}).setdefault("invalid", NOT_AN_IMAGE)
        super().__init__(**kwargs)

    def validate_empty_values(self, data):
        # A form may send an empty text part for "no new image".
        if data == "" and not self.required:
            raise serializers.SkipField()
        return super().validate_empty_values(data)

    def to_internal_value(self, data):
        upload = super().to_internal_value(data)
        try:
            return image_normalize(upload, max_side=self.max_side, max_pixels=self.max_pixels)
        except InvalidImage as error:
            raise serializers.ValidationError(str(error)) from None


@contextmanager
def upload_stored(field: models.FileField, upload: File | None, *, instance=None) -> Iterator[str]:
    """Store an upload under the field's storage for the block that records it; remove it if the block fails.

    Storage is not transactional: without this a rolled-back change would leave the file behind.
    Yields the stored name, or "" when there is no upload.
    """
    if upload is None:
        yield ""
        return
    name = field.storage.save(field.generate_filename(instance, upload.name), upload)
    try:
        yield name
    except BaseException:
        field.storage.delete(name)
        raise


def image_narrower_copies(source: File, *, widths: tuple[int, ...]) -> tuple[tuple[int, int], dict[int, bytes]]:
    """The picture's (width, height) and WebP copies of it at each of those widths narrower than it, height in
    proportion: {width: bytes}. The picture is one the shop stored (image_normalize made it), so it is trusted."""
    source.open("rb")
    try:
        with Image.open(source) as image:
            image.load()
            size = image.size
            has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
            image = image.convert("RGBA" if has_alpha else "RGB")
    finally:
        source.close()
    width, height = size
    copies = {}
    for narrower in sorted(set(widths)):
        if narrower >= width:
            continue
        out = io.BytesIO()
        copy = image.resize((narrower, max(1, round(height * narrower / width))), Image.Resampling.LANCZOS)
        copy.save(out, format="WEBP", quality=80)
        copies[narrower] = out.getvalue()
    return size, copies
