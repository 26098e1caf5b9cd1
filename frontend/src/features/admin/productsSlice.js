import { createSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../app/store";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { pageChanged } from "../../lib/pagedList";
import { shoeCleared, shoeSelected } from "./selectionSlice";
import { addRowChangeCases, addRowRemovalCases, addTableCases, pageThunk, tableState } from "./tableCases";

// The dashboard's Products table (SPEC.md §2, §4 'Shoe and brand'): the newest shoes first, 5 a page;
// an admin puts a shoe on sale or takes it off, deletes it once confirmed, or selects it for Modify
// Shoes and Create size. Selecting narrows the list to that shoe; clearing the selection brings the
// page back (`narrowedTo` says which, the page's offset is kept meanwhile).

export const PRODUCTS_PAGE_SIZE = 5;

export const fetchProductsPage = pageThunk("adminProducts/pageRequested", "/shoes", PRODUCTS_PAGE_SIZE);

// The selected shoe as the server has it now (a size added, a modify), the narrowed list's one row.
export const fetchProduct = apiThunk("adminProducts/shoeRequested", (id, options) =>
  api.get(`/shoes/${id}`, options),
);

export const setOnSale = apiThunk("adminProducts/onSaleChanged", ({ id, onSale }, options) =>
  api.put(`/admin/onsale/${id}`, { onSale }, options),
);

// The server deletes the shoe, or archives it when customers' orders, reviews or favorites point at it
// (the Archived table then lists it); the Products table loses the row either way.
export const deleteShoe = apiThunk("adminProducts/deleted", (id, options) =>
  api.delete(`/shoes/${id}`, undefined, options),
);

// An archived shoe back in the shop: it leaves the Archived table and the Products page is asked again.
export const restoreShoe = apiThunk("adminProducts/restored", (id, options) =>
  api.post(`/shoes/${id}/restore`, undefined, options),
);

const initialState = { ...tableState("products"), narrowedTo: null };

const productsSlice = createSlice({
  name: "adminProducts",
  initialState,
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addTableCases(builder, fetchProductsPage, "products", initialState);
    addRowChangeCases(builder, setOnSale, "products", { keyOfArg: (arg) => arg.id });
    addRowRemovalCases(builder, deleteShoe, "products");
    builder
      .addCase(fetchProduct.pending, requestStarted)
      .addCase(fetchProduct.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        state.products = [action.payload];
      })
      .addCase(fetchProduct.rejected, requestFailed)
      .addCase(shoeSelected, (state, action) => {
        state.narrowedTo = action.payload._id;
        // The shoe given is the newest word on it (a form selects what the server just answered).
        state.products = [action.payload];
      })
      .addCase(shoeCleared, (state) => {
        state.narrowedTo = null;
      })
      .addCase(restoreShoe.fulfilled, (state) => {
        state.revision += 1;
      });
  },
  selectors: { selectProducts: (state) => state },
});

const injected = productsSlice.injectInto(rootReducer);

export const { pageChanged: productsPageChanged } = productsSlice.actions;
export const { selectProducts } = injected.selectors;
