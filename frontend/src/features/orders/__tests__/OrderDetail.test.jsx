import { act, screen, within } from "@testing-library/react";
import { flushPromises, installFakeApi, userRecord } from "../../../testing/fakeApi";
import { screenReady, renderWithProviders } from "../../../testing/renderWithProviders";
import { ordersApi } from "../api";
import { useOpenPaidOrder } from "../useOpenPaidOrder";

const order = {
  _id: 12,
  idPayment: "pi_test_3f9a",
  email: "ana@example.com",
  amount: 30,
  date: "2026-11-22T10:31:07.123456Z",
  status: "Pending",
  shoe: [
    {
      _id: 5,
      name: "Air Max",
      brand: "Nike",
      image: "/media/shoes/5.webp",
      quantity: 2,
      size: "9.5",
      price: 0.1,
    },
    {
      _id: null,
      name: "Old Runner",
      brand: "Puma",
      image: "/media/shoes/6.webp",
      quantity: 1,
      size: "10",
      price: 0.1,
    },
  ],
};

async function renderOrder(answers, { path = "/order/pi_test_3f9a", signedIn = true } = {}) {
  const calls = installFakeApi({ "GET /brands": [], "GET /shoes": { count: 0, results: [] }, ...answers });
  const account = signedIn ? { user: userRecord(), status: "signedIn" } : { user: null, status: "signedOut" };
  const view = renderWithProviders({ path, preloadedState: { account } });
  await screenReady(view.store);
  await act(() => flushPromises());
  return { ...view, calls };
}

test("shows the payment id, the shoes, the status, the date and the total", async () => {
  await renderOrder({ "GET /cart/order/pi_test_3f9a": order });
  expect(await screen.findByText("pi_test_3f9a")).toBeInTheDocument();
  expect(document.title).toBe("Order | Sneaker Shop");

  const table = screen.getByRole("table");
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent),
  ).toEqual(["shoes", "quantity", "size", "price"]);
  const [, first, second] = within(table).getAllByRole("row");
  expect(
    within(first)
      .getAllByRole("cell")
      .map((cell) => cell.textContent),
  ).toEqual(["Air Max", "2", "9.5", "$0.10"]);
  expect(within(first).getByRole("link", { name: "Air Max" })).toHaveAttribute("href", "/products/5");
  expect(first.querySelector("img")).toHaveAttribute("src", "/media/shoes/5.webp");
  // A shoe deleted since is named, without a link to a page that is gone.
  expect(within(second).getByText("Old Runner")).toBeInTheDocument();
  expect(within(second).queryByRole("link")).not.toBeInTheDocument();

  expect(screen.getByText("Pending")).toBeInTheDocument();
  expect(screen.getByText("2026-11-22")).toBeInTheDocument();
  // 30 cents, with no float error: $0.30, not $0.30000000000000004.
  expect(screen.getByText("$0.30")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back Account" })).toHaveAttribute("href", "/account");
  expect(screen.getByRole("link", { name: "Back Home" })).toHaveAttribute("href", "/");
  expect(screen.getByRole("link", { name: "Some Problem?" })).toHaveAttribute("href", "/contactUs");
});

test("an order that is not there, or not the shopper's, says so", async () => {
  await renderOrder(
    { "GET /cart/order/pi_nope": [404, { detail: "Not found.", code: "not_found" }] },
    { path: "/order/pi_nope" },
  );
  expect(await screen.findByText(/We found no order with the payment id pi_nope/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back Account" })).toBeInTheDocument();
  expect(screen.queryByText("LOADING...")).not.toBeInTheDocument();
});

test("a failed load offers to try again", async () => {
  const { user } = await renderOrder({ "GET /cart/order/pi_test_3f9a": [503, { detail: "Busy" }] });
  installFakeApi({ "GET /cart/order/pi_test_3f9a": order });
  await user.click(await screen.findByRole("button", { name: "Try again" }));
  expect(await screen.findByText("pi_test_3f9a")).toBeInTheDocument();
});

test("another order never shows this one while it loads", async () => {
  let letThrough;
  const other = new Promise((resolve) => (letThrough = resolve));
  const { router } = await renderOrder({
    "GET /cart/order/pi_test_3f9a": order,
    "GET /cart/order/pi_test_4": () => other,
  });
  await screen.findByText("pi_test_3f9a");
  await act(() => router.navigate("/order/pi_test_4"));
  expect(screen.getByText("LOADING...")).toBeInTheDocument();
  expect(screen.queryByText("pi_test_3f9a")).not.toBeInTheDocument();
  await act(async () => letThrough({ ...order, idPayment: "pi_test_4" }));
  expect(await screen.findByText("pi_test_4")).toBeInTheDocument();
});

test("a visitor is sent to sign in", async () => {
  const { router, calls } = await renderOrder({}, { signedIn: false });
  expect(router.state.location.pathname).toBe("/signin");
  expect(calls.some((call) => call.path.startsWith("/cart/order"))).toBe(false);
});

test("shows where the order ships and where its money stands", async () => {
  const address = {
    name: "Ana Pérez",
    state: "Jalisco",
    city: "Guadalajara",
    line1: "Av Juárez 12",
    postalCode: "44100",
  };
  await renderOrder({
    "GET /cart/order/pi_test_3f9a": { ...order, address, payment: "Partly refunded", refunded: 10 },
  });
  expect(await screen.findByText("Ship to")).toBeInTheDocument();
  expect(screen.getByText("Ship to").nextSibling).toHaveTextContent(
    "Ana PérezAv Juárez 12Guadalajara, Jalisco 44100",
  );
  expect(screen.getByText("Payment").nextSibling).toHaveTextContent("Partly refunded");
  expect(screen.getByText("Refunded").nextSibling).toHaveTextContent("$0.10");
});

test("an order just paid opens its page with the order the checkout answered, not asked again", async () => {
  function Paid() {
    const openPaidOrder = useOpenPaidOrder();
    return (
      <button type="button" onClick={() => openPaidOrder(order)}>
        Paid
      </button>
    );
  }
  const calls = installFakeApi({});
  const { user, store, router } = renderWithProviders({ path: "/cart", route: "/cart", element: <Paid /> });
  await user.click(screen.getByRole("button", { name: "Paid" }));
  expect(router.state.location.pathname).toBe("/order/pi_test_3f9a");
  expect(ordersApi.endpoints.order.select("pi_test_3f9a")(store.getState()).data).toEqual(order);
  expect(calls).toEqual([]);
});
