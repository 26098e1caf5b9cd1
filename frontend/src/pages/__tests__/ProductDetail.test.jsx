import { act, screen, waitFor } from "@testing-library/react";
import { successPopup } from "../../lib/popup";
import { installFakeApi, page, shoeFixture } from "../../testing/fakeApi";
import { renderWithProviders } from "../../testing/renderWithProviders";
import ProductDetail from "../ProductDetail";

jest.mock("../../lib/popup");

const shoe = shoeFixture({ _id: 7, name: "Air Swift", brand: "Nike", price: 120, color: "Red" });

function renderDetail(answers, path = "/products/7") {
  installFakeApi({ "GET /reviews/7": page([]), ...answers });
  return renderWithProviders({ path, route: "/products/:id", element: <ProductDetail /> });
}

beforeEach(() => localStorage.clear());

test("shows LOADING... and then the shoe", async () => {
  renderDetail({ "GET /shoes/7": shoe });
  expect(screen.getByText("LOADING...")).toBeInTheDocument();
  expect(await screen.findByRole("heading", { level: 1, name: "Air Swift" })).toBeInTheDocument();
  expect(screen.getByText("NIKE")).toBeInTheDocument();
  expect(screen.getByText("$120.00")).toBeInTheDocument();
  expect(screen.getByText("Color: Red")).toBeInTheDocument();
  expect(screen.getByRole("img", { name: "Nike Air Swift" })).toHaveAttribute("src", shoe.image);
  expect(screen.getByRole("link", { name: "BACK HOME" })).toHaveAttribute("href", "/");
  expect(document.title).toBe("Nike Air Swift | Sneaker Shop");
});

test("a shoe the shop does not have shows the 404 screen, not an endless LOADING...", async () => {
  renderDetail(
    { "GET /shoes/999": [404, { detail: "That shoe is not in the shop.", code: "not_found" }] },
    "/products/999",
  );
  expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  expect(screen.queryByText("LOADING...")).not.toBeInTheDocument();
});

test("a failed load offers to try again", async () => {
  installFakeApi({ "GET /shoes/7": [503, { detail: "Busy", code: "unavailable" }] });
  const { user } = renderWithProviders({
    path: "/products/7",
    route: "/products/:id",
    element: <ProductDetail />,
  });
  await user.click(await screen.findByRole("button", { name: "Try again" }));
  installFakeApi({ "GET /shoes/7": shoe });
  await user.click(await screen.findByRole("button", { name: "Try again" }));
  expect(await screen.findByRole("heading", { name: "Air Swift" })).toBeInTheDocument();
});

test("BUY ME! adds the chosen size and goes to the cart", async () => {
  const { user, store, router } = renderDetail({ "GET /shoes/7": shoe });
  await user.selectOptions(await screen.findByRole("combobox", { name: "Size of Air Swift" }), "9");
  await user.click(screen.getByRole("button", { name: "BUY ME!" }));

  expect(successPopup).toHaveBeenCalledWith("Your shoe add to cart");
  expect(store.getState().cart.items).toMatchObject([{ _id: 7, size: "9", quantity: 1 }]);
  expect(router.state.location.pathname).toBe("/cart");
});

test("BUY ME! without a size stays on the shoe", async () => {
  const { user, router } = renderDetail({ "GET /shoes/7": shoe });
  await user.click(await screen.findByRole("button", { name: "BUY ME!" }));
  expect(router.state.location.pathname).toBe("/products/7");
});

test("another shoe never shows the last one while it loads", async () => {
  let letThrough;
  const cortez = new Promise((resolve) => (letThrough = resolve));
  const { router } = renderDetail({
    "GET /shoes/7": shoe,
    "GET /shoes/8": () => cortez,
    "GET /reviews/8": page([]),
  });
  await screen.findByRole("heading", { name: "Air Swift" });

  await act(() => router.navigate("/products/8"));
  expect(screen.getByText("LOADING...")).toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Air Swift" })).not.toBeInTheDocument();

  await act(async () => letThrough(shoeFixture({ _id: 8, name: "Cortez" })));
  expect(await screen.findByRole("heading", { level: 1, name: "Cortez" })).toBeInTheDocument();
});

describe("Size guide (issue 31)", () => {
  test("links the brand's own guide when it has one", async () => {
    renderDetail({
      "GET /shoes/7": shoe,
      "GET /brands": [
        { _id: 3, name: "NIKE", hasSizeGuide: true },
        { _id: 4, name: "Vans", hasSizeGuide: false },
      ],
    });
    // The brands come from the list the header loads; the shop's chart is linked until they are known.
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Size guide" })).toHaveAttribute("href", "/sizeChart?brand=3"),
    );
  });

  test("links the shop's chart when the brand has none, or the brands are not known", async () => {
    renderDetail({ "GET /shoes/7": shoe, "GET /brands": [{ _id: 3, name: "Nike", hasSizeGuide: false }] });
    expect(await screen.findByRole("link", { name: "Size guide" })).toHaveAttribute("href", "/sizeChart");
  });
});
