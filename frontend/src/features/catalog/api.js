import { pageQuery, pageTags, shopApi } from "../../lib/shopApi";
import { PAGE_SIZE } from "../../lib/paging";
import { sizeQuery } from "../../lib/sizes";
import { forStorefront } from "./shoes";

// How many of the cheapest shoes on sale the home carousel cycles through.
export const CAROUSEL_SIZE = 12;

// How many matches the search drawer lists; a longer name narrows the rest down.
export const SEARCH_LIMIT = 10;

// A page of shoes ({count, results}) with the cart's quantities at 0 (docs/PRODUCT.md §3, §4).
const storefrontPage = (page) => ({ ...page, results: page.results.map(forStorefront) });

const shoeListTags = (page) => pageTags("Shoe", page);

// The storefront's shoes: every list is asked a page at a time ({limit, offset, ...}), so a shop of
// 100,000 shoes sends the browser the 28 it shows.
export const catalogApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    // The catalogue block of the home page and /products: newest first.
    // With a size, the shoes with pairs of it (?size=&inStock=true), as the size chips ask.
    cataloguePage: build.query({
      query: ({ limit = PAGE_SIZE.catalogue, offset, size }) =>
        `/shoes?${pageQuery({ limit, offset, ...sizeQuery(size) })}`,
      transformResponse: storefrontPage,
      providesTags: shoeListTags,
    }),
    // A brand's collection, sorted by price ("price", "-price") and filtered by color on the server.
    collectionPage: build.query({
      query: ({ limit = PAGE_SIZE.collection, offset, brand, color, sort, size }) =>
        `/shoes?${pageQuery({ limit, offset, brand, color, ordering: sort, ...sizeQuery(size) })}`,
      transformResponse: storefrontPage,
      providesTags: shoeListTags,
    }),
    // The colors a brand's shoes come in, for the collection's color filter.
    collectionColors: build.query({
      query: (brand) => `/shoes/colors?${new URLSearchParams({ brand })}`,
      providesTags: [{ type: "Shoe", id: "LIST" }],
    }),
    // The shoes on sale, cheapest first: /sale's pages and the home carousel.
    salePage: build.query({
      query: ({ limit = PAGE_SIZE.sale, offset, size }) =>
        `/shoes/onSale?${pageQuery({ limit, offset, ...sizeQuery(size) })}`,
      transformResponse: storefrontPage,
      providesTags: shoeListTags,
    }),
    // The detail screen's shoe (/products/{id}).
    shoe: build.query({
      query: (id) => `/shoes/${encodeURIComponent(id)}`,
      transformResponse: forStorefront,
      providesTags: (shoe, error, id) => [{ type: "Shoe", id: shoe?._id ?? Number(id) }],
    }),
    // 'Notify me' on a sold-out size: {size, email}; a signed-in shopper's address is their account's.
    notifyMe: build.mutation({
      query: ({ shoeId, size, email }) => ({
        url: `/shoes/${encodeURIComponent(shoeId)}/notify`,
        method: "POST",
        body: email ? { size, email: email.trim() } : { size },
      }),
    }),
    // The one click of a back-in-stock mail, from the /unsubscribe/stock screen.
    unsubscribeStockAlert: build.mutation({
      query: (token) => ({ url: `/shoes/notify/unsubscribe/${encodeURIComponent(token)}`, method: "POST" }),
    }),
    // The search drawer: shoes whose name contains the text, asked lower-cased (docs/PRODUCT.md §7),
    // of a size in stock when one is chosen. The server may answer a plain text (a not-found message),
    // which is kept to be shown as it is.
    searchShoes: build.query({
      query: ({ text, size }) =>
        `/shoes?${pageQuery({ limit: SEARCH_LIMIT, offset: 0, name: text.toLowerCase(), ...sizeQuery(size) })}`,
      providesTags: [{ type: "Shoe", id: "LIST" }],
    }),
  }),
});

export const {
  useCataloguePageQuery,
  useCollectionPageQuery,
  useCollectionColorsQuery,
  useSalePageQuery,
  useShoeQuery,
  useSearchShoesQuery,
  useNotifyMeMutation,
  useUnsubscribeStockAlertMutation,
} = catalogApi;

// A brand's name as the shop spells it, for a name typed in any case (in an address); as typed if unknown.
export function brandNameIn(brands, name) {
  return brands?.find((brand) => brand.name.toLowerCase() === name.toLowerCase())?.name ?? name;
}
