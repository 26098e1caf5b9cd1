import { setupStore } from "../../../app/store";
import { orderRow } from "../../../testing/adminFixtures";
import { installFakeApi, page } from "../../../testing/fakeApi";
import { signOut } from "../../account/accountSlice";
import {
  CLIENTS_PAGE_SIZE,
  clientsPageChanged,
  fetchClientsPage,
  otherOrderStatus,
  selectClients,
  setOrderStatus,
} from "../clientsSlice";

async function storeWithOrders(orders = [orderRow(1), orderRow(2)], count = orders.length) {
  installFakeApi({ "GET /cart": page(orders, count) });
  const store = setupStore();
  await store.dispatch(fetchClientsPage(0));
  return store;
}

// PUT /cart/order/{idPayment} answers the order without its client.
const answered = (order, status) => ({
  ...Object.fromEntries(Object.entries(order).filter(([key]) => key !== "client")),
  status,
});

describe("the page of the Clients / orders table", () => {
  test("asks the server for 4 paid orders at the offset", async () => {
    const calls = installFakeApi({ "GET /cart": page([orderRow(5)], 5) });
    const store = setupStore();
    store.dispatch(clientsPageChanged(4));
    await store.dispatch(fetchClientsPage(4));
    expect(CLIENTS_PAGE_SIZE).toBe(4);
    expect(calls.map((call) => call.path)).toEqual(["/cart?limit=4&offset=4"]);
    expect(selectClients(store.getState())).toMatchObject({ count: 5, offset: 4, status: "succeeded" });
  });

  test("each load replaces the page", async () => {
    const store = await storeWithOrders();
    installFakeApi({ "GET /cart": page([orderRow(3)]) });
    await store.dispatch(fetchClientsPage(0));
    expect(selectClients(store.getState()).clients.map((order) => order.idPayment)).toEqual(["pi_test_3"]);
  });

  test("a failed load says so and keeps nothing new", async () => {
    installFakeApi({
      "GET /cart": [403, { detail: "Only the shop's administrators may do that.", code: "not_admin" }],
    });
    const store = setupStore();
    await store.dispatch(fetchClientsPage(0));
    expect(selectClients(store.getState())).toMatchObject({
      status: "failed",
      error: { status: 403 },
      clients: [],
    });
  });
});

describe("the status toggle", () => {
  test("Pending goes to Received and back", () => {
    expect(otherOrderStatus("Pending")).toBe("Received");
    expect(otherOrderStatus("Received")).toBe("Pending");
  });

  test("sends {status} by payment id; the row takes the server's answer and keeps its client", async () => {
    const store = await storeWithOrders();
    const calls = installFakeApi({ "PUT /cart/order/pi_test_2": answered(orderRow(2), "Received") });
    const sent = store.dispatch(setOrderStatus({ idPayment: "pi_test_2", status: "Received" }));
    expect(selectClients(store.getState()).busy).toEqual(["pi_test_2"]);
    await sent;
    expect(calls[0]).toMatchObject({
      method: "PUT",
      path: "/cart/order/pi_test_2",
      body: { status: "Received" },
    });
    const { clients, busy, revision } = selectClients(store.getState());
    expect(clients[1]).toMatchObject({ status: "Received", client: "client2@example.com" });
    expect(clients[0].status).toBe("Pending");
    expect(busy).toEqual([]);
    expect(revision).toBe(1);
  });

  test("a refusal keeps the row as it was", async () => {
    const store = await storeWithOrders();
    const before = selectClients(store.getState()).clients;
    installFakeApi({ "PUT /cart/order/pi_test_1": [404, { detail: "Not found.", code: "not_found" }] });
    const result = await store.dispatch(setOrderStatus({ idPayment: "pi_test_1", status: "Received" }));
    expect(result.payload).toMatchObject({ status: 404, message: "Not found." });
    expect(selectClients(store.getState())).toMatchObject({ clients: before, busy: [], revision: 0 });
  });
});

test("signing out forgets the orders", async () => {
  const store = await storeWithOrders();
  installFakeApi({ "POST /auth/signout": [204, undefined] });
  await store.dispatch(signOut());
  expect(selectClients(store.getState()).clients).toEqual([]);
});
