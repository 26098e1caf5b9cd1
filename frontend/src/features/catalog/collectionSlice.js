import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { offsetAfterLoad, PAGE_SIZE } from "../../lib/paging";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { forStorefront, pageQuery } from "./shoes";

export const SORTS = Object.freeze({ none: "", cheapestFirst: "price", dearestFirst: "-price" });

// A page of one brand's collection, sorted by price and filtered by color on the server, so the
// browser never holds more than the 6 shoes it shows.
export const fetchCollectionPage = apiThunk("collection/pageRequested", (view, options) =>
  api.get(
    `/shoes?${pageQuery({
      limit: PAGE_SIZE.collection,
      offset: view.offset,
      brand: view.brand,
      color: view.color,
      ordering: view.sort,
    })}`,
    options,
  ),
);

// The colors the brand's shoes come in, for the color filter.
export const fetchCollectionColors = apiThunk("collection/colorsRequested", (brand, options) =>
  api.get(`/shoes/colors?${new URLSearchParams({ brand })}`, options),
);

const initialState = {
  // What the shopper asked to see; the screen fetches the page whenever it changes.
  brand: "",
  sort: SORTS.none,
  color: "",
  offset: 0,
  // What the server answered for it.
  catalogBrand: [],
  count: 0,
  status: "idle",
  requestId: null,
  error: null,
  colors: [],
};

const collectionSlice = createSlice({
  name: "collection",
  initialState,
  reducers: {
    // Another brand starts from its first page, unsorted and unfiltered; coming back to the same
    // brand keeps the page, sort and filter the shopper left.
    collectionOpened: (state, action) => {
      if (state.brand.toLowerCase() !== action.payload.toLowerCase()) {
        return { ...initialState, brand: action.payload };
      }
      state.brand = action.payload;
    },
    // A new sort or filter is a new list: back to its first page (SPEC.md §2).
    sortChanged: (state, action) => {
      state.sort = action.payload;
      state.offset = 0;
    },
    colorChanged: (state, action) => {
      state.color = action.payload;
      state.offset = 0;
    },
    pageChanged: (state, action) => {
      state.offset = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCollectionPage.pending, requestStarted)
      .addCase(fetchCollectionPage.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        state.catalogBrand = action.payload.results.map(forStorefront);
        state.count = action.payload.count;
        state.offset = offsetAfterLoad(state.offset, action.payload);
      })
      .addCase(fetchCollectionPage.rejected, requestFailed)
      .addCase(fetchCollectionColors.fulfilled, (state, action) => {
        if (action.meta.arg.toLowerCase() === state.brand.toLowerCase()) state.colors = action.payload;
      });
  },
});

export const {
  collectionOpened,
  sortChanged,
  colorChanged,
  pageChanged: collectionPageChanged,
} = collectionSlice.actions;

export const selectCollection = (state) => state.collection;

export default collectionSlice.reducer;
