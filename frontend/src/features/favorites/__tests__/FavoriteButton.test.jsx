import { screen, waitFor } from "@testing-library/react";
import { errorPopup, successPopup } from "../../../lib/popup";
import { favoriteFixture, installFakeApi, page, shoeFixture, userRecord } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";

jest.mock("../../../lib/popup");

const UID = userRecord().idUser;
const shoe = shoeFixture({ _id: 7, name: "Air Swift" });
const signedIn = { account: { user: userRecord(), status: "signedIn" } };
const visitor = { account: { user: null, status: "signedOut" } };

beforeEach(() => jest.clearAllMocks());

async function renderShoe(answers, preloadedState = signedIn) {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes/7": shoe,
    "GET /reviews/7": page([]),
    ...answers,
  });
  const view = renderWithProviders({ path: "/products/7", preloadedState });
  await screen.findByRole("heading", { level: 1, name: "Air Swift" });
  return { ...view, calls };
}

const ADD = "Add to favorites";
const REMOVE = "Remove from favorites";
// The button, whichever it reads.
const toggle = () => screen.getByRole("button", { name: /to favorites|from favorites/ });

test("not a favorite: the button reads 'Add to favorites'; pressing adds it with the spec's toast", async () => {
  const { user, calls } = await renderShoe({
    [`GET /favorites/${UID}`]: [],
    [`POST /favorites/${UID}`]: [
      201,
      { message: "Shoe added to Favorites", favorite: favoriteFixture(shoe) },
    ],
  });
  await waitFor(() => expect(toggle()).toBeEnabled());
  expect(toggle()).toHaveAccessibleName(ADD);
  expect(calls.find((call) => call.path.startsWith("/favorites")).path).toBe(`/favorites/${UID}?shoeId=7`);

  await user.click(toggle());

  expect(await screen.findByRole("button", { name: REMOVE })).toBeEnabled();
  expect(successPopup).toHaveBeenCalledWith("Shoe added to Favorites");
  expect(calls.at(-1)).toMatchObject({ method: "POST", body: { shoeId: 7 } });
});

test("a favorite: the button reads 'Remove from favorites'; pressing removes it with the spec's toast", async () => {
  const { user, calls } = await renderShoe({
    [`GET /favorites/${UID}`]: [favoriteFixture(shoe)],
    [`DELETE /favorites/${UID}`]: { message: "Shoe removed from Favorites" },
  });
  await user.click(await screen.findByRole("button", { name: REMOVE }));

  expect(await screen.findByRole("button", { name: ADD })).toBeEnabled();
  expect(successPopup).toHaveBeenCalledWith("Shoe removed from Favorites");
  expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: `/favorites/${UID}`, body: { shoeId: 7 } });
});

test("the toggle waits while the shop says whether the shoe is a favorite", async () => {
  await renderShoe({ [`GET /favorites/${UID}`]: () => new Promise(() => {}) });
  expect(toggle()).toBeDisabled();
});

test("a refusal keeps the toggle as it was and says why", async () => {
  const { user } = await renderShoe({
    [`GET /favorites/${UID}`]: [],
    [`POST /favorites/${UID}`]: [404, { detail: "That shoe is not in the shop.", code: "not_found" }],
  });
  await waitFor(() => expect(toggle()).toBeEnabled());
  await user.click(toggle());
  await waitFor(() =>
    expect(errorPopup).toHaveBeenCalledWith("Your Favorites could not be changed", {
      text: "That shoe is not in the shop.",
    }),
  );
  expect(toggle()).toHaveAccessibleName(ADD);
  expect(successPopup).not.toHaveBeenCalled();
});

test("a visitor pressing it is asked to sign in, and comes back to the shoe after", async () => {
  const { user, router, calls } = await renderShoe({}, visitor);
  expect(toggle()).toHaveAccessibleName(ADD);
  expect(calls.some((call) => call.path.startsWith("/favorites"))).toBe(false);

  await user.click(toggle());

  expect(await screen.findByRole("heading", { name: "SIGN IN" })).toBeInTheDocument();
  expect(screen.getByRole("status")).toHaveTextContent("Sign in to keep your Favorites.");
  expect(router.state.location.state).toMatchObject({ from: "/products/7" });
});

test("a session that ran out is treated as a visitor", async () => {
  const { user, router } = await renderShoe({
    [`GET /favorites/${UID}`]: [],
    [`POST /favorites/${UID}`]: [401, { detail: "Sign in first.", code: "not_authenticated" }],
  });
  await waitFor(() => expect(toggle()).toBeEnabled());
  await user.click(toggle());
  await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
  expect(errorPopup).not.toHaveBeenCalled();
});
