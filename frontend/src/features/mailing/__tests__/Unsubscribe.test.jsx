import { screen } from "@testing-library/react";
import { installFakeApi } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";

const TOKEN = "MQ:7Wm1xtq1J3oYH0";
const PATH = `/mail/unsubscribe/${encodeURIComponent(TOKEN)}`;

function renderScreen(answer) {
  const calls = installFakeApi({ [`POST ${PATH}`]: answer });
  return { ...renderWithProviders({ path: `/unsubscribe/${TOKEN}` }), calls };
}

test("opening the mail's link changes nothing until the button is pressed", async () => {
  const { calls } = renderScreen([200, { message: "You will get no more newsletter mail." }]);
  expect(await screen.findByRole("heading", { name: "UNSUBSCRIBE" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeEnabled();
  expect(calls.filter((call) => call.method === "POST")).toEqual([]);
});

test("the button posts the token and shows the shop's answer", async () => {
  const { user, calls } = renderScreen([200, { message: "You will get no more newsletter mail." }]);
  await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
  expect(await screen.findByRole("status")).toHaveTextContent("You will get no more newsletter mail.");
  expect(calls.filter((call) => call.method === "POST")).toEqual([
    expect.objectContaining({ method: "POST", path: PATH, body: undefined }),
  ]);
  expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back Home" })).toHaveAttribute("href", "/");
});

test("a link the shop did not sign gets its refusal, and the button stays", async () => {
  const { user } = renderScreen([
    400,
    { detail: "This unsubscribe link is not valid.", code: "invalid_unsubscribe_link" },
  ]);
  await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("This unsubscribe link is not valid.");
  expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeEnabled();
});
