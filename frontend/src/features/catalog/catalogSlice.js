import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { offsetAfterLoad, PAGE_SIZE } from "../../lib/paging";
import { requestFailed, requestStarted, requestSucceeded, isLatest } from "../../lib/latestRequest";
import { forStorefront, pageQuery } from "./shoes";

// The catalogue block of the home page and /products: the shop's shoes, newest first, a page at a
// time. The server pages the list, so a shop of 100,000 shoes sends the browser 28 of them.
export const fetchCataloguePage = apiThunk("catalog/pageRequested", ({ offset }, options) =>
  api.get(`/shoes?${pageQuery({ limit: PAGE_SIZE.catalogue, offset })}`, options),
);

const initialState = { shoes: [], count: 0, offset: 0, status: "idle", requestId: null, error: null };

const catalogSlice = createSlice({
  name: "catalog",
  initialState,
  reducers: {
    // Previous and Next set the offset; the screen then asks for that page.
    pageChanged: (state, action) => {
      state.offset = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCataloguePage.pending, requestStarted)
      .addCase(fetchCataloguePage.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        state.shoes = action.payload.results.map(forStorefront);
        state.count = action.payload.count;
        state.offset = offsetAfterLoad(state.offset, action.payload);
      })
      .addCase(fetchCataloguePage.rejected, requestFailed);
  },
});

export const { pageChanged: cataloguePageChanged } = catalogSlice.actions;

export const selectCatalog = (state) => state.catalog;

export default catalogSlice.reducer;
