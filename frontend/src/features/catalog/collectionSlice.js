import { createSlice } from "@reduxjs/toolkit";

export const SORTS = Object.freeze({ none: "", cheapestFirst: "price", dearestFirst: "-price" });

// What the shopper chose to see of a brand's collection: its sort, its color, its size and the page
// they are on. The page itself is the API's (collectionPage); coming back to the same brand finds them
// as left.
const initialState = { brand: "", sort: SORTS.none, color: "", size: "", offset: 0 };

export const collectionSlice = createSlice({
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
    // A new sort or filter is a new list: back to its first page (docs/PRODUCT.md §2).
    sortChanged: (state, action) => {
      state.sort = action.payload;
      state.offset = 0;
    },
    colorChanged: (state, action) => {
      state.color = action.payload;
      state.offset = 0;
    },
    sizeChanged: (state, action) => {
      state.size = action.payload;
      state.offset = 0;
    },
    // Clear filters: the brand's whole collection, newest first, from its first page.
    filtersCleared: (state) => ({ ...initialState, brand: state.brand }),
    collectionPageChanged: (state, action) => {
      state.offset = action.payload;
    },
  },
});

export const {
  collectionOpened,
  sortChanged,
  colorChanged,
  sizeChanged,
  filtersCleared,
  collectionPageChanged,
} = collectionSlice.actions;

export const selectCollection = (state) => state.collection;

export default collectionSlice.reducer;
