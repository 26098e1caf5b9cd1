import { screen, within } from "@testing-library/react";
import { installFakeApi } from "../../testing/fakeApi";
import { screenReady, renderWithProviders } from "../../testing/renderWithProviders";
import Header from "../Header";

// The header as it stands once the brands have come.
async function renderHeader(preloadedState) {
  installFakeApi({
    "GET /brands": [
      { _id: 1, name: "New Balance" },
      { _id: 2, name: "Nike" },
    ],
  });
  const view = renderWithProviders({ element: <Header />, preloadedState });
  await screenReady(view.store);
  return view;
}

test("the title goes home, Deals! to /sale, the icons to /cart and /account", async () => {
  await renderHeader();
  expect(screen.getByRole("link", { name: "Sneaker Shop" })).toHaveAttribute("href", "/");
  expect(screen.getByRole("link", { name: "Deals!" })).toHaveAttribute("href", "/sale");
  expect(screen.getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/cart");
  expect(screen.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
});

test("BRANDS opens on hover with each brand's collection, and closes again", async () => {
  const { user } = await renderHeader();
  const button = screen.getByRole("button", { name: "BRANDS" });
  await user.hover(button);
  const nike = await screen.findByRole("link", { name: "Nike" });
  expect(nike).toHaveAttribute("href", "/colletions/Nike");
  expect(screen.getByRole("link", { name: "New Balance" })).toHaveAttribute(
    "href",
    "/colletions/New%20Balance",
  );
  await user.unhover(button);
  expect(screen.queryByRole("link", { name: "Nike" })).not.toBeInTheDocument();
});

test("a click on BRANDS under the mouse keeps the menu the hover opened", async () => {
  const { user } = await renderHeader();
  const button = screen.getByRole("button", { name: "BRANDS" });
  await user.click(button);
  expect(button).toHaveAttribute("aria-expanded", "true");
  expect(screen.getByRole("link", { name: "Nike" })).toBeVisible();
});

test("a tap on BRANDS opens the menu, a second tap closes it", async () => {
  const { user } = await renderHeader();
  const button = screen.getByRole("button", { name: "BRANDS" });
  await user.pointer({ keys: "[TouchA]", target: button });
  expect(button).toHaveAttribute("aria-expanded", "true");
  await user.pointer({ keys: "[TouchA]", target: button });
  expect(button).toHaveAttribute("aria-expanded", "false");
});

test("BRANDS opens from the keyboard too and closes with Escape", async () => {
  const { user } = await renderHeader();
  await screen.findByRole("button", { name: "BRANDS" });
  await user.tab();
  await user.tab();
  expect(screen.getByRole("button", { name: "BRANDS" })).toHaveFocus();
  await user.keyboard("{Enter}");
  expect(screen.getByRole("button", { name: "BRANDS" })).toHaveAttribute("aria-expanded", "true");
  expect(await screen.findByRole("link", { name: "Nike" })).toBeVisible();
  await user.keyboard("{Escape}");
  expect(screen.getByRole("button", { name: "BRANDS" })).toHaveAttribute("aria-expanded", "false");
});

test("the search icon opens the drawer; closing it gives the focus back", async () => {
  const { user } = await renderHeader();
  await user.click(screen.getByRole("button", { name: "Search" }));
  const drawer = await screen.findByRole("dialog", { name: "Search shoes" });
  expect(within(drawer).getByPlaceholderText("Search...")).toHaveFocus();
  await user.click(within(drawer).getByRole("button", { name: "Close search" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Search" })).toHaveFocus();
});

test("the cart icon counts the pairs in the cart", async () => {
  const line = { _id: 1, name: "A", image: "", price: 10, size: "9", quantity: 2 };
  await renderHeader({ cart: { items: [line, { ...line, size: "10", quantity: 1 }] } });
  expect(screen.getByRole("link", { name: "Cart, 3 pairs" })).toBeInTheDocument();
});
