import { createSlice } from "@reduxjs/toolkit";
import { useCallback } from "react";
import { useDispatch, useSelector } from "react-redux";
import { pageChanged } from "../../lib/pagingSlice";

// The size chosen over the catalogue and the sale ("" for all sizes), by list, kept while the shopper
// pages and comes back from a shoe. (The collection keeps its own with its sort and color, the search
// drawer with its text.)
export const sizeFilterSlice = createSlice({
  name: "sizeFilter",
  initialState: {},
  reducers: {
    sizeChosen: (state, action) => {
      state[action.payload.list] = action.payload.size;
    },
  },
});

export const { sizeChosen } = sizeFilterSlice.actions;

export const selectListSize = (state, list) => state.sizeFilter?.[list] ?? "";

// [size, setSize] of one list: a new size is a new list, read from its first page.
export function useListSize(list) {
  const dispatch = useDispatch();
  const size = useSelector((state) => selectListSize(state, list));
  const setSize = useCallback(
    (next) => {
      dispatch(sizeChosen({ list, size: next }));
      dispatch(pageChanged({ list, offset: 0 }));
    },
    [dispatch, list],
  );
  return [size, setSize];
}
