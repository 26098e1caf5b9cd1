"""The admin dashboard in the browser: the tiles' stats, a shoe put on sale and found on /sale (and one taken off it,
which sends the sale back to its first page), an order marked Received, a user disabled and turned away, a shoe and a
brand deleted through the confirmations, a shoe with an order archived by its delete and restored; a shopper kept out
of /admin and never sent the admin screens' chunks."""

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from accounts.models import User
from accounts.tests.factories import UserFactory
from catalog.models import Brand, Shoe
from catalog.tests.factories import BrandFactory, ShoeFactory
from orders.models import Order
from orders.tests.factories import OrderFactory, OrderLineFactory

from .storefront import card, card_names, money, next_button, pager, popup, signed_in, wait_for_popup

DISABLED = "Your account is Disabled or Eliminated"


@pytest.fixture
def admin_page(new_page, shop_admin):
    """The dashboard of an administrator who signed in through /signin."""
    page = new_page()
    signed_in(page, shop_admin)
    page.goto("/admin")
    expect(page.get_by_role("heading", level=1, name="ADMIN DASHBOARD")).to_be_visible()
    return page


def table(page, name: str):
    """One of the dashboard's tables: Users, Clients / orders, Products, Archived, Brands."""
    return page.get_by_role("region", name=name, exact=True)


def row(page, table_name: str, text: str):
    return table(page, table_name).get_by_role("row").filter(has_text=text)


def confirm_delete(page) -> None:
    """Answers the sweetalert2 confirm with its texts."""
    question = popup(page, "Are you sure?")
    expect(question).to_contain_text("You won't be able to revert this!")
    question.get_by_role("button", name="Yes, delete it!").click()


def admin_chunk_files() -> dict[str, str]:
    """The admin screens' chunk files in this build, by screen: each screen of the route table's admin guard is a
    chunk of its own (screen-<Screen>.<hash>.js)."""
    stats = Path(settings.WEBPACK_LOADER["DEFAULT"]["STATS_FILE"])
    assets = json.loads(stats.read_text())["assets"]
    routes = json.loads((Path(settings.BASE_DIR) / "frontend" / "routes.json").read_text())
    screens = {route["screen"] for route in routes if route.get("guard") == "admin"}
    files = {}
    for name in assets:
        built = re.fullmatch(r"screen-(\w+)\.[0-9a-f]+\.js", name)
        if built and built[1] in screens:
            files[built[1]] = name
    assert set(files) == screens, files
    return files


def admin_code_in(urls: list[str]) -> list[str]:
    """The addresses of admin screens' chunks among these."""
    chunks = admin_chunk_files().values()
    return [url for url in urls if any(chunk in url for chunk in chunks)]


def requests_of(page) -> list[str]:
    """The addresses the page asks for from now on."""
    urls = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def test_the_tiles_show_the_pairs_ordered_and_the_sales(db, new_page, shop_admin):
    shoe = ShoeFactory(name="Air Swift")
    first = OrderFactory(amount=30000)
    OrderLineFactory(order=first, shoe=shoe, quantity=2)
    OrderLineFactory(order=first, shoe=shoe, size="10", quantity=1)
    OrderLineFactory(order=OrderFactory(amount=9999), shoe=shoe, quantity=1)
    # Declined: counted nowhere.
    OrderLineFactory(order=OrderFactory(amount=5000, payment=Order.Payment.DECLINED), shoe=shoe, quantity=5)

    page = new_page()
    signed_in(page, shop_admin)
    page.get_by_role("link", name="Admin").click()

    expect(page.get_by_role("group", name="Orders")).to_contain_text("4")
    expect(page.get_by_role("group", name="Sales")).to_contain_text("$399.99")
    expect(page.get_by_role("link", name="Create shoes")).to_have_attribute("href", "/createshoes")
    expect(page.get_by_role("link", name="Create brand")).to_have_attribute("href", "/createbrand")
    chart = page.get_by_role("img", name="Sales by day, last 30 days")
    expect(chart).to_be_visible()
    expect(chart.locator("rect")).to_have_count(30)


