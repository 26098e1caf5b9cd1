import { createSlice } from "@reduxjs/toolkit";
import { useCallback } from "react";
import { useDispatch, useSelector } from "react-redux";

// Where each paged list stands (its offset, by the list's name: "sale", "adminUsers"...), so a shopper
// who opens a shoe and comes back finds the page they left; and how many items a list held when its
// last page was shown (`counts`), so a list that changed meanwhile starts again from its first page
// (paging.js's offsetAfterLoad). The pages themselves are the API's cache.
export const pagingSlice = createSlice({
  name: "paging",
  initialState: { offsets: {}, counts: {} },
  reducers: {
    pageChanged: (state, action) => {
      state.offsets[action.payload.list] = action.payload.offset;
    },
    listCounted: (state, action) => {
      state.counts[action.payload.list] = action.payload.count;
    },
  },
});

export const { pageChanged, listCounted } = pagingSlice.actions;

export const selectOffset = (state, list) => state.paging?.offsets[list] ?? 0;
export const selectListCount = (state, list) => state.paging?.counts[list];

// [offset, setOffset] of one list.
export function usePageOffset(list) {
  const dispatch = useDispatch();
  const offset = useSelector((state) => selectOffset(state, list));
  const setOffset = useCallback((next) => dispatch(pageChanged({ list, offset: next })), [dispatch, list]);
  return [offset, setOffset];
}
