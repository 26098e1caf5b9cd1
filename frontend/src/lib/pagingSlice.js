import { createSlice } from "@reduxjs/toolkit";
import { useCallback } from "react";
import { useDispatch, useSelector } from "react-redux";

// Where each paged list stands (its offset, by the list's name: "sale", "adminUsers"...), so a shopper
// who opens a shoe and comes back finds the page they left. The pages themselves are the API's cache.
export const pagingSlice = createSlice({
  name: "paging",
  initialState: {},
  reducers: {
    pageChanged: (state, action) => {
      state[action.payload.list] = action.payload.offset;
    },
  },
});

export const { pageChanged } = pagingSlice.actions;

export const selectOffset = (state, list) => state.paging?.[list] ?? 0;

// [offset, setOffset] of one list.
export function usePageOffset(list) {
  const dispatch = useDispatch();
  const offset = useSelector((state) => selectOffset(state, list));
  const setOffset = useCallback((next) => dispatch(pageChanged({ list, offset: next })), [dispatch, list]);
  return [offset, setOffset];
}
