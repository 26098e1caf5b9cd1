import { createSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../app/store";
import { pageChanged } from "../../lib/pagedList";
import { deleteShoe, restoreShoe } from "./productsSlice";
import { addRowRemovalCases, addTableCases, pageThunk, tableState } from "./tableCases";

// The dashboard's Archived table: the shoes a delete took out of the shop but kept, because customers'
// orders, reviews or favorites point at them; the latest first, 5 a page. Restoring one puts it back in
// the shop (and in Products); a delete in Products may add one, so the page is asked again after each.

export const ARCHIVED_PAGE_SIZE = 5;

export const fetchArchivedPage = pageThunk(
  "adminArchived/pageRequested",
  "/shoes/archived",
  ARCHIVED_PAGE_SIZE,
);

const initialState = tableState("shoes");

const archivedSlice = createSlice({
  name: "adminArchived",
  initialState,
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addTableCases(builder, fetchArchivedPage, "shoes", initialState);
    addRowRemovalCases(builder, restoreShoe, "shoes");
    builder.addCase(deleteShoe.fulfilled, (state) => {
      state.revision += 1;
    });
  },
  selectors: { selectArchived: (state) => state },
});

const injected = archivedSlice.injectInto(rootReducer);

export const { pageChanged: archivedPageChanged } = archivedSlice.actions;
export const { selectArchived } = injected.selectors;
