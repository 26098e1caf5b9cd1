import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";

// The order of /order/{idPayment}: its owner's (or an admin's); any other answers 404.
export const fetchOrder = apiThunk("order/requested", (idPayment, options) =>
  api.get(`/cart/order/${encodeURIComponent(idPayment)}`, options),
);

const initialState = { order: null, status: "idle", requestId: null, error: null };

const orderSlice = createSlice({
  name: "order",
  initialState,
  reducers: {
    // Leaving the order screen (SPEC.md §2): the next order must not flash this one while it loads.
    orderCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchOrder.pending, (state, action) => {
        requestStarted(state, action);
        state.order = null;
      })
      .addCase(fetchOrder.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        state.order = action.payload;
      })
      .addCase(fetchOrder.rejected, requestFailed);
  },
});

export const { orderCleared } = orderSlice.actions;

export const selectOrder = (state) => state.order;

export default orderSlice.reducer;
