import { screen, within } from "@testing-library/react";
import { setupStore } from "../../../../app/store";
import { renderWithProviders } from "../../../../testing/renderWithProviders";
import AdminOrders from "../AdminOrders";

const ORDER = {
  _id: 3,
  idPayment: "pi_3QxAdmin",
  client: "ana@example.com",
  email: "ana@example.com",
  amount: 25497,
  date: "2026-11-22T10:31:07Z",
  status: "Pending",
  shoe: [
    { _id: 7, name: "Air Swift", image: "/media/shoes/7.webp", quantity: 2, size: "9.5", price: 99.99 },
    { _id: null, name: "Old Runner", image: "", quantity: 1, size: "10", price: "55.50" },
  ],
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
    ["shoes", "quantity", "size", "price"],
    ["Air Swift", "2", "9.5", "$99.99"],
    ["Old Runner", "1", "10", "$55.50"],
  ]);
  expect(screen.getByRole("link", { name: "Air Swift" })).toHaveAttribute("href", "/products/7");
  expect(screen.queryByRole("link", { name: "Old Runner" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
});

test("an order paid with another address than the client's account shows both", () => {
  renderOrders({ ...ORDER, email: "billing@example.com" });
  expect(screen.getByText("Email").nextSibling).toHaveTextContent("billing@example.com");
});
