import { screen, within } from "@testing-library/react";
import { installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import Collection from "../Collection";

const pageRequests = (calls) =>
  calls.filter((call) => call.path.startsWith("/shoes?")).map((call) => call.path);

function renderCollection({ count = 14, path = "/colletions/New%20Balance", brands = [] } = {}) {
  const calls = installFakeApi({
    "GET /brands": brands,
    "GET /shoes/colors": ["Black", "Red"],
    "GET /shoes": ({ path: asked }) => {
      const offset = Number(new URLSearchParams(asked.split("?")[1]).get("offset"));
      const shown = Math.max(0, Math.min(6, count - offset));
      return page(
        Array.from({ length: shown }, (_, index) => shoeFixture({ name: `Shoe ${offset + index + 1}` })),
        count,
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
