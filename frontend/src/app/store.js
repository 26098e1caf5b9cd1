import { combineSlices, configureStore } from "@reduxjs/toolkit";
import brands from "../features/catalog/brandsSlice";
import catalog from "../features/catalog/catalogSlice";
import collection from "../features/catalog/collectionSlice";
import sale from "../features/catalog/saleSlice";
import search from "../features/catalog/searchSlice";
import shoe from "../features/catalog/shoeSlice";
import cart, { persistCart } from "../features/cart/cartSlice";
import mailing from "../features/mailing/mailingSlice";
import account, { startIdentity } from "../features/account/accountSlice";
import order from "../features/orders/orderSlice";
import userOrders from "../features/orders/userOrdersSlice";
import favorites from "../features/favorites/favoritesSlice";
import { review, shoeReviews } from "../features/reviews/reviewsSlice";

// The spec's store slices (SPEC.md §3) and where they live here:
//   shoes, allShoes, filter -> catalog.shoes (a page of the catalogue; the server pages and filters)
//   shoe -> shoe.shoe · onSale -> sale.onSale (and sale.carousel) · brands -> brands.brands
//   name -> search.name · catalogBrand -> collection.catalogBrand (its sort and color in collection)
//   cart items -> cart.items · cart total -> selectCartTotalCents (derived, in cents)
//   (the cart screen's own: the shop's word on each line -> cart.quote, the payment -> cart.checkout)
//   order -> order.order (by payment id) · userOrders -> userOrders.userOrders (a page of them)
//   the signed-in user -> account.user (the server's record), account.status
//   favorites -> favorites.favorites (a page of them; their shoes by selectFavoriteShoes), and
//     favorites.shoe (whether the detail screen's shoe is one)
//   review -> review.current (the review being written or edited), review.eligibility;
//     the own review -> selectOwnReview (the caller's, among the shoe reviews loaded)
//   shoeReviews -> shoeReviews.shoeReviews (a page of the shown shoe's reviews)
//   the admin screens' slices inject themselves (slice.injectInto) when their lazily loaded chunk loads,
//   so a shopper's bundle never holds them.
export const rootReducer = combineSlices({
  brands,
  catalog,
  collection,
  sale,
  search,
  shoe,
  cart,
  mailing,
  account,
  order,
  userOrders,
  favorites,
  review,
  shoeReviews,
}).withLazyLoadedSlices();

export function setupStore(preloadedState) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export function createShopStore() {
  const store = setupStore();
  persistCart(store);
  startIdentity(store);
  return store;
}
