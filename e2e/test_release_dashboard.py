"""The dashboard's release screens in the browser (docs/PRODUCT.md §10): a release created for the selected shoe,
its form's rules, then watched and changed before it opens."""

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from catalog.tests.factories import BrandFactory, ShoeFactory
from releases.models import Release
from releases.services import reminder_ask

from .storefront import signed_in, wait_for_popup
from .test_admin_forms import expect_messages, field, fill, select_in_products


@pytest.fixture
def admin_page(new_page, shop_admin):
    """An administrator's page, on UTC so the times typed are the times stored; no API call left running."""
    page = new_page(timezone_id="UTC")
    in_flight = set()
    page.on("request", lambda request: in_flight.add(request) if "/api/" in request.url else None)
    page.on("requestfinished", lambda request: in_flight.discard(request))
    page.on("requestfailed", lambda request: in_flight.discard(request))
    signed_in(page, shop_admin)
    yield page
    for _ in range(100):
        if not in_flight:
            break
        page.wait_for_timeout(100)


@pytest.fixture
def jordan(db):
    return ShoeFactory(
        name="Air Jordan", brand=BrandFactory(name="Jordan"), price=Decimal("180.00"), sizes={"9": 5, "10": 5}
    )


def minute(at: datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M")


def test_an_admin_creates_a_release_then_watches_and_changes_it(admin_page, jordan):
    page = admin_page
    opens = (datetime.now(UTC) + timedelta(days=3)).replace(second=0, microsecond=0)

    # Given the shoe selected in the dashboard, Create release opens the release's form
    select_in_products(page, "Air Jordan")
    page.get_by_role("region", name="Products").get_by_role("link", name="Create release").click()
    expect(page).to_have_url(re.compile(r"/createrelease$"))
    expect(page.get_by_text("Of Air Jordan by Jordan: its sizes, so many pairs each.")).to_be_visible()

    # When it is sent empty, then as a draw with no close and a size the shoe lacks, each mistake is named
    page.get_by_role("button", name="Create", exact=True).click()
    expect_messages(page, "Enter a valid name", "Write each size and its pairs: 9: 20, 10: 30")
    expect(page.get_by_text("Enter a valid date", exact=True)).to_have_count(2)
    fill(page, {"Name": "Lost and Found", "Announced at": minute(opens - timedelta(days=1))})
    fill(page, {"Opens at": minute(opens), "Sizes and pairs": "9: 2, 11: 1"})
    field(page, "Kind").select_option("Draw")
    page.get_by_role("button", name="Create", exact=True).click()
    expect_messages(page, "A draw needs the time its entries close")
    field(page, "Kind").select_option("First come")
    page.get_by_role("button", name="Create", exact=True).click()
    # The server knows the shoe's sizes
    expect_messages(page, "Air Jordan has no size 11: create the size first")
    assert not Release.objects.exists()

    # When it is put right and created
    fill(page, {"Sizes and pairs": "9: 2, 10: 3"})
    page.get_by_role("button", name="Create", exact=True).click()

    # Then its watch opens, with its sizes' figures
    wait_for_popup(page, "Your release was created")
    release = Release.objects.get()
    assert (release.name, release.kind, release.opens_at) == ("Lost and Found", "first_come", opens)
    expect(page).to_have_url(re.compile(rf"/releasewatch/{release.pk}$"))
    expect(page.get_by_role("heading", level=1, name="Lost and Found")).to_be_visible()
    rows = page.get_by_role("table", name="Sizes").get_by_role("row")
    expect(rows.nth(1).get_by_role("cell")).to_have_text(["Air Jordan", "9", "2", "0", "0", "0"])
    expect(rows.nth(2).get_by_role("cell")).to_have_text(["Air Jordan", "10", "3", "0", "0", "0"])
    expect(page.get_by_role("status")).to_contain_text("First come, upcoming. Reminders: 0 asked, 0 sent.")

    # And what happens meanwhile shows there
    reminder_ask(release=release, email="ana@sneakers.test")
    page.reload()
    expect(page.get_by_role("status")).to_contain_text("Reminders: 1 asked, 0 sent.")

    # When the admin changes its pairs and limit before it opens
    expect(field(page, "Sizes and pairs")).to_have_value("9: 2, 10: 3")
    fill(page, {"Sizes and pairs": "9: 4, 10: 3", "Pairs per person": "2"})
    page.get_by_role("button", name="Modify", exact=True).click()
    wait_for_popup(page, "Your release was changed")
    expect(rows.nth(1).get_by_role("cell")).to_have_text(["Air Jordan", "9", "4", "0", "0", "0"])
    release.refresh_from_db()
    assert release.per_person_limit == 2

    # And the dashboard lists it among the upcoming releases, whose Watch leads back to it
    page.goto("/admin")
    upcoming = page.get_by_role("region", name="Upcoming releases")
    row = upcoming.get_by_role("row").filter(has_text="Lost and Found")
    expect(row.get_by_role("cell").nth(1)).to_have_text("First come: Coming soon")
    expect(page.get_by_role("region", name="Past releases")).to_contain_text("No releases here.")
    row.get_by_role("link", name="Watch").click()
    expect(page).to_have_url(re.compile(rf"/releasewatch/{release.pk}$"))
    expect(page.get_by_role("heading", level=1, name="Lost and Found")).to_be_visible()
