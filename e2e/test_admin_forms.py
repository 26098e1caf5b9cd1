"""The admin forms in the browser: a brand, a shoe with its picture, a size and a modify that keeps the sale;
every form rule's message with nothing sent; the server's refusals under their fields; an order on /orders."""

import re
from decimal import Decimal

import pytest
from PIL import Image
from playwright.sync_api import expect

from catalog.models import Brand, Shoe
from catalog.tests.factories import BrandFactory, ShoeFactory
from orders.tests.factories import OrderFactory, OrderLineFactory

from .storefront import popup, signed_in, wait_for_popup

NO_SHOE_SELECTED = "No shoe is selected. Choose one in the Products table of the dashboard."
NO_ORDER_SELECTED = "No order is selected. Choose one in the Clients table of the dashboard."


@pytest.fixture
def admin_page(page, shop_admin):
    """The page of an administrator who signed in through /signin; no API call is left running at the end."""
    in_flight = set()
    page.on("request", lambda request: in_flight.add(request) if "/api/" in request.url else None)
    page.on("requestfinished", lambda request: in_flight.discard(request))
    page.on("requestfailed", lambda request: in_flight.discard(request))
    signed_in(page, shop_admin)
    yield page
    # The dashboard loads its tables and figures on arrival: let them land before the database goes.
    for _ in range(100):
        if not in_flight:
            break
        page.wait_for_timeout(100)


@pytest.fixture
def png(tmp_path):
    """A small real picture to upload."""
    path = tmp_path / "ride-fast.png"
    Image.new("RGB", (64, 48), (0, 255, 1)).save(path)
    return path


@pytest.fixture
def air_swift(db):
    """A shoe on sale with two sizes."""
    return ShoeFactory(
        name="Air Swift",
        brand=BrandFactory(name="Nike"),
        price=Decimal("99.99"),
        on_sale=True,
        sizes={"9": 5, "9.5": 3},
    )


CATALOG_CALL = re.compile(r"/api/(shoes|brands)\b")


def catalog_writes(page) -> list:
    """The requests that would change the catalogue (shoes, sizes, brands) the page sends from now on."""
    sent = []

    def record(request):
        if request.method != "GET" and CATALOG_CALL.search(request.url):
            sent.append(request)

    page.on("request", record)
    return sent


def field(page, label: str):
    """A form field by its label; exact, as the form itself is named after the screen (Create size)."""
    return page.get_by_label(label, exact=True)


def fill(page, values: dict) -> None:
    """Fills the form's fields by their labels; '' empties one."""
    for label, value in values.items():
        field(page, label).fill(value)


def expect_messages(page, *messages: str) -> None:
    for message in messages:
        expect(page.get_by_text(message, exact=True)).to_be_visible()


def select_in_products(page, name: str) -> None:
    """On /admin, selects the shoe in the Products table; its row then offers Modify and Create size."""
    page.goto("/admin")
    products = page.get_by_role("region", name="Products")
    products.get_by_role("row").filter(has_text=name).get_by_role("button", name="Select").click()
    expect(products.get_by_role("link", name="Modify", exact=True)).to_be_visible()


def test_an_admin_creates_a_brand_then_a_shoe_of_it_with_a_picture(admin_page, png):
    page = admin_page

    # When the admin creates a brand
    page.goto("/createbrand")
    expect(page.get_by_role("heading", name="Create Brand")).to_be_visible()
    fill(page, {"Brand name": "Saucony"})
    page.get_by_role("button", name="Create", exact=True).click()

    # Then the server's message shows, the form is empty and the brand exists
    wait_for_popup(page, "The brand Saucony was created")
    expect(field(page, "Brand name")).to_have_value("")
    assert list(Brand.objects.values_list("name", flat=True)) == ["Saucony"]

    # When the admin adds a shoe of that brand, named in another case, with a picture
    page.get_by_role("link", name="Back to Admin").click()
    expect(page).to_have_url(re.compile(r"/admin$"))
    page.goto("/createshoes")
    expect(page.get_by_role("heading", name="Add some new shoes to the store!")).to_be_visible()
    fill(
        page,
        {
            "Brand": "saucony",
            "Name": "Ride Fast",
            "Color": "Blue",
            "Price": "120.50",
            "Size": "9.5",
            "Quantity": "4",
            "Description": "Soft daily trainer",
        },
    )
    field(page, "Image").set_input_files(png)
    page.get_by_role("button", name="Create", exact=True).click()

    # Then the spec's toast shows, the form is empty, and the shop has the shoe, its size and its picture
    wait_for_popup(page, "Your shoe was added to store")
    for label in ("Brand", "Name", "Color", "Price", "Size", "Quantity", "Description"):
        expect(field(page, label)).to_have_value("")
    shoe = Shoe.objects.get()
    assert (shoe.brand.name, shoe.name, shoe.color, shoe.price, shoe.description, shoe.on_sale) == (
        "Saucony",
        "Ride Fast",
        "Blue",
        Decimal("120.50"),
        "Soft daily trainer",
        False,
    )
    assert [(entry.size_label, entry.quantity) for entry in shoe.stock.all()] == [("9.5", 4)]
    assert shoe.image.name.endswith(".webp")

    # And shoppers see it with its picture
    page.goto(f"/products/{shoe.pk}")
    expect(page.get_by_role("heading", level=1, name="Ride Fast")).to_be_visible()
    expect(page.get_by_role("img", name="Saucony Ride Fast")).to_have_attribute("src", re.compile(shoe.image.url))


