import { screen, waitFor } from "@testing-library/react";
import { screenReady, renderWithProviders } from "../../../testing/renderWithProviders";
import { installFakeApi, page } from "../../../testing/fakeApi";

const user = {
  _id: 1,
  email: "ana@example.com",
  status: "Enabled",
  isAdmin: false,
  displayName: "",
  avatar: null,
};

// The screen at the path, once the header's brands have come.
async function renderAt(path, account, answers = {}) {
  installFakeApi({ "GET /brands": [], ...answers });
  const view = renderWithProviders({ path, preloadedState: { account } });
  await screenReady(view.store);
  return view;
}

test("a visitor on /account goes to /signin", async () => {
  const { router } = await renderAt("/account", { user: null, status: "signedOut" });
  expect(await screen.findByRole("heading", { name: "SIGN IN" })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/signin");
  expect(router.state.location.state).toEqual({ from: "/account" });
});

test("an account turned away (Disabled) and signed out goes home, not to /signin", async () => {
  const { router } = await renderAt(
    "/account",
    { user: null, status: "signedOut", turnedAway: true },
    {
      "GET /shoes": page([]),
    },
  );
  await waitFor(() => expect(router.state.location.pathname).toBe("/"));
});

test("while the provider has not said, the guard waits", async () => {
  await renderAt("/account", { user: null, status: "unknown" });
  expect(screen.getByText("LOADING...")).toBeInTheDocument();
});

test.each(["/admin", "/orders", "/createshoes", "/createbrand", "/createsize", "/modifshoe"])(
  "a shopper on %s goes home",
  async (path) => {
    const { router } = await renderAt(path, { user, status: "signedIn" });
    await screen.findByRole("region", { name: "CATALOGUE" });
    expect(router.state.location.pathname).toBe("/");
  },
);

test("a visitor on an admin screen goes home too", async () => {
  const { router } = await renderAt("/admin", { user: null, status: "signedOut" });
  await screen.findByRole("region", { name: "CATALOGUE" });
  expect(router.state.location.pathname).toBe("/");
});

test("an admin passes", async () => {
  const { router } = await renderAt(
    "/admin",
    { user: { ...user, isAdmin: true }, status: "signedIn" },
    { "GET /brands?limit=4&offset=0": page([]) },
  );
  expect(router.state.location.pathname).toBe("/admin");
  // The dashboard is a lazily loaded chunk: the first load may take a while on a busy machine.
  expect(
    await screen.findByRole("heading", { name: "ADMIN DASHBOARD" }, { timeout: 5000 }),
  ).toBeInTheDocument();
});
