import { createApi } from "@reduxjs/toolkit/query/react";
import { shopBaseQuery } from "./api";

// The shop's API as RTK Query sees it: one cache of server data for the whole app. Each feature
// injects its endpoints (its api.js), so a screen's calls load with the screen's code. The tags say
// what a write changes, so exactly the answers that showed it are asked again:
//   Shoe (an id, LIST for every list of shoes, ARCHIVED), Brand, Order (an idPayment, LIST), Review
//   (a shoe's), Favorite (a shoe's, LIST), User (LIST), Stats, Quote (the shop's word on a cart),
//   Release (the dashboard's watch of one) and Address (the signed-in shopper's address book, LIST).
export const shopApi = createApi({
  reducerPath: "api",
  baseQuery: shopBaseQuery,
  tagTypes: [
    "Shoe",
    "Brand",
    "Order",
    "Review",
    "Favorite",
    "User",
    "Stats",
    "Quote",
    "Release",
    "ShippingMethod",
    "Return",
    "Address",
  ],
  endpoints: () => ({}),
});

// The tags of a page of a list: the list's own, and each item's (by `idOf`).
export function pageTags(type, page, idOf = (item) => item._id) {
  const items = page?.results ?? [];
  return [{ type, id: "LIST" }, ...items.map((item) => ({ type, id: idOf(item) }))];
}

// The query string of a page of a list call: limit and offset, and each filter that is set.
export function pageQuery({ limit, offset, ...filters }) {
  const query = new URLSearchParams({ limit, offset });
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, value);
  }
  return query.toString();
}
