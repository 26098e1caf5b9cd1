import { screen, within } from "@testing-library/react";
import { userRow } from "../../../testing/adminFixtures";
import { installFakeApi, page } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";

const ME = userRow(1, { email: "admin@sneakers.test", isAdmin: true });
const REFUND = {
  _id: 2,
  at: "2026-11-27T23:57:04.123456Z",
  actorId: 1,
  actorEmail: "admin@sneakers.test",
  actorName: "Ada Admin",
  via: "dashboard",
  kind: "order.refund",
  recordType: "order",
  recordId: "7",
  recordLabel: "pi_test_7",
  before: { status: "Pending", refunded: 0 },
  after: { status: "Pending", refunded: 8000 },
  requestId: "lb-1",
};

async function renderLog(answer = () => page([REFUND], 1)) {
  const calls = installFakeApi({ "GET /brands": [], "GET /activity": answer });
  const view = renderWithProviders({
    path: "/activity",
    preloadedState: { account: { user: ME, status: "signedIn" } },
  });
  await screen.findByRole("heading", { level: 1, name: "Activity" });
  return { ...view, calls };
}

const activityCalls = (calls) =>
  calls.filter((call) => call.path.startsWith("/activity")).map((call) => call.path);

test("each line: when, who by name, kind, record, and each value before → after", async () => {
  await renderLog();
  const row = (await screen.findByText("Ada Admin")).closest("tr");
  expect(within(row).getByText("2026-11-27 23:57:04")).toBeInTheDocument();
  expect(within(row).getByText("order.refund")).toBeInTheDocument();
  expect(within(row).getByText("order #7 pi_test_7")).toBeInTheDocument();
  expect(row).toHaveTextContent("refunded: 0 → 8000");
});

test("the filters ask the server for the lines that match, from the first page", async () => {
  const { user, calls } = await renderLog();
  await screen.findByText("Ada Admin");
  await user.type(screen.getByRole("searchbox", { name: "Person" }), " ada ");
  await user.type(screen.getByRole("searchbox", { name: "Kind" }), "order");
  await user.click(screen.getByRole("button", { name: "Filter" }));
  await screen.findByText("Ada Admin");
  expect(activityCalls(calls)).toContain("/activity?limit=20&offset=0&actor=ada&kind=order");
});

test("nothing logged that matches says so", async () => {
  await renderLog(() => page([], 0));
  expect(await screen.findByText("Nothing logged matches.")).toBeInTheDocument();
});
