import { setupStore } from "../../../app/store";
import { nextOffset, PAGE_SIZE, previousOffset, RESET_BELOW } from "../../../lib/paging";
import {
  favoriteFixture,
  installDeferredFetch,
  installFakeApi,
  page,
  shoeFixture,
  userRecord,
} from "../../../testing/fakeApi";
import { authStateChanged, signOut } from "../../account/accountSlice";
import {
  addFavorite,
  favoritesPageChanged,
  fetchFavoritesPage,
  fetchIsFavorite,
  removeFavorite,
  selectFavoriteShoe,
  selectFavoriteShoes,
} from "../favoritesSlice";

const UID = userRecord().idUser;
const shoe = shoeFixture({ _id: 5, name: "Air Swift" });
const favorite = favoriteFixture(shoe, { _id: 12 });
const refused = (status, detail, code) => [status, { detail, code }];

describe("the page of /favorites", () => {
  test("asks for the user's favorites 8 at a time and keeps their shoes with the cart's quantities at 0", async () => {
    const calls = installFakeApi({ [`GET /favorites/${UID}`]: page([favorite], 9) });
    const store = setupStore();
    await store.dispatch(fetchFavoritesPage({ uid: UID, offset: 8 }));

    expect(calls.map((call) => call.path)).toEqual([`/favorites/${UID}?limit=8&offset=8`]);
    expect(store.getState().favorites).toMatchObject({ count: 9, status: "succeeded", uid: UID });
    const [shown] = selectFavoriteShoes(store.getState());
    expect(shown).toMatchObject({ _id: 5, name: "Air Swift", quantity: 0 });
    expect(shown.stock.map((entry) => [entry.quantity, entry.available])).toEqual([
      [0, 3],
      [0, 0],
    ]);
  });

  test("each load replaces the page", async () => {
    const other = favoriteFixture(shoeFixture({ name: "Court Classic" }));
    const store = setupStore();
    installFakeApi({ [`GET /favorites/${UID}`]: page([favorite]) });
    await store.dispatch(fetchFavoritesPage({ uid: UID, offset: 0 }));
    installFakeApi({ [`GET /favorites/${UID}`]: page([other]) });
    await store.dispatch(fetchFavoritesPage({ uid: UID, offset: 0 }));
    expect(selectFavoriteShoes(store.getState()).map((item) => item.name)).toEqual(["Court Classic"]);
  });

  test("Previous and Next follow the sale's rules: 8 a page, back to the start under 10", () => {
    const store = setupStore();
    const step = PAGE_SIZE.favorites;
    const move = (offset) => store.dispatch(favoritesPageChanged(offset));
    move(nextOffset(0, step, 20));
    expect(store.getState().favorites.offset).toBe(8);
    move(nextOffset(8, step, 20));
    move(nextOffset(16, step, 20));
    expect(store.getState().favorites.offset).toBe(16);
    move(previousOffset(16, step, RESET_BELOW.favorites));
    expect(store.getState().favorites.offset).toBe(8);
    move(previousOffset(8, step, RESET_BELOW.favorites));
    expect(store.getState().favorites.offset).toBe(0);
  });

  test("a page left empty (favorites removed elsewhere) goes back to the first", async () => {
    installFakeApi({ [`GET /favorites/${UID}`]: page([], 3) });
    const store = setupStore();
    store.dispatch(favoritesPageChanged(8));
    await store.dispatch(fetchFavoritesPage({ uid: UID, offset: 8 }));
    expect(store.getState().favorites.offset).toBe(0);
  });

  test("the page resets when the list changes: adding or removing a favorite", async () => {
    installFakeApi({
      [`POST /favorites/${UID}`]: [201, { message: "Shoe added to Favorites", favorite }],
      [`DELETE /favorites/${UID}`]: { message: "Shoe removed from Favorites" },
    });
    const store = setupStore();
    store.dispatch(favoritesPageChanged(16));
    await store.dispatch(addFavorite({ uid: UID, shoeId: 5 }));
    expect(store.getState().favorites.offset).toBe(0);
    store.dispatch(favoritesPageChanged(8));
    await store.dispatch(removeFavorite({ uid: UID, shoeId: 5 }));
    expect(store.getState().favorites.offset).toBe(0);
  });

  test("another user's favorites are refused and nothing is shown", async () => {
    installFakeApi({ "GET /favorites/someone-else": refused(403, "Not allowed.", "permission_denied") });
    const store = setupStore();
    await store.dispatch(fetchFavoritesPage({ uid: "someone-else", offset: 0 }));
    expect(store.getState().favorites).toMatchObject({
      status: "failed",
      error: { status: 403 },
      favorites: [],
    });
  });

  test("an older page answering last does not replace the newer one", async () => {
    const pending = installDeferredFetch();
    const store = setupStore();
    const first = store.dispatch(fetchFavoritesPage({ uid: UID, offset: 0 }));
    const second = store.dispatch(fetchFavoritesPage({ uid: UID, offset: 8 }));
    await Promise.resolve();
    pending[1].answer(200, page([favoriteFixture(shoeFixture({ name: "Page two" }))], 9));
    await second;
    pending[0].answer(200, page([favoriteFixture(shoeFixture({ name: "Page one" }))], 9));
    await first;
    expect(selectFavoriteShoes(store.getState()).map((item) => item.name)).toEqual(["Page two"]);
  });
});

