import { act, screen, within } from "@testing-library/react";
import { flushPromises, installFakeApi, page, userRecord } from "../../../testing/fakeApi";
import { screenReady, renderWithProviders } from "../../../testing/renderWithProviders";

const UID = "u".repeat(28);

const order = (n) => ({
  _id: n,
  idPayment: `pi_test_${n}`,
  email: "ana@example.com",
  amount: 12999 * n,
  date: `2026-11-0${n}T10:00:00Z`,
  status: n % 2 ? "Pending" : "Received",
  shoe: [],
});

async function renderAccount(answers) {
  const calls = installFakeApi({ "GET /brands": [], "GET /shoes": { count: 0, results: [] }, ...answers });
  const view = renderWithProviders({
    path: "/account",
    preloadedState: { account: { user: userRecord({ idUser: UID }), status: "signedIn" } },
  });
  await screenReady(view.store);
  await act(() => flushPromises());
  return { ...view, calls };
}

const myOrders = () => screen.getByRole("region", { name: "MY ORDERS" });

test("lists the user's orders, 4 a page: date, total, status and a link to each", async () => {
  const { user, calls } = await renderAccount({
    [`GET /cart/${UID}?limit=4&offset=0`]: page([order(1), order(2), order(3), order(4)], 5),
    [`GET /cart/${UID}?limit=4&offset=4`]: page([order(5)], 5),
  });
  const rows = await within(myOrders()).findAllByRole("row");
  expect(rows).toHaveLength(5);
  expect(
    within(rows[1])
      .getAllByRole("cell")
      .map((cell) => cell.textContent),
  ).toEqual(["2026-11-01", "$129.99", "Pending", "pi_test_1"]);
  expect(within(rows[2]).getByRole("link", { name: "pi_test_2" })).toHaveAttribute(
    "href",
    "/order/pi_test_2",
  );
  expect(calls.find((call) => call.path.startsWith("/cart/")).path).toBe(`/cart/${UID}?limit=4&offset=0`);

  await user.click(within(myOrders()).getByRole("button", { name: "Next" }));
  expect(await within(myOrders()).findByText("pi_test_5")).toBeInTheDocument();
  expect(within(myOrders()).getByText("$649.95")).toBeInTheDocument();
});

test("'No orders yet.' when there are none", async () => {
  await renderAccount({ [`GET /cart/${UID}`]: page([]) });
  expect(await within(myOrders()).findByText("No orders yet.")).toBeInTheDocument();
});

test("a failed load offers to try again", async () => {
  const { user } = await renderAccount({ [`GET /cart/${UID}`]: [503, { detail: "Busy" }] });
  installFakeApi({ [`GET /cart/${UID}`]: page([order(1)]) });
  await user.click(await within(myOrders()).findByRole("button", { name: "Try again" }));
  expect(await within(myOrders()).findByText("pi_test_1")).toBeInTheDocument();
});

test("the account page opens My Orders on its first page again", async () => {
  const { user, router } = await renderAccount({
    [`GET /cart/${UID}?limit=4&offset=0`]: page([order(1), order(2), order(3), order(4)], 5),
    [`GET /cart/${UID}?limit=4&offset=4`]: page([order(5)], 5),
  });
  await user.click(within(myOrders()).getByRole("button", { name: "Next" }));
  expect(await within(myOrders()).findByText("pi_test_5")).toBeInTheDocument();
  await act(() => router.navigate("/sizeChart"));
  await screen.findByRole("heading", { name: "SIZE CHART" });
  await act(() => router.navigate("/account"));
  expect(
    await within(await screen.findByRole("region", { name: "MY ORDERS" })).findByText("pi_test_1"),
  ).toBeInTheDocument();
});
