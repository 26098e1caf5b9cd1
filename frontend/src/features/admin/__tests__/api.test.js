import { setupStore } from "../../../app/store";
import { orderRow, statsFixture, userRow } from "../../../testing/adminFixtures";
import { brandsApi } from "../../../lib/brandsApi";
import { flushPromises, installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { catalogApi } from "../../catalog/api";
import { ordersApi } from "../../orders/api";
import { adminApi } from "../api";
import { otherOrderStatus } from "../ClientsTable";

const { endpoints } = adminApi;

// The dashboard's tables as the screen keeps them open: each question stays subscribed, so a write
// that changes what it showed has it asked again.
const open = (store, endpoint, arg) => store.dispatch(endpoint.initiate(arg));
const asked = (calls, path) => calls.filter((call) => call.method === "GET" && call.path === path).length;

async function settle() {
  await flushPromises();
  await flushPromises();
}

describe("each table asks for one page, never the whole table", () => {
  test.each([
    ["Users", endpoints.usersPage, "/users?limit=4&offset=8"],
    ["Clients / orders", endpoints.clientsPage, "/cart?limit=4&offset=8"],
    ["Products", endpoints.productsPage, "/shoes?limit=5&offset=8"],
    ["Archived", endpoints.archivedPage, "/shoes/archived?limit=5&offset=8"],
    ["Brands", endpoints.brandsPage, "/brands?limit=4&offset=8"],
  ])("%s", async (_, endpoint, path) => {
    const calls = installFakeApi({ [`GET ${path.split("?")[0]}`]: page([], 9) });
    const { data } = await open(setupStore(), endpoint, { offset: 8 });
    expect(calls.map((call) => call.path)).toEqual([path]);
    expect(data.count).toBe(9);
  });

  test("the tiles' and the chart's figures come in one call; a failed one says so", async () => {
    const calls = installFakeApi({ "GET /admin/stats": statsFixture() });
    const { data } = await open(setupStore(), endpoints.stats);
    expect(calls.map((call) => call.path)).toEqual(["/admin/stats"]);
    expect(data).toMatchObject({ pairs: 42, orders: 17, sales: 123456 });
    expect(data.salesByDay).toHaveLength(30);

    installFakeApi({ "GET /admin/stats": [503, { detail: "Busy" }] });
    const failed = await open(setupStore(), endpoints.stats);
    expect(failed).toMatchObject({ isError: true, error: { status: 503 } });
  });
});

describe("a write has what it changed asked again", () => {
  test("a user's status or manager flag: the Users page", async () => {
    const calls = installFakeApi({
      "GET /users": page([userRow(2)], 1),
      "PUT /users/2": userRow(2, { status: "Disabled" }),
    });
    const store = setupStore();
    await open(store, endpoints.usersPage, { offset: 0 });
    const { data } = await store.dispatch(endpoints.changeUser.initiate({ id: 2, status: "Disabled" }));
    await settle();
    expect(calls.find((call) => call.method === "PUT").body).toEqual({ status: "Disabled" });
    expect(data.status).toBe("Disabled");
    expect(asked(calls, "/users?limit=4&offset=0")).toBe(2);

    await store.dispatch(endpoints.changeUser.initiate({ id: 2, manager: true }));
    expect(calls.filter((call) => call.method === "PUT")[1].body).toEqual({ manager: true });
  });

  test("a refusal carries the server's reason and changes nothing", async () => {
    const calls = installFakeApi({
      "GET /users": page([userRow(4)], 1),
      "PUT /users/4": [
        409,
        { detail: "Staff accounts are changed in the Django admin.", code: "staff_account" },
      ],
    });
    const store = setupStore();
    await open(store, endpoints.usersPage, { offset: 0 });
    const { error } = await store.dispatch(endpoints.changeUser.initiate({ id: 4, status: "Disabled" }));
    await settle();
    expect(error).toMatchObject({ status: 409, message: "Staff accounts are changed in the Django admin." });
    expect(asked(calls, "/users?limit=4&offset=0")).toBe(1);
  });

  test("an order's status, by payment id: the Clients table and the order's own page", async () => {
    const calls = installFakeApi({
      "GET /cart": page([orderRow(1)], 1),
      "GET /cart/order/pi_test_1": orderRow(1),
      "PUT /cart/order/pi_test_1": orderRow(1, { status: "Received" }),
    });
    const store = setupStore();
    await open(store, endpoints.clientsPage, { offset: 0 });
    await store.dispatch(ordersApi.endpoints.order.initiate("pi_test_1"));
    await store.dispatch(endpoints.setOrderStatus.initiate({ idPayment: "pi_test_1", status: "Received" }));
    await settle();
    expect(calls.find((call) => call.method === "PUT").body).toEqual({ status: "Received" });
    expect(asked(calls, "/cart?limit=4&offset=0")).toBe(2);
    expect(asked(calls, "/cart/order/pi_test_1")).toBe(2);
  });

  test("Pending goes to Received and back", () => {
    expect(otherOrderStatus("Pending")).toBe("Received");
    expect(otherOrderStatus("Received")).toBe("Pending");
  });

  test("on sale or not: Products, the storefront's sale and the shoe's page", async () => {
    const shoe = shoeFixture({ _id: 2 });
    const calls = installFakeApi({
      "GET /shoes": page([shoe], 1),
      "GET /shoes/onSale": page([], 0),
      "GET /shoes/2": shoe,
      "PUT /admin/onsale/2": { ...shoe, onSale: true },
    });
    const store = setupStore();
    await open(store, endpoints.productsPage, { offset: 0 });
    await open(store, catalogApi.endpoints.salePage, { offset: 0 });
    await open(store, catalogApi.endpoints.shoe, "2");
    await store.dispatch(endpoints.setOnSale.initiate({ id: 2, onSale: true }));
    await settle();
    expect(calls.find((call) => call.method === "PUT").body).toEqual({ onSale: true });
    expect(asked(calls, "/shoes?limit=5&offset=0")).toBe(2);
    expect(asked(calls, "/shoes/onSale?limit=8&offset=0")).toBe(2);
    expect(asked(calls, "/shoes/2")).toBe(2);
  });

  test("a delete in Products: Products and Archived (the server may have archived it)", async () => {
    const calls = installFakeApi({
      "GET /shoes": page([shoeFixture({ _id: 2 })], 1),
      "GET /shoes/archived": page([], 0),
      "DELETE /shoes/2": [204],
    });
    const store = setupStore();
    await open(store, endpoints.productsPage, { offset: 0 });
    await open(store, endpoints.archivedPage, { offset: 0 });
    await store.dispatch(endpoints.deleteShoe.initiate(2));
    await settle();
    expect(asked(calls, "/shoes?limit=5&offset=0")).toBe(2);
    expect(asked(calls, "/shoes/archived?limit=5&offset=0")).toBe(2);
  });

  test("a restore: Archived and Products", async () => {
    const calls = installFakeApi({
      "GET /shoes": page([], 0),
      "GET /shoes/archived": page([shoeFixture({ _id: 7 })], 1),
      "POST /shoes/7/restore": shoeFixture({ _id: 7 }),
    });
    const store = setupStore();
    await open(store, endpoints.productsPage, { offset: 0 });
    await open(store, endpoints.archivedPage, { offset: 0 });
    await store.dispatch(endpoints.restoreShoe.initiate(7));
    await settle();
    expect(calls.find((call) => call.method === "POST").path).toBe("/shoes/7/restore");
    expect(asked(calls, "/shoes?limit=5&offset=0")).toBe(2);
    expect(asked(calls, "/shoes/archived?limit=5&offset=0")).toBe(2);
  });

  test("a brand deleted: the Brands table and the header's BRANDS menu; a refused one changes nothing", async () => {
    const calls = installFakeApi({
      "GET /brands": (request) => (request.path.includes("limit") ? page([{ _id: 1, name: "Nike" }], 1) : []),
      "DELETE /brands/1": [204],
      "DELETE /brands/2": [409, { detail: "The brand Nike still has 2 shoes.", code: "brand_in_use" }],
    });
    const store = setupStore();
    await open(store, endpoints.brandsPage, { offset: 0 });
    await open(store, brandsApi.endpoints.brands);
    const { error } = await store.dispatch(endpoints.deleteBrand.initiate(2));
    await settle();
    expect(error).toMatchObject({ status: 409, code: "brand_in_use" });
    expect(asked(calls, "/brands")).toBe(1);

    await store.dispatch(endpoints.deleteBrand.initiate(1));
    await settle();
    expect(asked(calls, "/brands?limit=4&offset=0")).toBe(2);
    expect(asked(calls, "/brands")).toBe(2);
  });
});
