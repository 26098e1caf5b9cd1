"""The activity log in the browser: an administrator puts a shoe on sale in the dashboard, then finds it on /activity
(the admin bar's Activity) with their name, the kind, the shoe and its value before → after; the filters narrow it."""

from playwright.sync_api import expect

from accounts.models import User
from activity import services as activity
from catalog.tests.factories import BrandFactory, ShoeFactory

from .storefront import signed_in


def test_an_admin_changes_a_shoe_then_sees_it_in_the_activity_log_with_their_name(new_page, shop_admin):
    User.objects.filter(pk=shop_admin.pk).update(display_name="Ada Admin")
    shoe = ShoeFactory(brand=BrandFactory(name="Acme"), name="Air Swift", on_sale=False)
    # Something else in the log, which the filters leave out.
    activity.record(activity.command("set_user_status"), "user.rights", shop_admin, after={"status": "Enabled"})
    page = new_page()
    signed_in(page, shop_admin)

    # Given the admin puts the shoe on sale in the dashboard
    page.goto("/admin")
    on_sale = (
        page.get_by_role("region", name="Products", exact=True)
        .get_by_role("row")
        .filter(has_text="Air Swift")
        .get_by_role("switch", name="On sale")
    )
    on_sale.click()
    expect(on_sale).to_be_checked()

    # When they open the activity log from the admin bar
    page.get_by_role("navigation", name="Admin").get_by_role("link", name="Activity").click()
    expect(page.get_by_role("heading", level=1, name="Activity")).to_be_visible()

    # Then the change is its newest line, with their name, the kind, the shoe, and the value before → after
    log = page.get_by_role("region", name="Activity", exact=True)
    newest = log.get_by_role("row").nth(1)
    expect(newest).to_contain_text("Ada Admin")
    expect(newest).to_contain_text("shoe.sale")
    expect(newest).to_contain_text(f"shoe #{shoe.pk} Acme Air Swift")
    expect(newest).to_contain_text("on_sale: false → true")
    expect(log.get_by_role("row")).to_have_count(3)

    # And the filters narrow the table to that person's lines of that kind
    page.get_by_role("searchbox", name="Person").fill("ada")
    page.get_by_role("searchbox", name="Kind").fill("shoe")
    page.get_by_role("button", name="Filter", exact=True).click()
    expect(log.get_by_role("row")).to_have_count(2)
    expect(log.get_by_role("row").nth(1)).to_contain_text("Ada Admin")
