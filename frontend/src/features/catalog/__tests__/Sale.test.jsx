import { act, screen, within } from "@testing-library/react";
import {
  flushPromises,
  installDeferredFetch,
  installFakeApi,
  page,
  shoeFixture,
} from "../../../testing/fakeApi";
import { renderWithProviders, screenReady } from "../../../testing/renderWithProviders";
import { shopApi } from "../../../lib/shopApi";
import Sale from "../Sale";

// The sale of `deals.count` shoes, answered a page at a time; the count may change between calls.
function saleOf(deals) {
  return ({ path }) => {
    const offset = Number(new URLSearchParams(path.split("?")[1]).get("offset"));
    const shown = Math.max(0, Math.min(8, deals.count - offset));
    return page(
      Array.from({ length: shown }, (_, index) =>
        shoeFixture({ name: `Deal ${offset + index + 1}`, onSale: true }),
      ),
      deals.count,
    );
  };
}

function renderSale(count, preloadedState) {
  const calls = installFakeApi({ "GET /shoes/onSale": saleOf({ count }) });
  return { ...renderWithProviders({ element: <Sale />, preloadedState }), calls };
}

test("ON SALE!, 8 a page, loaded on entry", async () => {
  const { calls } = renderSale(20);
  expect(screen.getByRole("heading", { level: 1, name: "ON SALE!" })).toBeInTheDocument();
  expect(await screen.findByText("Deal 8")).toBeInTheDocument();
  expect(screen.getAllByRole("article")).toHaveLength(8);
  expect(screen.getAllByText("ON SALE")).toHaveLength(8);
  expect(calls.map((call) => call.path)).toEqual(["/shoes/onSale?limit=8&offset=0"]);
});

test("Next by 8 until the end, Previous back to the start", async () => {
  const { user } = renderSale(20);
  const pager = await screen.findByRole("navigation", { name: "Pages" });
  await user.click(within(pager).getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Deal 9")).toBeInTheDocument();
  await user.click(within(pager).getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Deal 17")).toBeInTheDocument();
  expect(screen.getAllByRole("article")).toHaveLength(4);
  expect(within(pager).getByRole("button", { name: "Next" })).toBeDisabled();
  await user.click(within(pager).getByRole("button", { name: "Previous" }));
  await user.click(await within(pager).findByRole("button", { name: "Previous" }));
  expect(await screen.findByText("Deal 1")).toBeInTheDocument();
  expect(within(pager).queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();
});

test("nothing on sale says so", async () => {
  renderSale(0);
  expect(await screen.findByText("Nothing is on sale right now: deals come back often.")).toBeInTheDocument();
});

test("a page left empty by a shrinking list sends the shopper back to the first", async () => {
  // The shopper left /sale on its second page; meanwhile most deals ended.
  const calls = installFakeApi({
    "GET /shoes/onSale": ({ path }) =>
      path.includes("offset=8")
        ? page([], 3)
        : page(
            [1, 2, 3].map((n) => shoeFixture({ name: `Deal ${n}`, onSale: true })),
            3,
          ),
  });
  renderWithProviders({
    element: <Sale />,
    preloadedState: { paging: { offsets: { sale: 8 }, counts: {} } },
  });
  expect(await screen.findByText("Deal 1")).toBeInTheDocument();
  expect(calls.map((call) => call.path)).toEqual([
    "/shoes/onSale?limit=8&offset=8",
    "/shoes/onSale?limit=8&offset=0",
  ]);
});

test("Next pressed twice while pages load: the page asked last shows, a late answer does not replace it", async () => {
  const pending = installDeferredFetch();
  const deals = (from, count) =>
    page(
      Array.from({ length: 8 }, (_, index) => shoeFixture({ name: `Deal ${from + index}`, onSale: true })),
      count,
    );
  const { user } = renderWithProviders({
    element: <Sale />,
    preloadedState: { paging: { offsets: { sale: 0 }, counts: {} } },
  });
  await act(() => flushPromises());
  pending[0].answer(200, deals(1, 24));
  const pager = await screen.findByRole("navigation", { name: "Pages" });

  await user.click(within(pager).getByRole("button", { name: "Next" }));
  await user.click(within(pager).getByRole("button", { name: "Next" }));
  await act(() => flushPromises());
  expect(pending.map((request) => request.url)).toEqual([
    "/api/shoes/onSale?limit=8&offset=0",
    "/api/shoes/onSale?limit=8&offset=8",
    "/api/shoes/onSale?limit=8&offset=16",
  ]);
  pending[2].answer(200, deals(17, 24));
  expect(await screen.findByText("Deal 17")).toBeInTheDocument();
  await act(async () => pending[1].answer(200, deals(9, 24)));
  await act(() => flushPromises());
  expect(screen.getByText("Deal 17")).toBeInTheDocument();
  expect(screen.queryByText("Deal 9")).not.toBeInTheDocument();
});

test("leaving /sale while it loads is no failure: coming back shows the page", async () => {
  let letThrough;
  const held = new Promise((resolve) => (letThrough = resolve));
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes/onSale": () => held,
  });
  const { store, router } = renderWithProviders({ path: "/sale" });
  await screenReady(store);
  await act(() => router.navigate("/sizeChart"));
  await screen.findByRole("heading", { name: "SIZE CHART" });
  await act(async () => letThrough(page([shoeFixture({ name: "Deal 1", onSale: true })], 1)));

  await act(() => router.navigate("/sale"));
  expect(await screen.findByText("Deal 1")).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(calls.filter((call) => call.path.startsWith("/shoes/onSale"))).toHaveLength(1);
});

test("a shoe leaving the sale while the shopper is on its second page brings them back to the first", async () => {
  const deals = { count: 20 };
  const calls = installFakeApi({ "GET /shoes/onSale": saleOf(deals) });
  const { user, store } = renderWithProviders({ element: <Sale /> });
  const pager = await screen.findByRole("navigation", { name: "Pages" });
  await user.click(within(pager).getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Deal 9")).toBeInTheDocument();

  // The shop's shoes change (as an admin's toggle of onSale tells the lists) and one has left the sale.
  deals.count = 19;
  await act(async () => store.dispatch(shopApi.util.invalidateTags([{ type: "Shoe", id: "LIST" }])));
  expect(await screen.findByText("Deal 1")).toBeInTheDocument();
  expect(within(pager).queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();
  expect(calls.map((call) => call.path).slice(-2)).toEqual([
    "/shoes/onSale?limit=8&offset=8",
    "/shoes/onSale?limit=8&offset=0",
  ]);
});

test("a sale that changed while the shopper was away opens on its first page", async () => {
  // They left /sale on its second page of 20 deals; 19 are left now, still more than a page.
  const { calls } = renderSale(19, { paging: { offsets: { sale: 8 }, counts: { sale: 20 } } });
  expect(await screen.findByText("Deal 1")).toBeInTheDocument();
  expect(calls.map((call) => call.path)).toEqual([
    "/shoes/onSale?limit=8&offset=8",
    "/shoes/onSale?limit=8&offset=0",
  ]);
});

test("the same sale as before keeps the page the shopper left", async () => {
  const { calls } = renderSale(20, { paging: { offsets: { sale: 8 }, counts: { sale: 20 } } });
  expect(await screen.findByText("Deal 9")).toBeInTheDocument();
  expect(calls.map((call) => call.path)).toEqual(["/shoes/onSale?limit=8&offset=8"]);
});
