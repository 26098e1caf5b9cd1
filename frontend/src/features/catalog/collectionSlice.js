import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { addPageCases, pageChanged, pagedListState } from "../../lib/pagedList";
import { PAGE_SIZE } from "../../lib/paging";
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
  // The page of catalogBrand the server answered, at `offset`.
  ...pagedListState("catalogBrand"),
  // What else the shopper chose to see; the screen asks for the page whenever one of them changes.
  brand: "",
  sort: SORTS.none,
  color: "",
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
    pageChanged,
  },
  extraReducers: (builder) => {
    addPageCases(builder, fetchCollectionPage, "catalogBrand", forStorefront);
    builder.addCase(fetchCollectionColors.fulfilled, (state, action) => {
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
