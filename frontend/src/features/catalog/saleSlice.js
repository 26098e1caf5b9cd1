import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { addPageCases, pageChanged, pagedListState } from "../../lib/pagedList";
import { PAGE_SIZE } from "../../lib/paging";
import { forStorefront, pageQuery } from "./shoes";

// How many of the cheapest shoes on sale the home carousel cycles through.
export const CAROUSEL_SIZE = 12;

const fetchOnSale = ({ limit, offset }, options) =>
  api.get(`/shoes/onSale?${pageQuery({ limit, offset })}`, options);

// /sale: the shoes on sale, cheapest first, 8 a page.
export const fetchSalePage = apiThunk("sale/pageRequested", ({ offset }, options) =>
  fetchOnSale({ limit: PAGE_SIZE.sale, offset }, options),
);

// The home carousel: the cheapest shoes on sale.
export const fetchCarousel = apiThunk("sale/carouselRequested", (_, options) =>
  fetchOnSale({ limit: CAROUSEL_SIZE, offset: 0 }, options),
);

const initialState = {
  ...pagedListState("onSale"),
  carousel: { shoes: [], status: "idle", requestId: null, error: null },
};

const saleSlice = createSlice({
  name: "sale",
  initialState,
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addPageCases(builder, fetchSalePage, "onSale", forStorefront);
    builder
      .addCase(fetchCarousel.pending, (state, action) => requestStarted(state.carousel, action))
      .addCase(fetchCarousel.fulfilled, (state, action) => {
        if (!isLatest(state.carousel, action)) return;
        requestSucceeded(state.carousel);
        state.carousel.shoes = action.payload.results.map(forStorefront);
      })
      .addCase(fetchCarousel.rejected, (state, action) => requestFailed(state.carousel, action));
  },
});

export const { pageChanged: salePageChanged } = saleSlice.actions;

export const selectSale = (state) => state.sale;
export const selectCarousel = (state) => state.sale.carousel;

export default saleSlice.reducer;
