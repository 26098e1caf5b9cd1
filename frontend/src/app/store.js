import { configureStore } from "@reduxjs/toolkit";
import { pagingSlice } from "../lib/pagingSlice";
import { rootReducer } from "../lib/rootReducer";
import { shopApi } from "../lib/shopApi";
import { accountSlice, startIdentity } from "../features/account";
import { cartSlice, persistCart } from "../features/cart";
import { collectionSlice, searchSlice, sizeFilterSlice } from "../features/catalog";

// The store: the API's cache of server data (RTK Query, lib/shopApi.js) and the client-state slices.
// The spec's client store slices (docs/PRODUCT.md §3) are these two together:
//   shoes, allShoes, filter -> the API's cataloguePage (a page of the catalogue; the server pages
//     and filters), its offset -> paging.catalogue
//   shoe -> the API's shoe (by id) · onSale -> the API's salePage (the carousel's too) · brands -> brands
//   name -> the API's searchShoes, its text -> search.text
//   catalogBrand -> the API's collectionPage; its brand, sort, color and offset -> collection
//   cart items -> cart.items · cart total -> selectCartTotalCents (derived, in cents)
//   (the cart screen's own: the shop's word on each line -> the API's quoteCart, the payment -> its
//   checkout, shared under the key "checkout")
//   order -> the API's order (by payment id, filled by the checkout) · userOrders -> the API's userOrders
//   the signed-in user -> account.user (the server's record), account.status
//   favorites -> the API's favoritesPage (their shoes by the catalogue's Favorites), isFavorite
//     (whether the detail screen's shoe is one), its offset -> paging.favorites
//   review -> the review form's own state (form state stays out of Redux); eligibility -> the API's
//   shoeReviews -> the API's shoeReviews (a page of the shown shoe's reviews)
//   users, clients, orders -> the API's usersPage, clientsPage (admin); order, orderId ->
//     adminSelection.order · the selected shoe -> adminSelection.shoe: the admin chunk injects that
//     slice into the root reducer (lib/rootReducer.js) when it loads, so a shopper's bundle never holds it.
for (const slice of [pagingSlice, accountSlice, cartSlice, collectionSlice, searchSlice, sizeFilterSlice]) {
  rootReducer.inject(slice);
}

export function setupStore(preloadedState) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(shopApi.middleware),
  });
}

export function createShopStore() {
  const store = setupStore();
  persistCart(store);
  startIdentity(store);
  return store;
}
