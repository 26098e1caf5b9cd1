import { screen, waitFor, within } from "@testing-library/react";
import { setupStore } from "../../../../app/store";
import { confirmPopup, successPopup } from "../../../../lib/popup";
import { installFakeApi } from "../../../../testing/fakeApi";
import { renderWithProviders } from "../../../../testing/renderWithProviders";
import AdminOrders from "../AdminOrders";

jest.mock("../../../../lib/popup");

const ADDRESS = {
  name: "Ana Pérez",
  state: "Jalisco",
  city: "Guadalajara",
  line1: "Av Juárez 12",
  postalCode: "44100",
};

const ORDER = {
  _id: 3,
  idPayment: "pi_3QxAdmin",
  client: "ana@example.com",
  email: "ana@example.com",
  amount: 25497,
  date: "2026-11-22T10:31:07Z",
  status: "Pending",
  shoe: [
    {
      _id: 7,
      line: 11,
      name: "Air Swift",
      image: "/media/shoes/7.webp",
      quantity: 2,
      size: "9.5",
      price: 99.99,
      refunded: 0,
    },
    {
      _id: null,
      line: 12,
      name: "Old Runner",
      image: "",
      quantity: 1,
      size: "10",
      price: "55.50",
      refunded: 1,
    },
  ],
  address: ADDRESS,
  payment: "Partly refunded",
  refunded: 5550,
};

function renderOrders(order) {
  // As the dashboard leaves it once the admin picked the order (or nothing).
  const store = setupStore({ adminSelection: { order: order, shoe: null } });
  return renderWithProviders({ path: "/orders", route: "/orders", element: <AdminOrders />, store });
}

test("with no order selected it says so and links back to the dashboard", () => {
  renderOrders(null);
  expect(
    screen.getByText("No order is selected. Choose one in the Clients table of the dashboard."),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
});

test("the selected order: payment id, client, shoes with quantity, size and price, total, status", () => {
  renderOrders(ORDER);
  expect(screen.getByRole("heading", { level: 1, name: "ORDER" })).toBeInTheDocument();
  expect(screen.getByText("pi_3QxAdmin")).toBeInTheDocument();
  expect(screen.getByText("Client").nextSibling).toHaveTextContent("ana@example.com");
  expect(screen.queryByText("Email")).not.toBeInTheDocument();
  expect(screen.getByText("Date").nextSibling).toHaveTextContent(/^2026-11-22$/);
  expect(screen.getByText("Total").nextSibling).toHaveTextContent("$254.97");
  expect(screen.getByText("Status").nextSibling).toHaveTextContent("Pending");

  const rows = within(screen.getByRole("table")).getAllByRole("row");
  expect(rows.map((row) => [...row.cells].map((cell) => cell.textContent))).toEqual([
    ["shoes", "quantity", "size", "price", "refund"],
    ["Air Swift", "2", "9.5", "$99.99", "Refund 1 pair"],
    ["Old Runner", "1 (1 refunded)", "10", "$55.50", ""],
  ]);
  expect(screen.getByText("Ship to").nextSibling).toHaveTextContent(
    "Ana PérezAv Juárez 12Guadalajara, Jalisco 44100",
  );
  expect(screen.getByText("Payment").nextSibling).toHaveTextContent("Partly refunded");
  expect(screen.getByText("Refunded").nextSibling).toHaveTextContent("$55.50");
  expect(screen.getByRole("link", { name: "Air Swift" })).toHaveAttribute("href", "/products/7");
  expect(screen.queryByRole("link", { name: "Old Runner" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
});

test("an order paid with another address than the client's account shows both", () => {
  renderOrders({ ...ORDER, email: "billing@example.com" });
  expect(screen.getByText("Email").nextSibling).toHaveTextContent("billing@example.com");
});

test("Refund 1 pair asks 'Are you sure?', refunds that pair and shows the order as the server has it", async () => {
  confirmPopup.mockResolvedValue(true);
  const refunded = { ...ORDER, refunded: 15549, shoe: [{ ...ORDER.shoe[0], refunded: 1 }, ORDER.shoe[1]] };
  let current = ORDER;
  const calls = installFakeApi({
    "GET /cart/order/pi_3QxAdmin": () => current,
    "POST /cart/order/pi_3QxAdmin/refund": () => {
      current = refunded;
      return refunded;
    },
  });
  const { user } = renderOrders(ORDER);

  await user.click(screen.getByRole("button", { name: "Refund 1 pair" }));

  await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Refunded!"));
  expect(confirmPopup).toHaveBeenCalledWith(expect.objectContaining({ title: "Are you sure?" }));
  expect(calls.filter((call) => call.method === "POST")).toEqual([
    expect.objectContaining({ body: { lines: [{ line: 11, quantity: 1 }] } }),
  ]);
  expect(await screen.findByText("$155.49")).toBeInTheDocument();
});

test("Cancel order said no to cancels nothing", async () => {
  confirmPopup.mockResolvedValue(false);
  const calls = installFakeApi({ "GET /cart/order/pi_3QxAdmin": ORDER });
  const { user } = renderOrders(ORDER);

  await user.click(screen.getByRole("button", { name: "Cancel order" }));

  await waitFor(() => expect(confirmPopup).toHaveBeenCalled());
  expect(calls.filter((call) => call.method === "POST")).toEqual([]);
});

test("a cancelled order offers no refund", () => {
  installFakeApi({});
  renderOrders({ ...ORDER, status: "Cancelled" });
  expect(screen.queryByRole("button", { name: /Refund|Cancel order/ })).not.toBeInTheDocument();
});
