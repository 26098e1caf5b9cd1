"""Pictures sized for the screen (issue 19): the bytes of pictures Chromium downloads to show the home page of the
demo shop, before its pictures have their smaller copies (every card, the carousel: the whole picture) and after
`manage.py picture_sizes` made them (each place takes the copy its width needs).

    .venv/bin/python -m pytest e2e/test_picture_bytes.py -s    # prints the two figures
"""

import io

from django.core.management import call_command
from playwright.sync_api import expect

from catalog.demo import demo_catalogue_seed
from catalog.models import Shoe

from .conftest import DESKTOP, PHONE

IMAGE_TYPES = ("image/webp", "image/png", "image/jpeg", "image/svg+xml", "image/gif")


def picture_bytes(new_page, viewport: dict) -> tuple[int, int]:
    """(bytes, pictures) of shoe pictures downloaded to show the home page, scrolled to the catalogue's end."""
    page = new_page(viewport=viewport)
    downloaded = []

    def on_response(response) -> None:
        if "/media/" in response.url and response.headers.get("content-type", "").startswith(IMAGE_TYPES):
            downloaded.append(len(response.body()))

    page.on("response", on_response)
    page.goto("/")
    catalogue = page.get_by_role("region", name="CATALOGUE")
    expect(catalogue.get_by_role("article")).to_have_count(28)
    # Every card in view once, as a shopper scrolling the page sees them (they load lazily).
    for card in catalogue.get_by_role("article").all():
        card.scroll_into_view_if_needed()
    page.wait_for_load_state("networkidle")
    return sum(downloaded), len(downloaded)


def test_the_home_page_downloads_the_copies_its_places_need(new_page, capsys):
    demo_catalogue_seed(count=60)
    Shoe.objects.update(image_sizes={})
    before = {name: picture_bytes(new_page, viewport) for name, viewport in (("desktop", DESKTOP), ("phone", PHONE))}

    call_command("picture_sizes", stdout=io.StringIO())
    after = {name: picture_bytes(new_page, viewport) for name, viewport in (("desktop", DESKTOP), ("phone", PHONE))}

    with capsys.disabled():
        for name in before:
            (was, was_count), (now, now_count) = before[name], after[name]
            print(
                f"\nHome page pictures, {name}: {was:,} bytes in {was_count} pictures before, "
                f"{now:,} bytes in {now_count} after ({now / was:.0%})"
            )
    for name in before:
        assert after[name][0] < before[name][0] * 0.75
