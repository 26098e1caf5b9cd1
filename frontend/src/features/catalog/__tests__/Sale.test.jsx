import { screen, within } from "@testing-library/react";
import { installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import Sale from "../Sale";

function renderSale(count) {
  const calls = installFakeApi({
    "GET /shoes/onSale": ({ path }) => {
      const offset = Number(new URLSearchParams(path.split("?")[1]).get("offset"));
      const shown = Math.max(0, Math.min(8, count - offset));
      return page(
        Array.from({ length: shown }, (_, index) =>
          shoeFixture({ name: `Deal ${offset + index + 1}`, onSale: true }),
        ),
        count,
      );
    },
  });
  return { ...renderWithProviders({ element: <Sale /> }), calls };
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
