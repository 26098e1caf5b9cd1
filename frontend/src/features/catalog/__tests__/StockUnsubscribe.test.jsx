import { screen } from "@testing-library/react";
import { installFakeApi } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";

const TOKEN = "Mw:4Xq2";
const PATH = `/shoes/notify/unsubscribe/${encodeURIComponent(TOKEN)}`;

test("a back-in-stock mail's link asks first, then posts the token and shows the answer", async () => {
  const calls = installFakeApi({
    [`POST ${PATH}`]: [200, { message: "You will get no mail about that size." }],
  });
  const { user } = renderWithProviders({ path: `/unsubscribe/stock/${TOKEN}` });
  expect(await screen.findByText("Stop getting mail about this size of this shoe?")).toBeInTheDocument();
  expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
  expect(await screen.findByRole("status")).toHaveTextContent("You will get no mail about that size.");
  expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([PATH]);
});
