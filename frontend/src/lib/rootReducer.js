import { combineSlices } from "@reduxjs/toolkit";
import { shopApi } from "./shopApi";

// The store's reducer: the API's cache, and the client-state slices injected into it (app/store.js
// the storefront's, the admin chunk its own when it loads). It stands down here in lib/, not in app/,
// so a lazily loaded feature injects its slice without importing the top of the app.
export const rootReducer = combineSlices(shopApi).withLazyLoadedSlices();
