import { screen } from "@testing-library/react";
import { installFakeApi, page, shoeFixture } from "../../testing/fakeApi";
import { renderWithProviders } from "../../testing/renderWithProviders";
import ProductDetail from "../ProductDetail";

jest.mock("../../lib/popup");

function renderDetail(shoe) {
  installFakeApi({ "GET /reviews/7": page([]), "GET /shoes/7": shoe });
  return renderWithProviders({ path: "/products/7", route: "/products/:id", element: <ProductDetail /> });
}

const reduced = { _id: 7, name: "Air Swift", price: 120, salePrice: 89.5, onSale: true };

test("a reduced shoe shows its sale price, the price struck through and the lowest price of 30 days", async () => {
  renderDetail(shoeFixture({ ...reduced, lowestPrice30Days: 95 }));
  const struck = await screen.findByText("$120.00", { exact: false });
  expect(struck.tagName).toBe("DEL");
  expect(screen.getByText("Sale price", { exact: false }).parentElement).toHaveTextContent("$89.50");
  expect(screen.getByText("Lowest price in the last 30 days: $95.00")).toBeInTheDocument();
});

test.each([
  ["the shop does not show it (no lowestPrice30Days)", reduced],
  ["it was not sold in those days", { ...reduced, lowestPrice30Days: null }],
  ["the shoe is not reduced", { ...reduced, onSale: false, lowestPrice30Days: 95 }],
])("no lowest price when %s", async (_, shoe) => {
  renderDetail(shoeFixture(shoe));
  await screen.findByRole("heading", { level: 1, name: "Air Swift" });
  expect(screen.queryByText("Lowest price in the last 30 days", { exact: false })).toBeNull();
});