def test_an_admin_adds_a_size_then_modifies_a_shoe_on_sale_which_stays_on_sale(admin_page, air_swift):
    page = admin_page

    # Given the shoe selected in the dashboard's Products table
    select_in_products(page, "Air Swift")

    # When the admin adds a size to it
    page.get_by_role("region", name="Products").get_by_role("link", name="Create size").click()
    expect(page).to_have_url(re.compile(r"/createsize$"))
    expect(page.get_by_text("For Air Swift by Nike. Sizes (pairs): 9 (5), 9.5 (3)")).to_be_visible()
    fill(page, {"Size": "10", "Quantity": "2"})
    page.get_by_role("button", name="Create", exact=True).click()

    # Then the server's message shows, the form is empty and the shoe has the size
    wait_for_popup(page, "Size 10 added to Air Swift with 2 pairs")
    expect(field(page, "Size")).to_have_value("")
    expect(page.get_by_text("For Air Swift by Nike. Sizes (pairs): 9 (5), 9.5 (3), 10 (2)")).to_be_visible()
    assert dict(air_swift.stock.values_list("size", "quantity")) == {
        Decimal("9"): 5,
        Decimal("9.5"): 3,
        Decimal("10"): 2,
    }

    # When the admin opens Modify from the dashboard, once it has the shoe as the server has it now: the
    # form is the shoe's, its sizes the new one too
    with page.expect_response(lambda answer: answer.url.endswith(f"/api/shoes/{air_swift.pk}")):
        page.get_by_role("link", name="Back to Admin").click()
    expect(page.get_by_role("region", name="Products")).to_have_attribute("aria-busy", "false")
    page.get_by_role("region", name="Products").get_by_role("link", name="Modify", exact=True).click()
    expect(page).to_have_url(re.compile(r"/modifshoe$"))
    expect(field(page, "Name")).to_have_value("Air Swift")
    expect(field(page, "Brand")).to_have_value("Nike")
    expect(field(page, "Price")).to_have_value("99.99")
    expect(field(page, "Size").locator("option")).to_have_text(["Keep the sizes as they are", "9", "9.5", "10"])

    # And changes the price and the stock of size 9
    fill(page, {"Price": "89.90"})
    field(page, "Size").select_option("9")
    expect(field(page, "Quantity")).to_have_value("5")
    fill(page, {"Quantity": "7"})
    sent = catalog_writes(page)
    page.get_by_role("button", name="Modify", exact=True).click()

    # Then the spec's toast shows, the dashboard is back, and the shoe changed without leaving the sale
    expect(popup(page, "Your modified shoe was added to store")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/admin$"))
    air_swift.refresh_from_db()
    assert (air_swift.price, air_swift.on_sale) == (Decimal("89.90"), True)
    assert air_swift.stock.get(size=Decimal("9")).quantity == 7
    [modify] = sent
    assert modify.method == "PUT"
    assert "multipart/form-data" in modify.headers["content-type"]
    assert 'name="onSale"' not in modify.post_data


def test_each_form_rule_shows_its_message_and_nothing_is_sent(admin_page, air_swift):
    page = admin_page
    sent = catalog_writes(page)

    # Create Brand: empty, then more than letters
    page.goto("/createbrand")
    create = page.get_by_role("button", name="Create", exact=True)
    create.click()
    expect_messages(page, "Enter a valid brand name")
    fill(page, {"Brand name": "Nike2"})
    create.click()
    expect_messages(page, "The name can only contain letters and spaces")

    # Create Shoes: every field empty, then bad values
    page.goto("/createshoes")
    create.click()
    expect_messages(
        page,
        "Enter a valid brand",
        "Enter a valid name",
        "Enter a valid color",
        "Enter a valid price",
        "Enter a valid size",
        "Enter a valid quantity",
        "Enter a valid description",
    )
    fill(
        page,
        {
            "Brand": "Nike",
            "Name": "Air Max 90",
            "Color": "Black",
            "Price": "cheap",
            "Size": "nine",
            "Quantity": "many",
            "Description": "Light",
        },
    )
    create.click()
    expect_messages(page, "The name can only contain letters and spaces")
    expect(page.get_by_text("Only numbers", exact=True)).to_have_count(3)

    # Create size, for the selected shoe: empty, then words
    select_in_products(page, "Air Swift")
    page.get_by_role("region", name="Products").get_by_role("link", name="Create size").click()
    create.click()
    expect_messages(page, "Enter a valid size", "Enter a valid quantity")
    fill(page, {"Size": "ten", "Quantity": "two"})
    create.click()
    expect_messages(page, "The size can only contain number", "The quantity can only contain number")

    # Modify Shoes: emptied fields, a size without its quantity, a file that is no picture
    page.get_by_role("link", name="Back to Admin").click()
    page.get_by_role("region", name="Products").get_by_role("link", name="Modify", exact=True).click()
    fill(page, {"Brand": "", "Name": "", "Color": "", "Price": "", "Description": ""})
    field(page, "Size").select_option("9.5")
    fill(page, {"Quantity": ""})
    field(page, "Image").set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"not a picture"}]
    )
    modify = page.get_by_role("button", name="Modify", exact=True)
    modify.click()
    expect_messages(
        page,
        "Enter a valid brand",
        "Enter a valid name",
        "Enter a valid color",
        "Enter a valid price",
        "Enter a valid quantity",
        "Enter a valid description",
        "Add a valid image",
    )
    expect(page).to_have_url(re.compile(r"/modifshoe$"))

    # Then not one of them reached the shop
    assert sent == []
    assert Brand.objects.count() == 1
    air_swift.refresh_from_db()
    assert (air_swift.name, air_swift.stock.count()) == ("Air Swift", 2)


