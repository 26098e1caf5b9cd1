import { act, screen, within } from "@testing-library/react";
import { installFakeApi } from "../../testing/fakeApi";
import { renderWithProviders } from "../../testing/renderWithProviders";

// A brand's own size guide on /sizeChart?brand={id} (issue 31); without ?brand= the spec's chart, which
// staticPages.test.jsx holds to the spec row by row.
const ADIDAS = {
  _id: 3,
  name: "Adidas",
  sizeGuide: [
    { us: "9", uk: "8.5", eu: "42 2/3", cm: "27" },
    { us: "9.5", uk: "9", eu: "43 1/3", cm: "27.5" },
  ],
};

const cellsOf = (table) =>
  within(table)
    .getAllByRole("row")
    .map((row) =>
      [...within(row).queryAllByRole("columnheader"), ...within(row).queryAllByRole("cell")].map(
        (cell) => cell.textContent,
      ),
    );

function renderChart(path, answers = {}) {
  const calls = installFakeApi({ "GET /brands": [], ...answers });
  return { calls, ...renderWithProviders({ path }) };
}

test("a brand with its own guide: its table, under a heading naming it", async () => {
  renderChart("/sizeChart?brand=3", { "GET /brands/3/sizeGuide": ADIDAS });
  expect(await screen.findByRole("heading", { level: 1, name: "ADIDAS SIZE CHART" })).toBeInTheDocument();
  expect(cellsOf(screen.getByRole("table"))).toEqual([
    ["US", "UK", "EU", "cm"],
    ["9", "8.5", "42 2/3", "27"],
    ["9.5", "9", "43 1/3", "27.5"],
  ]);
  expect(document.title).toBe("Adidas size chart | Sneaker Shop");
});

test("a guide without foot lengths has no cm column", async () => {
  const guide = { ...ADIDAS, sizeGuide: ADIDAS.sizeGuide.map((row) => ({ ...row, cm: "" })) };
  renderChart("/sizeChart?brand=3", { "GET /brands/3/sizeGuide": guide });
  await screen.findByRole("heading", { level: 1, name: "ADIDAS SIZE CHART" });
  expect(cellsOf(screen.getByRole("table"))[0]).toEqual(["US", "UK", "EU"]);
});

test("a brand without a guide shows the spec's chart, and says why", async () => {
  renderChart("/sizeChart?brand=4", { "GET /brands/4/sizeGuide": { _id: 4, name: "Vans", sizeGuide: [] } });
  expect(
    await screen.findByText("Vans has no size chart of its own: these are the shop's sizes."),
  ).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1, name: "SIZE CHART" })).toBeInTheDocument();
  const cells = cellsOf(screen.getByRole("table"));
  expect(cells[0]).toEqual(["US", "UK", "EU"]);
  expect(cells[1]).toEqual(["6", "3.5", "36"]);
  expect(cells).toHaveLength(13);
});

test("a brand no longer in the shop shows the spec's chart", async () => {
  renderChart("/sizeChart?brand=99", {
    "GET /brands/99/sizeGuide": [404, { detail: "That brand is not in the shop.", code: "not_found" }],
  });
  expect(await screen.findByRole("heading", { level: 1, name: "SIZE CHART" })).toBeInTheDocument();
  expect(screen.queryByText(/no size chart of its own/)).not.toBeInTheDocument();
});

test("without ?brand=, or with one that is no id, no brand is asked for", async () => {
  const { calls, router } = renderChart("/sizeChart?brand=nike");
  expect(await screen.findByRole("heading", { level: 1, name: "SIZE CHART" })).toBeInTheDocument();
  await act(() => router.navigate("/sizeChart"));
  expect(screen.getByRole("heading", { level: 1, name: "SIZE CHART" })).toBeInTheDocument();
  expect(calls.filter((call) => call.path.includes("sizeGuide"))).toEqual([]);
});

test("the brand's page links the shop's chart", async () => {
  const { user, router } = renderChart("/sizeChart?brand=3", { "GET /brands/3/sizeGuide": ADIDAS });
  await user.click(await screen.findByRole("link", { name: "The shop's size chart" }));
  expect(router.state.location.search).toBe("");
  expect(await screen.findByRole("heading", { level: 1, name: "SIZE CHART" })).toBeInTheDocument();
});

test("a failed load offers to try again", async () => {
  const { user } = renderChart("/sizeChart?brand=3", {
    "GET /brands/3/sizeGuide": [503, { detail: "Busy" }],
  });
  expect(await screen.findByRole("alert")).toHaveTextContent("We could not load this size chart.");
  installFakeApi({ "GET /brands": [], "GET /brands/3/sizeGuide": ADIDAS });
  await user.click(await screen.findByRole("button", { name: "Try again" }));
  expect(await screen.findByRole("heading", { level: 1, name: "ADIDAS SIZE CHART" })).toBeInTheDocument();
});
