import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { addPageCases, pageChanged, pagedListState } from "../../lib/pagedList";

// My Orders on /account: the signed-in user's paid orders, newest first, this many a page.
export const ORDERS_PAGE_SIZE = 4;

export const fetchUserOrders = apiThunk("userOrders/pageRequested", ({ uid, offset }, options) => {
  const query = new URLSearchParams({ limit: ORDERS_PAGE_SIZE, offset });
  return api.get(`/cart/${encodeURIComponent(uid)}?${query}`, options);
});

const initialState = pagedListState("userOrders");

const userOrdersSlice = createSlice({
  name: "userOrders",
  initialState,
  reducers: {
    pageChanged,
    // Leaving the account page: the next user to sign in on this browser must not see these.
    userOrdersCleared: () => initialState,
  },
  extraReducers: (builder) => addPageCases(builder, fetchUserOrders, "userOrders"),
});

export const { pageChanged: userOrdersPageChanged, userOrdersCleared } = userOrdersSlice.actions;

export const selectUserOrders = (state) => state.userOrders;

export default userOrdersSlice.reducer;