def test_the_servers_refusals_show_under_their_fields_with_the_spec_failure_texts(admin_page, air_swift):
    page = admin_page

    # A brand the shop has: the form emptied on sending, then the name comes back with the reason
    page.goto("/createbrand")
    fill(page, {"Brand name": "nike"})
    page.get_by_role("button", name="Create", exact=True).click()
    expect(popup(page, "Something went wrong creating your brand")).to_be_visible()
    expect_messages(page, "The brand nike already exists")
    expect(field(page, "Brand name")).to_have_value("nike")
    assert Brand.objects.count() == 1

    # A shoe of a brand the shop does not have
    page.goto("/createshoes")
    fill(
        page,
        {
            "Brand": "Reebok",
            "Name": "Classic",
            "Color": "White",
            "Price": "80",
            "Size": "9",
            "Quantity": "1",
            "Description": "Leather classic",
        },
    )
    page.get_by_role("button", name="Create", exact=True).click()
    expect(popup(page, "Something went wrong creating your shoes")).to_be_visible()
    expect_messages(page, "There is no brand Reebok; create it first")
    expect(field(page, "Name")).to_have_value("Classic")
    assert Shoe.objects.count() == 1


def test_an_admin_opens_an_order_from_the_clients_table(admin_page, shopper, air_swift):
    page = admin_page
    order = OrderFactory(user=shopper, amount=29997, payment_intent_id="pi_e2e_admin_order")
    OrderLineFactory(order=order, shoe=air_swift, size=Decimal("9.5"), quantity=3, unit_price=9999)

    # A direct visit with nothing selected says so and leads back to the dashboard
    page.goto("/orders")
    expect_messages(page, NO_ORDER_SELECTED)
    page.get_by_role("link", name="Back to Admin").click()
    expect(page).to_have_url(re.compile(r"/admin$"))

    # When the admin opens the order from the Clients / orders table
    page.get_by_role("region", name="Clients / orders").get_by_role("link", name="pi_e2e_admin_order").click()

    # Then /orders shows it: payment id, client, the shoes with quantity, size and price, total, status
    expect(page).to_have_url(re.compile(r"/orders$"))
    expect(page.get_by_role("heading", level=1, name="ORDER")).to_be_visible()
    expect(page.get_by_text("pi_e2e_admin_order", exact=True)).to_be_visible()
    expect(page.get_by_text(shopper.email, exact=True)).to_be_visible()
    rows = page.get_by_role("table").get_by_role("row")
    expect(rows).to_have_count(2)
    expect(rows.nth(1).get_by_role("cell")).to_have_text(["Air Swift", "3", "9.5", "$99.99", "Refund 1 pair"])
    expect(page.get_by_text("$299.97", exact=True)).to_be_visible()
    # With where it ships (a factory's order has no address) and where its money stands
    expect(page.get_by_text("Not recorded", exact=True)).to_be_visible()
    expect(page.get_by_text("Paid", exact=True)).to_be_visible()
    expect(page.get_by_text("Pending", exact=True)).to_be_visible()
    page.get_by_role("link", name="Back to Admin").click()
    expect(page).to_have_url(re.compile(r"/admin$"))


def test_the_forms_of_the_selected_shoe_opened_with_none_selected_lead_back(admin_page):
    page = admin_page
    for path, title in (("/createsize", "Create size"), ("/modifshoe", "Modify Shoes")):
        page.goto(path)
        expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
        expect_messages(page, NO_SHOE_SELECTED)
        expect(page.get_by_role("link", name="Back to Admin")).to_have_attribute("href", "/admin")