def test_an_admin_puts_a_shoe_on_sale_and_finds_it_on_the_sale(admin_page):
    page = admin_page
    shoe = ShoeFactory(name="Air Swift", price=Decimal("89.99"), sizes={"9": 3})
    page.reload()

    on_sale = row(page, "Products", "Air Swift").get_by_role("switch", name="On sale")
    expect(on_sale).not_to_be_checked()
    on_sale.click()

    expect(on_sale).to_be_checked()
    shoe.refresh_from_db()
    assert shoe.on_sale is True
    page.goto("/sale")
    expect(card(page.get_by_role("main"), "Air Swift").get_by_text("ON SALE", exact=True)).to_be_visible()


def test_a_shoe_taken_off_the_sale_brings_the_sale_back_to_its_first_page(admin_page):
    """docs/PRODUCT.md §2: a list goes back to its first page when what it holds changes, not only its filter."""
    page = admin_page
    deals = [ShoeFactory(price=Decimal(100 - 5 * n), on_sale=True) for n in range(10)][::-1]
    main = page.get_by_role("main")
    sale_title = page.get_by_role("heading", level=1, name="ON SALE!")

    # Given the admin on the second page of the sale (the dashboard stays on show until the sale's screen has rendered)
    page.get_by_role("link", name="Deals!").click()
    expect(sale_title).to_be_visible()
    next_button(main).click()
    expect(pager(main)).to_contain_text("Page 2 of 2")

    # When they take its cheapest shoe off the sale in the dashboard, and come back by Deals!
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_role("link", name="Admin", exact=True).click()
    on_sale = row(page, "Products", deals[0].name).get_by_role("switch", name="On sale")
    on_sale.click()
    expect(on_sale).not_to_be_checked()
    page.get_by_role("link", name="Deals!").click()
    expect(sale_title).to_be_visible()

    # Then the sale starts again from its first page, without that shoe
    expect(pager(main)).to_contain_text("Page 1 of 2")
    expect(card_names(main)).to_have_text([shoe.name for shoe in deals[1:9]])


def test_an_admin_marks_an_order_received_and_opens_it(admin_page):
    page = admin_page
    buyer = UserFactory(email="buyer@sneakers.test")
    order = OrderFactory(user=buyer, amount=12999)
    OrderLineFactory(order=order, shoe=ShoeFactory(name="Air Swift"), quantity=1, unit_price=12999)
    page.reload()

    order_row = row(page, "Clients / orders", order.payment_intent_id)
    expect(order_row).to_contain_text("buyer@sneakers.test")
    expect(order_row).to_contain_text("$129.99")
    expect(order_row).to_contain_text(order.paid_at.date().isoformat())
    order_row.get_by_role("button", name="Mark Received").click()

    expect(order_row.get_by_role("button", name="Mark Pending")).to_be_visible()
    order.refresh_from_db()
    assert order.status == Order.Status.RECEIVED

    order_row.get_by_role("link", name=order.payment_intent_id).click()
    expect(page).to_have_url(re.compile(r"/orders$"))
    expect(page.get_by_text(order.payment_intent_id)).to_be_visible()


def test_a_user_disabled_by_an_admin_is_turned_away(new_page, shop_admin):
    shopper = UserFactory(email="runner@sneakers.test")
    shopper_page = new_page()
    signed_in(shopper_page, shopper)
    page = new_page()
    signed_in(page, shop_admin)
    page.goto("/admin")

    # The admin's own row cannot be changed; the shopper's can
    expect(row(page, "Users", shop_admin.email).get_by_role("button", name="Disable")).to_be_disabled()
    row(page, "Users", shopper.email).get_by_role("button", name="Disable").click()
    expect(row(page, "Users", shopper.email).get_by_role("button", name="Enable")).to_be_visible()
    shopper.refresh_from_db()
    assert shopper.status == User.Status.DISABLED

    # The shopper's next page load warns them, sends them home and signs them out
    shopper_page.reload()
    expect(popup(shopper_page, DISABLED)).to_be_visible()
    expect(shopper_page).to_have_url(re.compile(r"/$"))
    shopper_page.goto("/account")
    expect(shopper_page).to_have_url(re.compile(r"/signin$"))


