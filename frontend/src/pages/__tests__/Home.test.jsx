import { act, screen, within } from "@testing-library/react";
import { installFakeApi, page, shoeFixture } from "../../testing/fakeApi";
import { renderWithProviders } from "../../testing/renderWithProviders";
import { CAROUSEL_INTERVAL_MS } from "../../features/catalog/carousel";

function renderHome({ onSale = [], count = 3 } = {}) {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes/onSale": page(onSale),
    "GET /shoes": page(
      Array.from({ length: Math.min(count, 28) }, () => shoeFixture()),
      count,
    ),
  });
  return { ...renderWithProviders({ path: "/" }), calls };
}

test("the carousel shows the cheapest shoes on sale and goes round both ways", async () => {
  const onSale = ["Cheap", "Middle", "Dear"].map((name, index) =>
    shoeFixture({ name, price: 10 * (index + 1) }),
  );
  const { user, calls } = renderHome({ onSale });
  const carousel = await screen.findByRole("region", { name: "Winter sale" });
  expect(await within(carousel).findByText("Cheap")).toBeInTheDocument();
  expect(calls.some((call) => call.path === "/shoes/onSale?limit=12&offset=0")).toBe(true);

  await user.click(within(carousel).getByRole("button", { name: "Previous shoe on sale" }));
  expect(within(carousel).getByText("Dear")).toBeInTheDocument();
  await user.click(within(carousel).getByRole("button", { name: "Next shoe on sale" }));
  expect(within(carousel).getByText("Cheap")).toBeInTheDocument();
});

test("the carousel moves on by itself", async () => {
  jest.useFakeTimers();
  try {
    const onSale = [shoeFixture({ name: "First" }), shoeFixture({ name: "Second" })];
    renderHome({ onSale });
    const carousel = await screen.findByRole("region", { name: "Winter sale" });
    await within(carousel).findByText("First");
    act(() => jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(within(carousel).getByText("Second")).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test("a banner shows when nothing is on sale", async () => {
  renderHome();
  expect(await screen.findByRole("img", { name: "Sneakers for every season" })).toBeInTheDocument();
});

test("the catalogue asks for 28 shoes a page; Previous is hidden on the first", async () => {
  const { user, calls } = renderHome({ count: 60 });
  const catalogue = await screen.findByRole("region", { name: "CATALOGUE" });
  await within(catalogue).findAllByRole("article");
  expect(within(catalogue).getAllByRole("article")).toHaveLength(28);
  expect(within(catalogue).queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();
  expect(calls.some((call) => call.path === "/shoes?limit=28&offset=0")).toBe(true);

  await user.click(within(catalogue).getByRole("button", { name: "Next" }));
  expect(await within(catalogue).findByRole("button", { name: "Previous" })).toBeInTheDocument();
  expect(calls.some((call) => call.path === "/shoes?limit=28&offset=28")).toBe(true);
});

test("the help chat's button is there", async () => {
  renderHome();
  expect(await screen.findByRole("button", { name: "Help" })).toBeInTheDocument();
});

test("while the sale loads the catalogue waits in its loading state, and a failed sale holds it no longer", async () => {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes/onSale": [500, { detail: "Down.", code: "error" }],
    "GET /shoes": page([shoeFixture({ name: "Still here" })]),
  });
  const answer = globalThis.fetch;
  let failSale;
  globalThis.fetch = jest.fn((url, init) =>
    url.includes("/shoes/onSale")
      ? new Promise((resolve) => (failSale = () => resolve(answer(url, init))))
      : answer(url, init),
  );
  renderWithProviders({ path: "/" });
  const catalogue = await screen.findByRole("region", { name: "CATALOGUE" });
  await act(async () => {});
  expect(calls.some((call) => call.path.startsWith("/shoes?"))).toBe(false);
  expect(within(catalogue).queryByRole("article")).not.toBeInTheDocument();

  await act(async () => failSale());
  expect(await within(catalogue).findByText("Still here")).toBeInTheDocument();
});
