import { act, screen, within } from "@testing-library/react";
import { installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { installShopStylesheet } from "../../../testing/shopStylesheet";
import { shopApi } from "../../../lib/shopApi";
import Collection from "../Collection";

const pageRequests = (calls) =>
  calls.filter((call) => call.path.startsWith("/shoes?")).map((call) => call.path);

// `count` shoes of the brand (a number, or {brand name: number}), answered a page at a time.
function renderCollection({ count = 14, path = "/colletions/New%20Balance", brands = [] } = {}) {
  const calls = installFakeApi({
    "GET /brands": brands,
    "GET /shoes/colors": ["Black", "Red"],
    "GET /shoes": ({ path: asked }) => {
      const query = new URLSearchParams(asked.split("?")[1]);
      const offset = Number(query.get("offset"));
      const total = typeof count === "number" ? count : count[query.get("brand")];
      const shown = Math.max(0, Math.min(6, total - offset));
      return page(
        Array.from({ length: shown }, (_, index) => shoeFixture({ name: `Shoe ${offset + index + 1}` })),
        total,
      );
    },
  });
  const view = renderWithProviders({
    path,
    route: "/colletions/:brand",
    element: <Collection />,
  });
  return { ...view, calls };
}

const shownNames = () => screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

test("titled COLLECTION, with the brand, 6 shoes a page", async () => {
  const { calls } = renderCollection();
  expect(screen.getByRole("heading", { level: 1, name: "COLLECTION" })).toBeInTheDocument();
  expect(screen.getByText("New Balance")).toBeInTheDocument();
  expect(await screen.findByText("Shoe 6")).toBeInTheDocument();
  expect(shownNames()).toHaveLength(6);
  expect(pageRequests(calls)).toEqual(["/shoes?limit=6&offset=0&brand=New+Balance"]);
});

test("Previous is hidden on the first page; Next goes on until the list is exhausted", async () => {
  const { user } = renderCollection();
  const pager = await screen.findByRole("navigation", { name: "Pages" });
  expect(within(pager).queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();
  expect(within(pager).getByText("Page 1 of 3")).toBeInTheDocument();

  await user.click(within(pager).getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Shoe 7")).toBeInTheDocument();
  await user.click(within(pager).getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Shoe 13")).toBeInTheDocument();
  expect(within(pager).getByRole("button", { name: "Next" })).toBeDisabled();

  await user.click(within(pager).getByRole("button", { name: "Previous" }));
  expect(await screen.findByText("Shoe 7")).toBeInTheDocument();
});

test("sorting by price asks the server for that order, from the first page", async () => {
  const { user, calls } = renderCollection();
  await user.click(within(await screen.findByRole("navigation")).getByRole("button", { name: "Next" }));
  await screen.findByText("Shoe 7");

  await user.selectOptions(screen.getByLabelText("Sort by price"), "Price: high to low");
  await screen.findByText("Shoe 1");
  await user.selectOptions(screen.getByLabelText("Sort by price"), "Price: low to high");
  await screen.findByText("Shoe 1");

  expect(pageRequests(calls).slice(-2)).toEqual([
    "/shoes?limit=6&offset=0&brand=New+Balance&ordering=-price",
    "/shoes?limit=6&offset=0&brand=New+Balance&ordering=price",
  ]);
});

test("the color filter offers the brand's colors and asks for the exact one", async () => {
  const { user, calls } = renderCollection();
  const colors = screen.getByLabelText("Color");
  expect(await within(colors).findByRole("option", { name: "Red" })).toBeInTheDocument();
  expect(
    within(colors)
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual(["All colors", "Black", "Red"]);

  await user.selectOptions(colors, "Red");
  await screen.findByText("Shoe 1");
  expect(pageRequests(calls).at(-1)).toBe("/shoes?limit=6&offset=0&brand=New+Balance&color=Red");
  expect(calls.some((call) => call.path === "/shoes/colors?brand=New+Balance")).toBe(true);
});

test("its grid has 4 columns on a large screen, as every grid of shoes (docs/PRODUCT.md §9)", async () => {
  const removeStylesheet = installShopStylesheet();
  try {
    renderCollection();
    await screen.findByText("Shoe 6");
    const grid = screen.getAllByRole("article")[0].closest("ul");
    expect(getComputedStyle(grid).gridTemplateColumns).toBe("repeat(4, minmax(0, 1fr))");
  } finally {
    removeStylesheet();
  }
});

test("the brand shows as the shop spells it, whatever the case in the address", async () => {
  renderCollection({ path: "/colletions/new%20balance", brands: [{ _id: 1, name: "New Balance" }] });
  expect(await screen.findByText("New Balance")).toBeInTheDocument();
  await screen.findByText("Shoe 1");
});

test("an empty collection says so", async () => {
  renderCollection({ count: 0 });
  expect(await screen.findByText("No New Balance shoes right now.")).toBeInTheDocument();
  expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
});

describe("the size chips", () => {
  const sizeChip = (name) =>
    within(screen.getByRole("group", { name: "Size" })).getByRole("button", { name });

  test("a size asks for the shoes with pairs of it, from the first page, and is kept while paging", async () => {
    const { user, calls } = renderCollection();
    await user.click(within(await screen.findByRole("navigation")).getByRole("button", { name: "Next" }));
    await screen.findByText("Shoe 7");
    await user.click(sizeChip("9.5"));
    await screen.findByText("Shoe 1");
    await user.click(within(screen.getByRole("navigation")).getByRole("button", { name: "Next" }));
    await screen.findByText("Shoe 7");
    expect(pageRequests(calls).slice(-2)).toEqual([
      "/shoes?limit=6&offset=0&brand=New+Balance&size=9.5&inStock=true",
      "/shoes?limit=6&offset=6&brand=New+Balance&size=9.5&inStock=true",
    ]);
    expect(sizeChip("9.5")).toHaveAttribute("aria-pressed", "true");
  });

  test("Clear filters resets the size with the sort and the color", async () => {
    const { user, calls } = renderCollection();
    await screen.findByText("Shoe 6");
    await user.selectOptions(screen.getByLabelText("Sort by price"), "Price: low to high");
    await user.click(sizeChip("8"));
    await screen.findByText("Shoe 1");
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(sizeChip("All sizes")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Sort by price")).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
    // The plain first page was asked before, and is shown again from the cache.
    expect(await screen.findByText("Shoe 6")).toBeInTheDocument();
    expect(pageRequests(calls)[0]).toBe("/shoes?limit=6&offset=0&brand=New+Balance");
  });
});

describe("what the collection lists changes", () => {
  test("another brand starts from its first page", async () => {
    const { user, router, calls } = renderCollection({ count: { "New Balance": 14, Nike: 9 } });
    await user.click(within(await screen.findByRole("navigation")).getByRole("button", { name: "Next" }));
    await screen.findByText("Shoe 7");

    await act(() => router.navigate("/colletions/Nike"));
    const pager = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pager).getByText("Page 1 of 2")).toBeInTheDocument();
    expect(pageRequests(calls).at(-1)).toBe("/shoes?limit=6&offset=0&brand=Nike");
  });

  test("a shoe leaving the brand while the shopper is on its second page brings them back to the first", async () => {
    const count = { "New Balance": 14 };
    const { user, store, calls } = renderCollection({ count });
    await user.click(within(await screen.findByRole("navigation")).getByRole("button", { name: "Next" }));
    await screen.findByText("Shoe 7");

    // An admin moved one of its shoes to another brand: the shop's lists of shoes are asked again.
    count["New Balance"] = 13;
    await act(async () => store.dispatch(shopApi.util.invalidateTags([{ type: "Shoe", id: "LIST" }])));
    expect(await screen.findByText("Shoe 1")).toBeInTheDocument();
    expect(pageRequests(calls).slice(-2)).toEqual([
      "/shoes?limit=6&offset=6&brand=New+Balance",
      "/shoes?limit=6&offset=0&brand=New+Balance",
    ]);
  });
});
