"""Where a shoe's picture is: its URL, or the shop's placeholder; for any app that shows a shoe."""

from functools import cache, lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static

from .models import Shoe

# An uploaded picture is re-encoded and made at most this many pixels a side.
SHOE_IMAGE_MAX_SIDE = 1200

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
