"""The React app starts in Chromium on every screen's path and shows the 404 screen elsewhere."""

import re

from playwright.sync_api import expect


def test_the_shop_opens_in_chromium(page):
    response = page.goto("/")
    assert response.status == 200
    expect(page).to_have_title("Sneaker Shop")
    expect(page.locator("#root")).not_to_be_empty()


def test_an_unknown_path_shows_page_not_found_and_goes_back_home(page):
    response = page.goto("/no/such/page")

    assert response.status == 404
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    page.get_by_role("link", name="Back Home").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", name="Page not found")).to_have_count(0)


def test_the_shell_preloads_its_screen_and_the_screen_uses_what_was_preloaded(page, db):
    from catalog.images import shoe_image_url
    from catalog.tests.factories import ShoeFactory

    picture = shoe_image_url(ShoeFactory(name="Air Swift", on_sale=True))
    # Chromium's own record of each request and what started it: the page's parser (a <link rel=preload>) or a
    # script (the app's fetch()).
    started = []
    devtools = page.context.new_cdp_session(page)
    devtools.on(
        "Network.requestWillBeSent", lambda event: started.append((event["request"]["url"], event["initiator"]["type"]))
    )
    devtools.send("Network.enable")

    page.goto("/")
    expect(page.get_by_role("region", name="Winter sale").get_by_text("Air Swift")).to_be_visible()
    page.wait_for_load_state("networkidle")

    # The home screen's chunk, the carousel's call and its first picture were asked for by the shell, and the app
    # took what was preloaded instead of asking again.
    assert [kind for url, kind in started if re.search(r"/static/dist/screen-Home\.\w+\.js$", url)] == ["parser"]
    assert [kind for url, kind in started if url.endswith("/api/shoes/onSale?limit=12&offset=0")] == ["parser"]
    assert [kind for url, kind in started if url.endswith(picture)] == ["parser"]