def test_the_manager_flag_and_a_refusal_with_the_servers_reason(admin_page):
    page = admin_page
    helper = UserFactory(email="helper@sneakers.test")
    UserFactory(email="staff@sneakers.test", is_staff=True)
    page.reload()

    manager = row(page, "Users", helper.email).get_by_role("switch", name="Manager")
    manager.click()
    expect(manager).to_be_checked()
    helper.refresh_from_db()
    assert helper.manager is True

    row(page, "Users", "staff@sneakers.test").get_by_role("button", name="Disable").click()
    refusal = popup(page, "Not changed")
    expect(refusal).to_contain_text("Staff accounts are changed in the Django admin.")
    assert User.objects.get(email="staff@sneakers.test").status == User.Status.ENABLED


def test_the_other_owner_is_refused_with_the_servers_reason(admin_page, settings):
    page = admin_page
    settings.SHOP_ADMIN_EMAILS = [*settings.SHOP_ADMIN_EMAILS, "boss@sneakers.test"]
    UserFactory(email="boss@sneakers.test")
    page.reload()

    row(page, "Users", "boss@sneakers.test").get_by_role("button", name="Disable").click()

    expect(popup(page, "Not changed")).to_contain_text("The shop's owners are changed only by the operator's command.")
    expect(row(page, "Users", "boss@sneakers.test").get_by_role("button", name="Disable")).to_be_visible()
    assert User.objects.get(email="boss@sneakers.test").status == User.Status.ENABLED


def test_an_admin_deletes_a_shoe_and_a_brand_through_the_confirmations(admin_page):
    page = admin_page
    ShoeFactory(name="Old Runner", brand=BrandFactory(name="Puma"))
    BrandFactory(name="Adidas")
    page.reload()

    # The shoe: asked first, then gone
    row(page, "Products", "Old Runner").get_by_role("button", name="Delete").click()
    confirm_delete(page)
    wait_for_popup(page, "Deleted!")
    expect(table(page, "Products")).not_to_contain_text("Old Runner")
    assert not Shoe.objects.filter(name="Old Runner").exists()

    # A brand: asked first, then gone
    row(page, "Brands", "Adidas").get_by_role("button", name="Delete").click()
    confirm_delete(page)
    wait_for_popup(page, "Deleted!")
    expect(table(page, "Brands")).not_to_contain_text("Adidas")
    assert list(Brand.objects.values_list("name", flat=True)) == ["Puma"]


