import { setupStore } from "../../../app/store";
import { pageChanged, selectOffset } from "../../../lib/pagingSlice";
import {
  favoriteFixture,
  flushPromises,
  installFakeApi,
  page,
  shoeFixture,
  userRecord,
} from "../../../testing/fakeApi";
import { favoritesApi, FAVORITES_PAGE } from "../api";

const { favoritesPage, isFavorite, addFavorite, removeFavorite } = favoritesApi.endpoints;

const UID = userRecord().idUser;
const shoe = shoeFixture({ _id: 5, name: "Air Swift" });
const favorite = favoriteFixture(shoe, { _id: 12 });
const refused = (status, detail, code) => [status, { detail, code }];

// The detail screen's question about shoe 5, as the store keeps its answer.
const toggleState = (store, shoeId = 5, uid = UID) => isFavorite.select({ uid, shoeId })(store.getState());

describe("the page of /favorites", () => {
  test("asks for the user's favorites 8 at a time: each with its shoe", async () => {
    const calls = installFakeApi({ [`GET /favorites/${UID}`]: page([favorite], 9) });
    const { data } = await setupStore().dispatch(favoritesPage.initiate({ uid: UID, limit: 8, offset: 8 }));
    expect(calls.map((call) => call.path)).toEqual([`/favorites/${UID}?limit=8&offset=8`]);
    expect(data.count).toBe(9);
    expect(data.results[0].shoe).toMatchObject({ _id: 5, name: "Air Swift" });
  });

  test("the page resets when the list changes: adding or removing a favorite", async () => {
    installFakeApi({
      [`POST /favorites/${UID}`]: [201, { message: "Shoe added to Favorites", favorite }],
      [`DELETE /favorites/${UID}`]: { message: "Shoe removed from Favorites" },
    });
    const store = setupStore({ paging: { offsets: { [FAVORITES_PAGE]: 16 }, counts: {} } });
    await store.dispatch(addFavorite.initiate({ uid: UID, shoeId: 5 }));
    expect(selectOffset(store.getState(), FAVORITES_PAGE)).toBe(0);
    store.dispatch(pageChanged({ list: FAVORITES_PAGE, offset: 8 }));
    await store.dispatch(removeFavorite.initiate({ uid: UID, shoeId: 5 }));
    expect(selectOffset(store.getState(), FAVORITES_PAGE)).toBe(0);
  });

  test("another user's favorites are refused and nothing is shown", async () => {
    installFakeApi({ "GET /favorites/someone-else": refused(403, "Not allowed.", "permission_denied") });
    const result = await setupStore().dispatch(
      favoritesPage.initiate({ uid: "someone-else", limit: 8, offset: 0 }),
    );
    expect(result).toMatchObject({ isError: true, error: { status: 403 } });
    expect(result.data).toBeUndefined();
  });

  test("each user's favorites are their own: another user never gets this one's answer", async () => {
    installFakeApi({
      [`GET /favorites/${UID}`]: page([favorite]),
      [`GET /favorites/${"b".repeat(28)}`]: page([]),
    });
    const store = setupStore();
    await store.dispatch(favoritesPage.initiate({ uid: UID, limit: 8, offset: 0 }));
    const other = await store.dispatch(favoritesPage.initiate({ uid: "b".repeat(28), limit: 8, offset: 0 }));
    expect(other.data.results).toEqual([]);
  });
});

describe("the detail screen's toggle", () => {
  test("asks about that one shoe: a list of one is a favorite", async () => {
    const calls = installFakeApi({ [`GET /favorites/${UID}`]: [favorite] });
    const store = setupStore();
    const request = store.dispatch(isFavorite.initiate({ uid: UID, shoeId: 5 }));
    expect(toggleState(store).isLoading).toBe(true);
    expect(toggleState(store).data).toBeUndefined();
    await request;
    expect(calls.map((call) => call.path)).toEqual([`/favorites/${UID}?shoeId=5`]);
    expect(toggleState(store)).toMatchObject({ isSuccess: true, data: true });
  });

  test("an empty list is no favorite; another shoe is unknown", async () => {
    installFakeApi({ [`GET /favorites/${UID}`]: [] });
    const store = setupStore();
    await store.dispatch(isFavorite.initiate({ uid: UID, shoeId: 5 }));
    expect(toggleState(store).data).toBe(false);
    expect(toggleState(store, 6).data).toBeUndefined();
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
    await store.dispatch(isFavorite.initiate({ uid: UID, shoeId: 5 }));
    const { data } = await store.dispatch(addFavorite.initiate({ uid: UID, shoeId: 5 }));
    await flushPromises();

    expect(calls[1]).toMatchObject({ method: "POST", path: `/favorites/${UID}`, body: { shoeId: 5 } });
    expect(data.message).toBe("Shoe added to Favorites");
    expect(toggleState(store).data).toBe(true);
    // The toggle shows the shop's answer without asking again.
    expect(calls).toHaveLength(2);
  });

  test("removing sends the shoe's id in the body of a DELETE", async () => {
    const calls = installFakeApi({
      [`GET /favorites/${UID}`]: [favorite],
      [`DELETE /favorites/${UID}`]: { message: "Shoe removed from Favorites" },
    });
    const store = setupStore();
    await store.dispatch(isFavorite.initiate({ uid: UID, shoeId: 5 }));
    await store.dispatch(removeFavorite.initiate({ uid: UID, shoeId: 5 }));
    await flushPromises();
    expect(calls[1]).toMatchObject({ method: "DELETE", path: `/favorites/${UID}`, body: { shoeId: 5 } });
    expect(toggleState(store).data).toBe(false);
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
    const store = setupStore({ paging: { offsets: { [FAVORITES_PAGE]: 8 }, counts: {} } });
    await store.dispatch(isFavorite.initiate({ uid: UID, shoeId: 5 }));
    const { error } = await store.dispatch(addFavorite.initiate({ uid: UID, shoeId: 5 }));
    expect(error).toMatchObject({ status, code, message: detail });
    expect(toggleState(store).data).toBe(false);
    expect(selectOffset(store.getState(), FAVORITES_PAGE)).toBe(8);
  });

  test("a failed question leaves it unknown and says so", async () => {
    installFakeApi({ [`GET /favorites/${UID}`]: refused(503, "Busy", "unavailable") });
    const store = setupStore();
    await store.dispatch(isFavorite.initiate({ uid: UID, shoeId: 5 }));
    expect(toggleState(store).isError).toBe(true);
    expect(toggleState(store).data).toBeUndefined();
  });
});
