import { screen, within } from "@testing-library/react";
import { errorPopup, successPopup } from "../../../lib/popup";
import { shoeFixture } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { CART_KEY, persistCart } from "../../cart/cartSlice";
import ProductCard from "../ProductCard";
import { forStorefront } from "../shoes";
import { setupStore } from "../../../app/store";

jest.mock("../../../lib/popup");

const shoe = forStorefront(
  shoeFixture({
    _id: 7,
    name: "Air Swift",
    brand: "New Balance",
    price: 129.99,
    onSale: true,
    stock: [
      { _id: 1, size: "9", quantity: 2 },
      { _id: 2, size: "9.5", quantity: 0 },
    ],
  }),
);

function renderCard(props = {}) {
  const store = setupStore();
  persistCart(store);
  return renderWithProviders({ element: <ProductCard shoe={{ ...shoe, ...props }} />, store });
}

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
});

test("shows the brand in uppercase, the name, the price, ON SALE and links to the detail", () => {
  renderCard();
  const link = screen.getByRole("link", { name: /Air Swift/ });
  expect(link).toHaveAttribute("href", "/products/7");
  expect(within(link).getByText("NEW BALANCE")).toBeInTheDocument();
  expect(within(link).getByText("$129.99")).toBeInTheDocument();
  expect(within(link).getByText("ON SALE")).toBeInTheDocument();
  expect(within(link).getByRole("img", { name: "New Balance Air Swift" })).toBeInTheDocument();
});

test("no ON SALE tag when not on sale", () => {
  renderCard({ onSale: false });
  expect(screen.queryByText("ON SALE")).not.toBeInTheDocument();
});

test("sold-out sizes are listed but cannot be chosen", () => {
  renderCard();
  expect(screen.getByRole("option", { name: "9" })).toBeEnabled();
  expect(screen.getByRole("option", { name: "9.5 (sold out)" })).toBeDisabled();
});

test("BUY ME! without a size shows 'Add size' and adds nothing", async () => {
  const { user, store } = renderCard();
  await user.click(screen.getByRole("button", { name: "BUY ME!" }));
  expect(errorPopup).toHaveBeenCalledWith("Add size");
  expect(store.getState().cart.items).toEqual([]);
  expect(localStorage.getItem(CART_KEY)).toBeNull();
});

test("BUY ME! with a size adds one pair to the cart and to local storage", async () => {
  const { user, store } = renderCard();
  await user.selectOptions(screen.getByRole("combobox", { name: "Size of Air Swift" }), "9");
  await user.click(screen.getByRole("button", { name: "BUY ME!" }));

  const line = {
    _id: 7,
    name: "Air Swift",
    image: shoe.image,
    price: 129.99,
    regularPrice: 129.99,
    size: "9",
    quantity: 1,
  };
  expect(successPopup).toHaveBeenCalledWith("Your shoe add to cart");
  expect(store.getState().cart.items).toEqual([line]);
  expect(JSON.parse(localStorage.getItem(CART_KEY))).toEqual([line]);
});

test("a sale price shows with the price struck through, and the cart line takes it", async () => {
  const { user, store } = renderCard({ salePrice: 99.5 });
  const struck = screen.getByText("$129.99", { exact: false });
  expect(struck.tagName).toBe("DEL");
  expect(struck).toHaveTextContent("Regular price $129.99");
  expect(screen.getByText("Sale price", { exact: false }).parentElement).toHaveTextContent(
    "Sale price $99.50",
  );

  await user.selectOptions(screen.getByRole("combobox", { name: "Size of Air Swift" }), "9");
  await user.click(screen.getByRole("button", { name: "BUY ME!" }));
  expect(store.getState().cart.items[0]).toMatchObject({ price: 99.5, regularPrice: 129.99 });
});

test("a sale price of a shoe not on sale is not shown", () => {
  renderCard({ salePrice: 99.5, onSale: false });
  expect(screen.queryByText("Sale price", { exact: false })).toBeNull();
  expect(screen.getByText("$129.99")).toHaveClass("price");
});

test("never more pairs of a size than the shop has", async () => {
  const { user, store } = renderCard();
  await user.selectOptions(screen.getByRole("combobox", { name: "Size of Air Swift" }), "9");
  const buy = screen.getByRole("button", { name: "BUY ME!" });
  await user.click(buy);
  await user.click(buy);
  await user.click(buy);
  expect(store.getState().cart.items[0].quantity).toBe(2);
  expect(errorPopup).toHaveBeenCalledWith("No more pairs left", expect.anything());
});
