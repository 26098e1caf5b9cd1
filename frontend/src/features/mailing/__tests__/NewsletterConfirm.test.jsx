import { screen } from "@testing-library/react";
import { installFakeApi } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";

const TOKEN = "eyJzaWdudXAiOjF9:1vXyZ:abc";
const PATH = `/mail/newsletter/confirm/${encodeURIComponent(TOKEN)}`;
const CONFIRMED = "Your subscription is confirmed: welcome to the newsletter!";

function renderScreen(answer) {
  const calls = installFakeApi({ [`POST ${PATH}`]: answer });
  return { ...renderWithProviders({ path: `/newsletter/confirm/${TOKEN}` }), calls };
}

test("opening the mail's link changes nothing until the button is pressed", async () => {
  const { calls } = renderScreen([200, { message: CONFIRMED }]);
  expect(await screen.findByRole("heading", { name: "NEWSLETTER" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Confirm my subscription" })).toBeEnabled();
  expect(calls.filter((call) => call.method === "POST")).toEqual([]);
});

test("the button posts the token and shows the shop's answer", async () => {
  const { user, calls } = renderScreen([200, { message: CONFIRMED }]);
  await user.click(await screen.findByRole("button", { name: "Confirm my subscription" }));
  expect(await screen.findByRole("status")).toHaveTextContent(CONFIRMED);
  expect(calls.filter((call) => call.method === "POST")).toEqual([
    expect.objectContaining({ method: "POST", path: PATH, body: undefined }),
  ]);
  expect(screen.queryByRole("button", { name: "Confirm my subscription" })).not.toBeInTheDocument();
});

test("an old or forged link gets the shop's refusal, and the button stays", async () => {
  const detail = "This confirmation link is not valid or has expired. Sign up again to get a new one.";
  const { user } = renderScreen([400, { detail, code: "invalid_confirmation_link" }]);
  await user.click(await screen.findByRole("button", { name: "Confirm my subscription" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(detail);
  expect(screen.getByRole("button", { name: "Confirm my subscription" })).toBeEnabled();
});