describe("forgotten when the user changes", () => {
  async function storeWithFavorites() {
    installFakeApi({
      [`GET /favorites/${UID}`]: page([favorite]),
      "POST /auth/signout": {},
    });
    const store = setupStore({ account: { user: userRecord(), status: "signedIn" } });
    await store.dispatch(fetchFavoritesPage({ uid: UID, offset: 0 }));
    return store;
  }

  test("signing out clears them", async () => {
    const store = await storeWithFavorites();
    store.dispatch(signOut.fulfilled(undefined, "request"));
    expect(store.getState().favorites.favorites).toEqual([]);
  });

  test("another user signing in clears them; the same user keeps them", async () => {
    const store = await storeWithFavorites();
    store.dispatch(authStateChanged(userRecord()));
    expect(store.getState().favorites.favorites).toHaveLength(1);
    store.dispatch(authStateChanged(userRecord({ idUser: "b".repeat(28) })));
    expect(store.getState().favorites).toMatchObject({ favorites: [], uid: null, offset: 0 });
  });
});

describe("the detail screen's toggle", () => {
  test("asks about that one shoe: a list of one is a favorite", async () => {
    const calls = installFakeApi({ [`GET /favorites/${UID}`]: [favorite] });
    const store = setupStore();
    const request = store.dispatch(fetchIsFavorite({ uid: UID, shoeId: 5 }));
    expect(selectFavoriteShoe(store.getState(), 5)).toMatchObject({ isFavorite: null, status: "loading" });
    await request;
    expect(calls.map((call) => call.path)).toEqual([`/favorites/${UID}?shoeId=5`]);
    expect(selectFavoriteShoe(store.getState(), 5)).toMatchObject({ isFavorite: true, status: "succeeded" });
  });

  test("an empty list is no favorite; another shoe is unknown", async () => {
    installFakeApi({ [`GET /favorites/${UID}`]: [] });
    const store = setupStore();
    await store.dispatch(fetchIsFavorite({ uid: UID, shoeId: 5 }));
    expect(selectFavoriteShoe(store.getState(), "5").isFavorite).toBe(false);
    expect(selectFavoriteShoe(store.getState(), 6).isFavorite).toBeNull();
  });

  test.each([
    ["201, a new favorite", 201],
    ["200, already a favorite (no duplicate)", 200],
  ])("adding sends the shoe's id and makes it a favorite: %s", async (_, status) => {
    const calls = installFakeApi({
      [`GET /favorites/${UID}`]: [],
      [`POST /favorites/${UID}`]: [status, { message: "Shoe added to Favorites", favorite }],
    });
    const store = setupStore();
    await store.dispatch(fetchIsFavorite({ uid: UID, shoeId: 5 }));
    const adding = store.dispatch(addFavorite({ uid: UID, shoeId: 5 }));
    expect(selectFavoriteShoe(store.getState(), 5).saving).toBe(true);
    const result = await adding;

    expect(calls[1]).toMatchObject({ method: "POST", path: `/favorites/${UID}`, body: { shoeId: 5 } });
    expect(result.payload.message).toBe("Shoe added to Favorites");
    expect(selectFavoriteShoe(store.getState(), 5)).toMatchObject({ isFavorite: true, saving: false });
  });

  test("removing sends the shoe's id in the body of a DELETE", async () => {
    const calls = installFakeApi({
      [`GET /favorites/${UID}`]: [favorite],
      [`DELETE /favorites/${UID}`]: { message: "Shoe removed from Favorites" },
    });
    const store = setupStore();
    await store.dispatch(fetchIsFavorite({ uid: UID, shoeId: 5 }));
    await store.dispatch(removeFavorite({ uid: UID, shoeId: 5 }));
    expect(calls[1]).toMatchObject({ method: "DELETE", path: `/favorites/${UID}`, body: { shoeId: 5 } });
    expect(selectFavoriteShoe(store.getState(), 5).isFavorite).toBe(false);
  });

  test.each([
    ["an unknown shoe", 404, "That shoe is not in the shop.", "not_found"],
    ["another user's uid", 403, "You do not have permission to perform this action.", "permission_denied"],
    ["a visitor", 401, "Sign in first.", "not_authenticated"],
  ])("a refusal (%s) keeps the state and carries the server's answer", async (_, status, detail, code) => {
    installFakeApi({
      [`GET /favorites/${UID}`]: [],
      [`POST /favorites/${UID}`]: refused(status, detail, code),
    });
    const store = setupStore();
    await store.dispatch(fetchIsFavorite({ uid: UID, shoeId: 5 }));
    const result = await store.dispatch(addFavorite({ uid: UID, shoeId: 5 }));
    expect(result.payload).toMatchObject({ status, code, message: detail });
    expect(selectFavoriteShoe(store.getState(), 5)).toMatchObject({ isFavorite: false, saving: false });
  });

  test("a failed question leaves it unknown and says so", async () => {
    installFakeApi({ [`GET /favorites/${UID}`]: refused(503, "Busy", "unavailable") });
    const store = setupStore();
    await store.dispatch(fetchIsFavorite({ uid: UID, shoeId: 5 }));
    expect(selectFavoriteShoe(store.getState(), 5)).toMatchObject({ isFavorite: null, status: "failed" });
  });
});
