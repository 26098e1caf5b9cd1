import { createSelector, createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { addPageCases, pageChanged, pagedListState } from "../../lib/pagedList";
import { PAGE_SIZE } from "../../lib/paging";
import { authStateChanged, signOut } from "../account/accountSlice";
import { forStorefront } from "../catalog/shoes";

// The signed-in user's favorites (SPEC.md §2 /favorites, §7): a page of them for /favorites, and
// whether the shoe on the detail screen is one of them.

const favoritesPath = (uid) => `/favorites/${encodeURIComponent(uid)}`;

// /favorites: newest first, 8 a page.
export const fetchFavoritesPage = apiThunk("favorites/pageRequested", ({ uid, offset }, options) => {
  const query = new URLSearchParams({ limit: PAGE_SIZE.favorites, offset });
  return api.get(`${favoritesPath(uid)}?${query}`, options);
});

// The detail screen's toggle: the favorite of that one shoe, a list of 0 or 1.
export const fetchIsFavorite = apiThunk("favorites/shoeRequested", ({ uid, shoeId }, options) =>
  api.get(`${favoritesPath(uid)}?${new URLSearchParams({ shoeId })}`, options),
);

// Adding twice is no duplicate: the server answers the favorite it already has.
export const addFavorite = apiThunk("favorites/added", ({ uid, shoeId }, options) =>
  api.post(favoritesPath(uid), { shoeId }, options),
);

export const removeFavorite = apiThunk("favorites/removed", ({ uid, shoeId }, options) =>
  api.delete(favoritesPath(uid), { shoeId }, options),
);

// A favorite as /favorites shows it: its shoe with the cart's quantities at 0, as every list's shoes.
const forFavorites = (favorite) => ({ ...favorite, shoe: forStorefront(favorite.shoe) });

// `shoe`: the detail screen's shoe; `isFavorite` is null until the server has said, `saving` while a
// press is on its way.
const shoeState = {
  shoeId: null,
  isFavorite: null,
  saving: false,
  status: "idle",
  requestId: null,
  error: null,
};

const initialState = { ...pagedListState("favorites"), uid: null, shoe: shoeState };

const isFor = (state, shoeId) => String(state.shoe.shoeId) === String(shoeId);

const favoritesSlice = createSlice({
  name: "favorites",
  initialState,
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addPageCases(builder, fetchFavoritesPage, "favorites", forFavorites);
    builder
      .addCase(fetchIsFavorite.pending, (state, action) => {
        state.shoe = { ...shoeState, shoeId: action.meta.arg.shoeId };
        requestStarted(state.shoe, action);
      })
      .addCase(fetchIsFavorite.fulfilled, (state, action) => {
        if (!isLatest(state.shoe, action)) return;
        requestSucceeded(state.shoe);
        state.shoe.isFavorite = action.payload.length > 0;
      })
      .addCase(fetchIsFavorite.rejected, (state, action) => requestFailed(state.shoe, action));

    for (const [thunk, isFavorite] of [
      [addFavorite, true],
      [removeFavorite, false],
    ]) {
      builder
        .addCase(thunk.pending, (state, action) => {
          if (isFor(state, action.meta.arg.shoeId)) state.shoe.saving = true;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          if (isFor(state, action.meta.arg.shoeId)) {
            state.shoe.saving = false;
            state.shoe.isFavorite = isFavorite;
          }
          // The list changed: /favorites starts again from its first page (SPEC.md §2).
          state.offset = 0;
        })
        .addCase(thunk.rejected, (state, action) => {
          if (isFor(state, action.meta.arg.shoeId)) state.shoe.saving = false;
        });
    }

    // Another user on this browser must not see these favorites, even for a moment.
    const forgotten = () => initialState;
    builder
      .addCase(signOut.fulfilled, forgotten)
      .addCase(signOut.rejected, forgotten)
      .addCase(authStateChanged, (state, action) => {
        const uid = action.payload?.idUser ?? null;
        return state.uid !== null && state.uid !== uid ? initialState : state;
      })
      // Whose favorites these are.
      .addMatcher(fetchFavoritesPage.pending.match, (state, action) => {
        state.uid = action.meta.arg.uid;
      });
  },
});

export const { pageChanged: favoritesPageChanged } = favoritesSlice.actions;

export const selectFavorites = (state) => state.favorites;

// The favorites view: the shoes of the loaded favorites (SPEC.md §3 'Favorite').
export const selectFavoriteShoes = createSelector([(state) => state.favorites.favorites], (favorites) =>
  favorites.map((favorite) => favorite.shoe),
);

// The toggle's state for the shoe of that id: {isFavorite (null while unknown), saving, status}.
export const selectFavoriteShoe = (state, shoeId) =>
  isFor(state.favorites, shoeId) ? state.favorites.shoe : shoeState;

export default favoritesSlice.reducer;
