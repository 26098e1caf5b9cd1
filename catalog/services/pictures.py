"""Shoe pictures (docs/DESIGN.md §6): their smaller copies, made by a worker once a picture is committed, and the
files of pictures no shoe shows any more, deleted with their copies once the change that dropped them is committed."""

import logging
from collections.abc import Iterable

from django.core.files.base import ContentFile
from django.db import transaction

from shopsite.background import tasks_hand_over
from shopsite.images import image_narrower_copies

from .. import selectors
from ..images import PICTURE_WIDTHS, picture_copy_name
from ..models import Shoe
from .version import catalog_version_bump

logger = logging.getLogger(__name__)

SHOE_IMAGE_FIELD = Shoe._meta.get_field("image")
# The task that stores a new picture's smaller copies (catalog/tasks.py registers it under this name).
PICTURE_SIZES_TASK = "catalog.tasks.picture_sizes_make"


def pictures_delete_on_commit(*, names: Iterable[str]) -> None:
    """Remove pictures a change dropped, and their smaller copies, once it is committed, unless a shoe still shows
    them (demo shoes share pictures; archived shoes count)."""
    names = {name for name in names if name}
    if not names:
        return

    def delete() -> None:
        storage = SHOE_IMAGE_FIELD.storage
        for name in names - selectors.images_in_use(names=names):
            storage.delete(name)
            for width in PICTURE_WIDTHS:
                storage.delete(picture_copy_name(name, width))

    # robust: the change is committed by then; a storage hiccup must not turn it into an error answer or a failed
    # import. A file left behind is only space.
    transaction.on_commit(delete, robust=True)


def picture_sizes_on_commit(*, names: Iterable[str]) -> None:
    """Have a worker store the smaller copies of new pictures once the change that stored them is committed."""
    # The shoe is saved whatever the broker does: a picture left without copies shows at its own size.
    tasks_hand_over(
        task=PICTURE_SIZES_TASK,
        calls=[(name,) for name in sorted({name for name in names if name})],
        what="pictures to size",
        fallback="they show at their own size until `manage.py picture_sizes` makes their copies",
    )


def picture_sizes_make(*, name: str) -> bool:
    """Store a picture's copies at the widths of PICTURE_WIDTHS narrower than it, and note its size and theirs on
    every shoe that shows it; False when no shoe shows it any more (or it is gone from storage)."""
    if not selectors.image_in_use(name=name):
        return False
    storage = SHOE_IMAGE_FIELD.storage
    try:
        with storage.open(name, "rb") as source:
            (width, height), copies = image_narrower_copies(source, widths=PICTURE_WIDTHS)
    except FileNotFoundError:
        # On several machines, a picture on one machine's disk is missing on the others: said, never silent.
        logger.warning("Picture %s is not in the media storage: its smaller copies cannot be made", name)
        return False
    for copy_width, content in copies.items():
        copy_name = picture_copy_name(name, copy_width)
        # The name is the picture's: made again (a command run twice), the copy replaces the old one.
        storage.delete(copy_name)
        storage.save(copy_name, ContentFile(content))
    sizes = {"for": name, "width": width, "height": height, "widths": sorted(copies)}
    Shoe.objects.filter(image=name).update(image_sizes=sizes)
    # update() sends no post_save: the shoes' answers show the new srcset.
    catalog_version_bump()
    return True


def picture_sizes_catch_up(*, limit: int) -> int:
    """Make the copies of up to `limit` pictures that have none (a task lost with its broker, a worker that could not
    read the picture); how many were made. Beat runs it (SHOP_PICTURE_SIZES_EVERY_MINUTES)."""
    made = 0
    for name in selectors.pictures_without_sizes()[:limit]:
        made += picture_sizes_make(name=name)
    return made
