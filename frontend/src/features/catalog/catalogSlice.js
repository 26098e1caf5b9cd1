import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { addPageCases, pageChanged, pagedListState } from "../../lib/pagedList";
import { PAGE_SIZE } from "../../lib/paging";
import { forStorefront, pageQuery } from "./shoes";

// The catalogue block of the home page and /products: the shop's shoes, newest first, a page at a
// time. The server pages the list, so a shop of 100,000 shoes sends the browser 28 of them.
export const fetchCataloguePage = apiThunk("catalog/pageRequested", ({ offset }, options) =>
  api.get(`/shoes?${pageQuery({ limit: PAGE_SIZE.catalogue, offset })}`, options),
);

const catalogSlice = createSlice({
  name: "catalog",
  initialState: pagedListState("shoes"),
  reducers: { pageChanged },
  extraReducers: (builder) => addPageCases(builder, fetchCataloguePage, "shoes", forStorefront),
});

export const { pageChanged: cataloguePageChanged } = catalogSlice.actions;

export const selectCatalog = (state) => state.catalog;

export default catalogSlice.reducer;
