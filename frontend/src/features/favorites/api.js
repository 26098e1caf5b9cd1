import { pageChanged } from "../../lib/pagingSlice";
import { pageQuery, shopApi } from "../../lib/shopApi";

// Where /favorites stands (lib/pagingSlice.js): a favorite added or removed starts it again from its
// first page (docs/PRODUCT.md §2 'Collection and list paging').
export const FAVORITES_PAGE = "favorites";

const favoritesPath = (uid) => `/favorites/${encodeURIComponent(uid)}`;

// The signed-in user's favorites (docs/PRODUCT.md §2 /favorites, §7): a page of them ({_id, shoeId, shoe})
// for /favorites, and whether the detail screen's shoe is one of them.
export const favoritesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    // /favorites: newest first.
    favoritesPage: build.query({
      query: ({ uid, limit, offset }) => `${favoritesPath(uid)}?${pageQuery({ limit, offset })}`,
      providesTags: [{ type: "Favorite", id: "LIST" }],
    }),
    // The detail screen's toggle: the favorite of that one shoe, a list of 0 or 1.
    isFavorite: build.query({
      query: ({ uid, shoeId }) => `${favoritesPath(uid)}?${new URLSearchParams({ shoeId })}`,
      transformResponse: (favorites) => favorites.length > 0,
      providesTags: (answer, error, { shoeId }) => [{ type: "Favorite", id: shoeId }],
    }),
    // Adding twice is no duplicate: the server answers the favorite it already has.
    addFavorite: build.mutation({
      query: ({ uid, shoeId }) => ({ url: favoritesPath(uid), method: "POST", body: { shoeId } }),
      onQueryStarted: (arg, api) => toggled(arg, api, true),
      invalidatesTags: (answer, error) => (error ? [] : [{ type: "Favorite", id: "LIST" }]),
    }),
    removeFavorite: build.mutation({
      query: ({ uid, shoeId }) => ({ url: favoritesPath(uid), method: "DELETE", body: { shoeId } }),
      onQueryStarted: (arg, api) => toggled(arg, api, false),
      invalidatesTags: (answer, error) => (error ? [] : [{ type: "Favorite", id: "LIST" }]),
    }),
  }),
});

// Once the shop took a press, the toggle shows its answer without asking again, and the list of
// favorites starts from its first page.
async function toggled({ uid, shoeId }, { dispatch, queryFulfilled }, isFavorite) {
  try {
    await queryFulfilled;
  } catch {
    return; // refused: the toggle stays as it was
  }
  dispatch(favoritesApi.util.upsertQueryData("isFavorite", { uid, shoeId }, isFavorite));
  dispatch(pageChanged({ list: FAVORITES_PAGE, offset: 0 }));
}

export const {
  useFavoritesPageQuery,
  useIsFavoriteQuery,
  useAddFavoriteMutation,
  useRemoveFavoriteMutation,
} = favoritesApi;