def test_a_shoe_with_an_order_is_archived_by_its_delete_and_an_admin_restores_it(admin_page, new_page, shopper):
    page = admin_page
    shoe = ShoeFactory(name="Old Runner", brand=BrandFactory(name="Puma"), price=Decimal("99.99"), sizes={"9": 3})
    ShoeFactory(name="Suede", brand=BrandFactory(name="Puma"), sizes={"9": 3})
    order = OrderFactory(user=shopper, amount=9999)
    OrderLineFactory(order=order, shoe=shoe, quantity=1, unit_price=9999)
    page.reload()

    # The admin deletes it through the same confirmations: it leaves Products for Archived
    row(page, "Products", "Old Runner").get_by_role("button", name="Delete").click()
    confirm_delete(page)
    wait_for_popup(page, "Deleted!")
    expect(table(page, "Products")).not_to_contain_text("Old Runner")
    expect(row(page, "Archived", "Old Runner")).to_contain_text("Puma")

    # The shop no longer shows it, and its page is not found
    visitor = new_page()
    visitor.goto("/products")
    catalogue = visitor.get_by_role("region", name="PRODUCTS")
    expect(card(catalogue, "Suede")).to_be_visible()
    expect(catalogue).not_to_contain_text("Old Runner")
    assert visitor.goto(f"/products/{shoe.pk}").status == 404
    expect(visitor.get_by_role("heading", name="Page not found")).to_be_visible()

    # The shopper's order still shows what they bought
    buyer = new_page()
    signed_in(buyer, shopper)
    buyer.goto(f"/order/{order.payment_intent_id}")
    line = buyer.get_by_role("table").get_by_role("row").nth(1)
    expect(line.get_by_role("cell")).to_have_text(["Old Runner", "1", "9", money("99.99")])
    assert Shoe.objects.filter(pk=shoe.pk, archived_at__isnull=False).exists()

    # The admin restores it: back in Products and in the shop
    row(page, "Archived", "Old Runner").get_by_role("button", name="Restore").click()
    expect(row(page, "Products", "Old Runner")).to_be_visible()
    expect(table(page, "Archived")).to_contain_text("No archived shoes.")
    visitor.goto(f"/products/{shoe.pk}")
    expect(visitor.get_by_role("heading", level=1, name="Old Runner")).to_be_visible()
    buyer.reload()
    expect(line.get_by_role("link", name="Old Runner")).to_have_attribute("href", f"/products/{shoe.pk}")


def test_a_brand_that_still_has_shoes_is_kept_with_the_servers_reason(admin_page):
    page = admin_page
    ShoeFactory(name="Suede", brand=BrandFactory(name="Puma"))
    page.reload()

    row(page, "Brands", "Puma").get_by_role("button", name="Delete").click()
    confirm_delete(page)
    refusal = popup(page, "Not deleted")
    expect(refusal).to_contain_text("The brand Puma still has 1 shoe")
    expect(table(page, "Brands")).to_contain_text("Puma")
    assert Brand.objects.filter(name="Puma").exists()


def test_the_users_table_asks_for_4_a_page(admin_page):
    page = admin_page
    for number in range(5):
        UserFactory(email=f"runner{number}@sneakers.test")
    page.reload()

    users = table(page, "Users")
    pager = users.get_by_role("navigation", name="Pages of Users")
    expect(users.get_by_role("row")).to_have_count(5)
    expect(pager).to_contain_text("Page 1 of 2")
    expect(pager.get_by_role("button", name="Previous")).to_have_count(0)
    pager.get_by_role("button", name="Next").click()
    expect(pager).to_contain_text("Page 2 of 2")
    expect(users.get_by_role("row")).to_have_count(3)
    pager.get_by_role("button", name="Previous").click()
    expect(pager).to_contain_text("Page 1 of 2")


def test_a_shopper_who_types_admin_lands_home_without_the_admin_chunks(new_page, shopper):
    page = new_page()
    signed_in(page, shopper)
    urls = requests_of(page)

    page.goto("/admin")

    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("region", name="CATALOGUE")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert not admin_code_in(urls)


def test_a_shoppers_visit_never_downloads_the_admin_chunks(db, new_page, shop_admin):
    ShoeFactory(name="Air Swift", on_sale=True, sizes={"9": 3})

    # A visitor on the home page and the product list
    page = new_page()
    urls = requests_of(page)
    page.goto("/")
    expect(page.get_by_role("region", name="CATALOGUE")).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.goto("/products")
    page.wait_for_load_state("networkidle")
    assert [url for url in urls if url.endswith(".js")], "the storefront's own JavaScript was requested"
    assert not admin_code_in(urls)

    # An admin's browser asks for the dashboard's when it opens: the files watched for are the right ones
    admin = new_page()
    signed_in(admin, shop_admin)
    admin_urls = requests_of(admin)
    admin.get_by_role("link", name="Admin").click()
    expect(admin.get_by_role("heading", level=1, name="ADMIN DASHBOARD")).to_be_visible()
    assert [url for url in admin_urls if admin_chunk_files()["AdminDashboard"] in url]
