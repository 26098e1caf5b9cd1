import { createSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../app/store";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { pageChanged } from "../../lib/pagedList";
import { addRowRemovalCases, addTableCases, pageThunk, tableState } from "./tableCases";

// The dashboard's Brands table (SPEC.md §2): by name, 4 a page; a brand is deleted once confirmed,
// and refused (409, with the server's reason) while it still has shoes.

export const BRANDS_PAGE_SIZE = 4;

export const fetchBrandsPage = pageThunk("adminBrands/pageRequested", "/brands", BRANDS_PAGE_SIZE);

export const deleteBrand = apiThunk("adminBrands/deleted", (id, options) =>
  api.delete(`/brands/${id}`, undefined, options),
);

const initialState = tableState("brands");

const brandTableSlice = createSlice({
  name: "adminBrands",
  initialState,
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addTableCases(builder, fetchBrandsPage, "brands", initialState);
    addRowRemovalCases(builder, deleteBrand, "brands");
  },
  selectors: { selectBrandTable: (state) => state },
});

const injected = brandTableSlice.injectInto(rootReducer);

export const { pageChanged: brandTablePageChanged } = brandTableSlice.actions;
export const { selectBrandTable } = injected.selectors;
