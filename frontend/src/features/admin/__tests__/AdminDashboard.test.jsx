import { act, screen, waitFor, within } from "@testing-library/react";
import { confirmPopup, errorPopup, successPopup } from "../../../lib/popup";
import { orderRow, statsFixture, userRow } from "../../../testing/adminFixtures";
import { flushPromises, installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";

jest.mock("../../../lib/popup");

const ME = userRow(1, { email: "admin@sneakers.test", isAdmin: true });
const users = [ME, userRow(2), userRow(3), userRow(4), userRow(5), userRow(6)];
const orders = [orderRow(1), orderRow(2, { status: "Received" })];
const shoes = [1, 2, 3, 4, 5, 6].map((id) => shoeFixture({ _id: id, name: `Runner ${id}`, price: 99.5 }));
const brands = [
  { _id: 1, name: "Adidas" },
  { _id: 2, name: "Nike" },
];
const archived = [
  { _id: 7, name: "Old Cortez", brand: "Nike", image: "/media/shoes/7.webp", color: "White", price: 70 },
].map((shoe) => ({ ...shoe, archivedAt: "2026-11-20T10:00:00Z" }));
const IN_USE = "The brand Nike still has 2 shoes; delete them or move them to another brand first.";
const STAFF = "Staff accounts are changed in the Django admin.";
const OWNER = "The shop's owners are changed only by the operator's command.";
const ELIMINATED =
  "This account is Eliminated, which is final: only the operator's command (set_user_status) changes it.";

// A small shop behind the fake API: lists answer a page at ?limit=&offset= (the plain list without),
// and the writes below change what the next page shows, as the server would. Answers are copies, as
// JSON off the wire is: the store freezes what it keeps.
const copied = (value) => JSON.parse(JSON.stringify(value));

function fakeShop() {
  const db = {
    users: users.map((row) => ({ ...row })),
    orders: orders.map((row) => ({ ...row })),
    shoes: shoes.map((row) => ({ ...row })),
    brands: brands.map((row) => ({ ...row })),
    archived: archived.map((row) => ({ ...row })),
  };
  const list = (key) => (request) => {
    const query = new URLSearchParams(request.path.split("?")[1]);
    if (!query.has("limit")) return copied(db[key]);
    const offset = Number(query.get("offset"));
    return page(copied(db[key].slice(offset, offset + Number(query.get("limit")))), db[key].length);
  };
  const answers = {
    "GET /brands": list("brands"),
    "GET /admin/stats": statsFixture(),
    "GET /users": list("users"),
    "GET /cart": list("orders"),
    "GET /shoes": list("shoes"),
    "GET /shoes/archived": list("archived"),
    "GET /admin/mostWantedSizes": [
      { shoeId: 3, name: "Runner 3", brand: "Nike", size: "9.5", waiting: 4 },
      { shoeId: 5, name: "Court 5", brand: "Vans", size: "10", waiting: 1 },
    ],
  };
  return { db, answers, list };
}

// PUT {field} on the row of that key answers the row as changed.
const changes = (rows, key, value) => (request) => {
  const row = rows.find((each) => each[key] === value);
  Object.assign(row, request.body);
  return copied(row);
};

async function renderDashboard(extra = () => ({}), { paging = { offsets: {}, counts: {} } } = {}) {
  const shop = fakeShop();
  const calls = installFakeApi({ ...shop.answers, ...extra(shop.db) });
  const view = renderWithProviders({
    path: "/admin",
    preloadedState: { account: { user: ME, status: "signedIn" }, paging },
  });
  await screen.findByRole("heading", { level: 1, name: "ADMIN DASHBOARD" });
  await screen.findByText("Runner 1");
  await act(() => flushPromises());
  return { ...view, calls, shop };
}

const table = (name) => screen.getByRole("region", { name });
const rowOf = (name, text) =>
  within(table(name))
    .getAllByRole("row")
    .find((row) => within(row).queryByText(text));
const callsTo = (calls, method, path) => calls.filter((call) => call.method === method && call.path === path);

// The admin chunk, loaded once before the tests rather than by the first one's lazy route, which
// could outlast its wait on a busy machine.
beforeAll(() => import(".."));

beforeEach(() => {
  jest.clearAllMocks();
  confirmPopup.mockResolvedValue(true);
});

describe("the top and the tiles", () => {
  test("Create shoes and Create brand lead to their forms; Orders and Sales show the stats", async () => {
    await renderDashboard();
    expect(screen.getByRole("link", { name: "Create shoes" })).toHaveAttribute("href", "/createshoes");
    expect(screen.getByRole("link", { name: "Create brand" })).toHaveAttribute("href", "/createbrand");
    expect(within(screen.getByRole("group", { name: "Orders" })).getByText("42")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Sales" })).getByText("$1,234.56")).toBeInTheDocument();
  });

  test("the chart of the last 30 days: a bar a day, described in words", async () => {
    await renderDashboard();
    const chart = screen.getByRole("img", { name: "Sales by day, last 30 days" });
    expect(chart).toHaveAccessibleDescription(
      "$389.97 in 3 orders; the best day was 2026-11-28 with $259.98.",
    );
    expect(chart.querySelectorAll("rect")).toHaveLength(30);
    expect(screen.getByText("2026-11-30: $129.99 (1 order)")).toBeInTheDocument();
  });

  test("Back Home leads home; Logout signs out with 'You logout' and goes home", async () => {
    const { user, calls, router, store } = await renderDashboard(() => ({
      "POST /auth/signout": [204, undefined],
    }));
    const bar = screen.getByRole("navigation", { name: "Admin" });
    expect(within(bar).getByRole("link", { name: "Back Home" })).toHaveAttribute("href", "/");

    await user.click(within(bar).getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(callsTo(calls, "POST", "/auth/signout")).toHaveLength(1);
    expect(successPopup).toHaveBeenCalledWith("You logout");
    expect(store.getState().account.status).toBe("signedOut");
    // What the admin saw is not left for the next person on this browser.
    const kept = Object.values(store.getState().api.queries).map((entry) => entry.endpointName);
    expect(kept).not.toEqual(expect.arrayContaining(["usersPage"]));
    // The home page's own public calls are asked afresh (its next releases among them).
    const publicCalls = ["brands", "cataloguePage", "salePage", "releases"];
    expect(kept.filter((name) => !publicCalls.includes(name))).toEqual([]);
  });
});

describe("Users", () => {
  test("4 a page: Next asks for the next page, Previous (hidden on the first) goes back", async () => {
    const { user, calls } = await renderDashboard();
    const pager = within(table("Users")).getByRole("navigation", { name: "Pages of Users" });
    expect(within(table("Users")).getAllByRole("row")).toHaveLength(5);
    expect(within(pager).queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();

    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await within(table("Users")).findByText("user6@example.com")).toBeInTheDocument();
    expect(callsTo(calls, "GET", "/users?limit=4&offset=4")).toHaveLength(1);
    expect(within(pager).getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(within(pager).getByRole("button", { name: "Previous" }));
    expect(await within(table("Users")).findByText("user2@example.com")).toBeInTheDocument();
  });

  test("a page left empty (users gone since) goes back to the first", async () => {
    const { calls } = await renderDashboard(undefined, {
      paging: { offsets: { adminUsers: 8 }, counts: {} },
    });
    expect(await within(table("Users")).findByText("user2@example.com")).toBeInTheDocument();
    expect(callsTo(calls, "GET", "/users?limit=4&offset=8")).toHaveLength(1);
    expect(callsTo(calls, "GET", "/users?limit=4&offset=0")).toHaveLength(1);
  });

  test("Disable sends {status: 'Disabled'}, then the table is loaded again", async () => {
    const { user, calls } = await renderDashboard((db) => ({ "PUT /users/2": changes(db.users, "_id", 2) }));
    const row = rowOf("Users", "user2@example.com");
    expect(within(row).getByText("Enabled")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Disable" }));

    expect(
      await within(rowOf("Users", "user2@example.com")).findByRole("button", { name: "Enable" }),
    ).toBeInTheDocument();
    expect(callsTo(calls, "PUT", "/users/2")[0].body).toEqual({ status: "Disabled" });
    await waitFor(() => expect(callsTo(calls, "GET", "/users?limit=4&offset=0")).toHaveLength(2));
  });

  test("the manager switch sends {manager: true}", async () => {
    const { user, calls } = await renderDashboard((db) => ({ "PUT /users/3": changes(db.users, "_id", 3) }));
    const manager = within(rowOf("Users", "user3@example.com")).getByRole("switch", { name: "Manager" });
    expect(manager).not.toBeChecked();

    await user.click(manager);

    await waitFor(() => expect(manager).toBeChecked());
    expect(callsTo(calls, "PUT", "/users/3")[0].body).toEqual({ manager: true });
  });

  test("a refusal shows the server's reason and changes nothing", async () => {
    const { user } = await renderDashboard(() => ({
      "PUT /users/4": [409, { detail: STAFF, code: "staff_account" }],
    }));
    await user.click(within(rowOf("Users", "user4@example.com")).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Not changed", { text: STAFF }));
    expect(within(rowOf("Users", "user4@example.com")).getByText("Enabled")).toBeInTheDocument();
  });

  test("an owner's refusal (403) shows the server's reason and leaves the switch as it was", async () => {
    const { user } = await renderDashboard(() => ({
      "PUT /users/2": [403, { detail: OWNER, code: "shop_owner" }],
    }));
    const manager = within(rowOf("Users", "user2@example.com")).getByRole("switch", { name: "Manager" });

    await user.click(manager);

    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Not changed", { text: OWNER }));
    expect(manager).not.toBeChecked();
    expect(within(rowOf("Users", "user2@example.com")).getByText("Enabled")).toBeInTheDocument();
  });

  test("an Eliminated account stays so: the server's 409 shows as a readable reason", async () => {
    const { user, shop } = await renderDashboard((db) => {
      db.users.find((row) => row._id === 3).status = "Eliminated";
      return { "PUT /users/3": [409, { detail: ELIMINATED, code: "account_eliminated" }] };
    });
    const row = rowOf("Users", "user3@example.com");
    expect(within(row).getByText("Eliminated")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Enable" }));

    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Not changed", { text: ELIMINATED }));
    expect(within(rowOf("Users", "user3@example.com")).getByText("Eliminated")).toBeInTheDocument();
    expect(shop.db.users.find((row) => row._id === 3).status).toBe("Eliminated");
  });

  test("the admin's own row cannot be changed", async () => {
    await renderDashboard();
    const own = rowOf("Users", "admin@sneakers.test");
    expect(within(own).getByText("(you)")).toBeInTheDocument();
    expect(within(own).getByRole("button", { name: "Disable" })).toBeDisabled();
    expect(within(own).getByRole("switch", { name: "Manager" })).toBeDisabled();
  });
});

describe("Clients / orders", () => {
  test("each order: client, payment id, date (10 characters), total and status", async () => {
    await renderDashboard();
    const cells = within(rowOf("Clients / orders", "pi_test_1")).getAllByRole("cell");
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "client1@example.com",
      "pi_test_1",
      "2026-11-01",
      "$129.99",
      "Pending Mark Received",
    ]);
  });

  test("Mark Received sends {status: 'Received'} by payment id", async () => {
    // The server answers the order without its client; the row keeps it.
    const { user, calls } = await renderDashboard((db) => ({
      "PUT /cart/order/pi_test_1": (request) => {
        const order = changes(db.orders, "idPayment", "pi_test_1")(request);
        delete order.client;
        return order;
      },
    }));
    await user.click(
      within(rowOf("Clients / orders", "pi_test_1")).getByRole("button", { name: "Mark Received" }),
    );
    expect(
      await within(rowOf("Clients / orders", "pi_test_1")).findByRole("button", { name: "Mark Pending" }),
    ).toBeInTheDocument();
    expect(callsTo(calls, "PUT", "/cart/order/pi_test_1")[0].body).toEqual({ status: "Received" });
  });

  test("the payment id opens the order on /orders", async () => {
    const { user, router, store } = await renderDashboard();
    await user.click(within(table("Clients / orders")).getByRole("link", { name: "pi_test_2" }));
    // /orders is a lazy screen: the router moves once its chunk has loaded, later on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(store.getState().adminSelection.order).toEqual(orders[1]);
  });
});

describe("Products", () => {
  test("5 a page, each with its name, brand and price; Next asks for the next 5", async () => {
    const { user, calls } = await renderDashboard();
    const cells = within(rowOf("Products", "Runner 1")).getAllByRole("cell");
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual(["Runner 1", "Nike", "$99.50"]);
    expect(within(table("Products")).getAllByRole("row")).toHaveLength(6);

    await user.click(within(table("Products")).getByRole("button", { name: "Next" }));
    expect(await within(table("Products")).findByText("Runner 6")).toBeInTheDocument();
    expect(callsTo(calls, "GET", "/shoes?limit=5&offset=5")).toHaveLength(1);
  });

  test("the On sale switch sends {onSale: true}", async () => {
    const { user, calls } = await renderDashboard((db) => ({
      "PUT /admin/onsale/2": changes(db.shoes, "_id", 2),
    }));
    const onSale = within(rowOf("Products", "Runner 2")).getByRole("switch", { name: "On sale" });
    await user.click(onSale);
    await waitFor(() => expect(onSale).toBeChecked());
    expect(callsTo(calls, "PUT", "/admin/onsale/2")[0].body).toEqual({ onSale: true });
  });

  test("Select narrows the table to that shoe and offers Modify and Create size; All shoes brings the page back", async () => {
    const { user, store } = await renderDashboard(() => ({ "GET /shoes/3": shoes[2] }));
    await user.click(within(rowOf("Products", "Runner 3")).getByRole("button", { name: "Select" }));

    await waitFor(() => expect(within(table("Products")).getAllByRole("row")).toHaveLength(2));
    expect(store.getState().adminSelection.shoe).toEqual(shoes[2]);
    const row = rowOf("Products", "Runner 3");
    expect(within(row).getByRole("link", { name: "Modify" })).toHaveAttribute("href", "/modifshoe");
    expect(within(row).getByRole("link", { name: "Create size" })).toHaveAttribute("href", "/createsize");
    expect(within(table("Products")).queryByRole("navigation")).not.toBeInTheDocument();

    await user.click(within(table("Products")).getByRole("button", { name: "All shoes" }));
    expect(await within(table("Products")).findByText("Runner 5")).toBeInTheDocument();
    expect(store.getState().adminSelection.shoe).toBeNull();
  });

  test("Delete asks first, then deletes and says 'Deleted!'", async () => {
    const { user, calls } = await renderDashboard((db) => ({
      "DELETE /shoes/2": () => {
        db.shoes.splice(1, 1);
        return [204, undefined];
      },
    }));
    await user.click(within(rowOf("Products", "Runner 2")).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Deleted!"));
    expect(confirmPopup).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Are you sure?", text: "You won't be able to revert this!" }),
    );
    expect(callsTo(calls, "DELETE", "/shoes/2")).toHaveLength(1);
    await waitFor(() => expect(callsTo(calls, "GET", "/shoes?limit=5&offset=0")).toHaveLength(2));
  });

  test("deleting the selected shoe ends the selection and brings the page back", async () => {
    const { user, store } = await renderDashboard((db) => ({
      "GET /shoes/3": shoes[2],
      "DELETE /shoes/3": () => {
        db.shoes.splice(2, 1);
        return [204, undefined];
      },
    }));
    await user.click(within(rowOf("Products", "Runner 3")).getByRole("button", { name: "Select" }));
    await within(table("Products")).findByRole("link", { name: "Modify" });

    await user.click(within(rowOf("Products", "Runner 3")).getByRole("button", { name: "Delete" }));

    expect(await within(table("Products")).findByText("Runner 6")).toBeInTheDocument();
    expect(within(table("Products")).queryByText("Runner 3")).not.toBeInTheDocument();
    expect(store.getState().adminSelection.shoe).toBeNull();
  });

  test("Delete cancelled deletes nothing", async () => {
    confirmPopup.mockResolvedValue(false);
    const { user, calls } = await renderDashboard();
    await user.click(within(rowOf("Products", "Runner 2")).getByRole("button", { name: "Delete" }));
    await act(() => flushPromises());
    expect(confirmPopup).toHaveBeenCalled();
    expect(callsTo(calls, "DELETE", "/shoes/2")).toHaveLength(0);
    expect(successPopup).not.toHaveBeenCalled();
  });
});

describe("Archived", () => {
  test("lists the archived shoes with the day each left the shop, and what the table is for", async () => {
    await renderDashboard();
    const cells = within(rowOf("Archived", "Old Cortez")).getAllByRole("cell");
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual([
      "Old Cortez",
      "Nike",
      "$70.00",
      "2026-11-20",
    ]);
    expect(within(table("Archived")).getByText(/kept for that history/)).toBeInTheDocument();
  });

  test("Restore puts the shoe back: it leaves Archived and Products shows it", async () => {
    const { user, calls } = await renderDashboard((db) => ({
      "POST /shoes/7/restore": () => {
        const [shoe] = db.archived.splice(0, 1);
        db.shoes.unshift(shoeFixture({ _id: shoe._id, name: shoe.name, price: shoe.price }));
        return copied(db.shoes[0]);
      },
    }));

    await user.click(within(rowOf("Archived", "Old Cortez")).getByRole("button", { name: "Restore" }));

    expect(await within(table("Products")).findByText("Old Cortez")).toBeInTheDocument();
    expect(callsTo(calls, "POST", "/shoes/7/restore")).toHaveLength(1);
    expect(within(table("Archived")).getByText("No archived shoes.")).toBeInTheDocument();
  });

  test("a shoe the server archived on delete shows up in Archived", async () => {
    const { user } = await renderDashboard((db) => ({
      "DELETE /shoes/2": () => {
        const [shoe] = db.shoes.splice(1, 1);
        db.archived.unshift({ ...shoe, archivedAt: "2026-11-25T10:00:00Z" });
        return [204, undefined];
      },
    }));

    await user.click(within(rowOf("Products", "Runner 2")).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Deleted!"));
    expect(await within(table("Archived")).findByText("Runner 2")).toBeInTheDocument();
    expect(within(table("Products")).queryByText("Runner 2")).not.toBeInTheDocument();
  });

  test("a refused restore shows the server's reason and keeps the row", async () => {
    const { user } = await renderDashboard(() => ({
      "POST /shoes/7/restore": [404, { detail: "That shoe is not archived.", code: "not_found" }],
    }));
    await user.click(within(rowOf("Archived", "Old Cortez")).getByRole("button", { name: "Restore" }));
    await waitFor(() =>
      expect(errorPopup).toHaveBeenCalledWith("Not changed", { text: "That shoe is not archived." }),
    );
    expect(within(table("Archived")).getByText("Old Cortez")).toBeInTheDocument();
  });
});

describe("Brands", () => {
  test("Delete asks first, then deletes and says 'Deleted!'; the header's menu drops it", async () => {
    const { user, calls } = await renderDashboard((db) => ({
      "DELETE /brands/1": () => {
        db.brands.splice(0, 1);
        return [204, undefined];
      },
    }));
    await user.click(within(rowOf("Brands", "Adidas")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Deleted!"));
    expect(callsTo(calls, "DELETE", "/brands/1")).toHaveLength(1);
    // The header's BRANDS menu is asked for again, without the brand.
    await waitFor(() => expect(callsTo(calls, "GET", "/brands")).toHaveLength(2));
    const menu = within(screen.getByRole("banner")).getByRole("list", { hidden: true });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole("link", { hidden: true })
          .map((link) => link.textContent),
      ).toEqual(["Nike"]),
    );
  });

  test("a brand that still has shoes: the server's reason, and the brand stays", async () => {
    const { user } = await renderDashboard(() => ({
      "DELETE /brands/2": [409, { detail: IN_USE, code: "brand_in_use" }],
    }));
    await user.click(within(rowOf("Brands", "Nike")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Not deleted", { text: IN_USE }));
    expect(within(table("Brands")).getByText("Nike")).toBeInTheDocument();
    expect(successPopup).not.toHaveBeenCalled();
  });
});

describe("Brands' size guides (issue 31)", () => {
  const ADIDAS_GUIDE = [{ us: "9", uk: "8.5", eu: "42 2/3", cm: "27" }];
  const guideAnswers = (db, saved = (request) => request.body.sizeGuide) => ({
    "GET /brands/1/sizeGuide": { _id: 1, name: "Adidas", sizeGuide: ADIDAS_GUIDE },
    "GET /brands/2/sizeGuide": { _id: 2, name: "Nike", sizeGuide: [] },
    "PUT /brands/1/sizeGuide": (request) => {
      const sizeGuide = saved(request);
      db.brands[0].hasSizeGuide = sizeGuide.length > 0;
      return { message: "The size guide of Adidas was saved", brand: { _id: 1, name: "Adidas", sizeGuide } };
    },
  });
  const form = () => screen.getByRole("form", { name: "Size guide of Adidas" });
  // Pasted rather than typed key by key: the dashboard is a large tree to re-render per key.
  const fill = async (user, name, text) => {
    await user.click(within(form()).getByRole("textbox", { name }));
    await user.paste(text);
  };
  const openGuide = async (user, brand) => {
    await user.click(within(rowOf("Brands", brand)).getByRole("button", { name: "Size guide" }));
    return screen.findByRole("form", { name: `Size guide of ${brand}` });
  };

  test("an admin edits a brand's rows and saves them whole; the table says it has its own", async () => {
    const { user, calls } = await renderDashboard((db) => {
      db.brands[0].hasSizeGuide = true;
      return guideAnswers(db);
    });
    expect(within(rowOf("Brands", "Adidas")).getByText("Own")).toBeInTheDocument();
    expect(within(rowOf("Brands", "Nike")).getByText("Shop's chart")).toBeInTheDocument();

    await openGuide(user, "Adidas");
    expect(within(form()).getByRole("textbox", { name: "EU, row 1" })).toHaveValue("42 2/3");
    await user.click(within(form()).getByRole("button", { name: "Add a row" }));
    await fill(user, "US, row 2", "10");
    await fill(user, "UK, row 2", "9.5");
    await fill(user, "EU, row 2", "44");
    await user.click(within(form()).getByRole("button", { name: "Remove row 1" }));
    await user.click(within(form()).getByRole("button", { name: "Save size guide" }));

    await waitFor(() => expect(successPopup).toHaveBeenCalledWith("The size guide of Adidas was saved"));
    expect(callsTo(calls, "PUT", "/brands/1/sizeGuide").map((call) => call.body)).toEqual([
      { sizeGuide: [{ us: "10", uk: "9.5", eu: "44", cm: "" }] },
    ]);
    expect(screen.queryByRole("form", { name: "Size guide of Adidas" })).not.toBeInTheDocument();
  });

  test("a brand without a guide starts from the shop's chart", async () => {
    const { user } = await renderDashboard(guideAnswers);
    const nike = await openGuide(user, "Nike");
    expect(
      within(nike).getByText("No rows: this brand's shoes link the shop's size chart."),
    ).toBeInTheDocument();
    await user.click(within(nike).getByRole("button", { name: "Start from the shop's chart" }));
    expect(within(nike).getAllByRole("textbox", { name: /^US, row/ })).toHaveLength(12);
    expect(within(nike).getByRole("textbox", { name: "EU, row 12" })).toHaveValue("47");
    await user.click(within(nike).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Size guide of Nike" })).not.toBeInTheDocument();
  });

  test("rows the shop would refuse are named before anything is sent", async () => {
    const { user, calls } = await renderDashboard(guideAnswers);
    await openGuide(user, "Adidas");
    await user.click(within(form()).getByRole("button", { name: "Add a row" }));
    await fill(user, "US, row 2", "9.0");
    await fill(user, "UK, row 2", "8");
    await fill(user, "EU, row 2", "99");
    await user.click(within(form()).getByRole("button", { name: "Save size guide" }));

    const alert = within(form()).getByRole("alert");
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Row 2: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3.",
      "The US size 9 is in the guide twice: give each US size one row.",
    ]);
    expect(callsTo(calls, "PUT", "/brands/1/sizeGuide")).toEqual([]);
  });

  test("the shop's refusal shows its reasons and keeps the rows", async () => {
    const refusal = { sizeGuide: ["Row 1: the US size must be from 1 to 22 in half sizes, as 9 or 9.5."] };
    const { user } = await renderDashboard((db) => ({
      ...guideAnswers(db),
      "PUT /brands/1/sizeGuide": [400, refusal],
    }));
    await openGuide(user, "Adidas");
    await user.click(within(form()).getByRole("button", { name: "Save size guide" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalled());
    expect(within(form()).getByRole("alert")).toHaveTextContent(refusal.sizeGuide[0]);
    expect(within(form()).getByRole("textbox", { name: "US, row 1" })).toHaveValue("9");
  });
});

test("a table that failed to load offers to try again", async () => {
  const { user, shop } = await renderDashboard(() => ({
    "GET /brands?limit=4&offset=0": [503, { detail: "Busy" }],
  }));
  expect(within(table("Brands")).getByRole("alert")).toHaveTextContent("We could not load brands.");
  installFakeApi(shop.answers);
  await user.click(within(table("Brands")).getByRole("button", { name: "Try again" }));
  expect(await within(table("Brands")).findByText("Adidas")).toBeInTheDocument();
});

test("the most-wanted sold-out sizes, most first, each linking to its shoe", async () => {
  await renderDashboard();
  const wanted = table("MOST-WANTED SOLD-OUT SIZES");
  const rows = within(wanted).getAllByRole("row").slice(1);
  expect(rows.map((row) => row.textContent)).toEqual(["Runner 3Nike9.54", "Court 5Vans101"]);
  expect(within(wanted).getByRole("link", { name: "Runner 3" })).toHaveAttribute("href", "/products/3");
});
