"""Where a shoe's picture is: its URL, or the shop's placeholder; for any app that shows a shoe."""

from functools import cache, lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static

from .models import Shoe

# An uploaded picture is re-encoded and made at most this many pixels a side.
SHOE_IMAGE_MAX_SIDE = 1200
# It is also stored at these widths (WebP), for srcset (issue 19): a search thumbnail (64 CSS pixels) or the cart's
# takes the 160, a card (about 300) the 400 or on a sharp screen the 800, the detail page the 800 or the original.
PICTURE_WIDTHS = (160, 400, 800)

_image_field = Shoe._meta.get_field("image")


@cache
def placeholder_image_url() -> str:
    return static("img/shoe-placeholder.svg")


@lru_cache(maxsize=4096)
def image_url(name: str) -> str:
    """The URL of a stored shoe picture (as FieldFile.url gives it), or the shop's placeholder for none."""
    # Kept per name: the storage's url() took a third of building a page of answers. Public URLs only
    # (settings turn AWS_QUERYSTRING_AUTH off): a signed one would expire in here.
    return _image_field.storage.url(name) if name else placeholder_image_url()


@receiver(setting_changed)
def _urls_forget(*, setting: str, **kwargs) -> None:
    # Settings change only under tests; a URL kept from before would point to the old place.
    if setting in ("MEDIA_URL", "STATIC_URL", "STORAGES") or setting.startswith("AWS_"):
        image_url.cache_clear()
        placeholder_image_url.cache_clear()


def shoe_image_url(shoe: Shoe) -> str:
    """The shoe's picture, or the shop's placeholder when it has none."""
    return image_url(shoe.image.name)


def picture_copy_name(name: str, width: int) -> str:
    """Where the copy of a stored picture at that width is: shoes/ab12.webp -> shoes/ab12-400w.webp."""
    stem = name.rsplit(".", 1)[0]
    return f"{stem}-{width}w.webp"


def picture_sizes(row: dict) -> dict:
    """A shoe row's picture sizes (Shoe.image_sizes) while they are its picture's; {} before they are made."""
    sizes = row["image_sizes"]
    return sizes if row["image"] and sizes and sizes.get("for") == row["image"] else {}


def picture_srcset(row: dict) -> str:
    """A shoe row's srcset: its picture's smaller copies and the picture itself, each with its width; "" until the
    copies are made (catalog.services.picture_sizes_make) and without a picture."""
    sizes = picture_sizes(row)
    if not sizes:
        return ""
    name = row["image"]
    candidates = [f"{image_url(picture_copy_name(name, width))} {width}w" for width in sizes["widths"]]
    return ", ".join([*candidates, f"{image_url(name)} {sizes['width']}w"])


def picture_width(row: dict) -> int | None:
    return picture_sizes(row).get("width")


def picture_height(row: dict) -> int | None:
    return picture_sizes(row).get("height")
