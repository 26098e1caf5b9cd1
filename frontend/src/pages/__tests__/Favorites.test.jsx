import { screen, within } from "@testing-library/react";
import { favoriteFixture, installFakeApi, page, shoeFixture, userRecord } from "../../testing/fakeApi";
import { screenReady, renderWithProviders } from "../../testing/renderWithProviders";

const UID = userRecord().idUser;
const signedIn = { account: { user: userRecord(), status: "signedIn" } };

// The user's favorites, newest first, answered a page at a time as the server does.
function favoritesAnswer(count) {
  return ({ path }) => {
    const offset = Number(new URLSearchParams(path.split("?")[1]).get("offset"));
    const shown = Math.max(0, Math.min(8, count - offset));
    return page(
      Array.from({ length: shown }, (_, index) =>
        favoriteFixture(shoeFixture({ name: `Loved ${offset + index + 1}` })),
      ),
      count,
    );
  };
}

async function renderFavorites(answers, preloadedState = signedIn) {
  const calls = installFakeApi({ "GET /brands": [], ...answers });
  const view = renderWithProviders({ path: "/favorites", preloadedState });
  await screenReady(view.store);
  return { ...view, calls };
}

const pager = () => screen.getByRole("navigation", { name: "Pages" });

test("MY FAVORITES!: the user's favorite shoes as product cards, 8 a page", async () => {
  const { calls } = await renderFavorites({ [`GET /favorites/${UID}`]: favoritesAnswer(20) });
  expect(screen.getByRole("heading", { level: 1, name: "MY FAVORITES!" })).toBeInTheDocument();
  expect(await screen.findByText("Loved 8")).toBeInTheDocument();
  const cards = screen.getAllByRole("article");
  expect(cards).toHaveLength(8);
  expect(within(cards[0]).getByRole("button", { name: "BUY ME!" })).toBeInTheDocument();
  expect(within(cards[0]).getByRole("link", { name: /Loved 1/ })).toHaveAttribute(
    "href",
    expect.stringMatching(/^\/products\/\d+$/),
  );
  expect(calls.filter((call) => call.path.startsWith("/favorites")).map((call) => call.path)).toEqual([
    `/favorites/${UID}?limit=8&offset=0`,
  ]);
  expect(document.title).toBe("My favorites | Sneaker Shop");
});

test("Previous is hidden on the first page; Next by 8 until the end, Previous back to the start", async () => {
  const { user } = await renderFavorites({ [`GET /favorites/${UID}`]: favoritesAnswer(20) });
  await screen.findByText("Loved 1");
  expect(within(pager()).queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();

  await user.click(within(pager()).getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Loved 9")).toBeInTheDocument();
  await user.click(within(pager()).getByRole("button", { name: "Next" }));
  expect(await screen.findByText("Loved 17")).toBeInTheDocument();
  expect(screen.getAllByRole("article")).toHaveLength(4);
  expect(within(pager()).getByRole("button", { name: "Next" })).toBeDisabled();

  await user.click(within(pager()).getByRole("button", { name: "Previous" }));
  expect(await screen.findByText("Loved 9")).toBeInTheDocument();
  await user.click(within(pager()).getByRole("button", { name: "Previous" }));
  expect(await screen.findByText("Loved 1")).toBeInTheDocument();
  expect(within(pager()).queryByRole("button", { name: "Previous" })).not.toBeInTheDocument();
});

test("no favorites says so, with no pager", async () => {
  await renderFavorites({ [`GET /favorites/${UID}`]: page([]) });
  expect(
    await screen.findByText("No favorites yet: press Add to favorites on a shoe you like to keep it here."),
  ).toBeInTheDocument();
  expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
});

test("a failed load offers to try again", async () => {
  const { user } = await renderFavorites({ [`GET /favorites/${UID}`]: [503, { detail: "Busy" }] });
  // The API recovers only once the first load has failed, whenever the screen asked for it.
  const tryAgain = await screen.findByRole("button", { name: "Try again" });
  installFakeApi({ [`GET /favorites/${UID}`]: favoritesAnswer(1) });
  await user.click(tryAgain);
  expect(await screen.findByText("Loved 1")).toBeInTheDocument();
});

test("a visitor is asked to sign in, and comes back to /favorites after", async () => {
  const { router, calls } = await renderFavorites({}, { account: { user: null, status: "signedOut" } });
  expect(await screen.findByRole("heading", { name: "SIGN IN" })).toBeInTheDocument();
  expect(router.state.location.state).toEqual({ from: "/favorites" });
  expect(calls.some((call) => call.path.startsWith("/favorites"))).toBe(false);
});
