import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { forStorefront } from "./shoes";

// The shoe of the detail screen (/products/{id}).
export const fetchShoe = apiThunk("shoe/requested", (id, options) =>
  api.get(`/shoes/${encodeURIComponent(id)}`, options),
);

const initialState = { shoe: null, status: "idle", requestId: null, error: null };

const shoeSlice = createSlice({
  name: "shoe",
  initialState,
  reducers: {
    // Leaving the detail screen: the next shoe must not flash the last one while it loads.
    shoeCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchShoe.pending, (state, action) => {
        requestStarted(state, action);
        state.shoe = null;
      })
      .addCase(fetchShoe.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        state.shoe = forStorefront(action.payload);
      })
      .addCase(fetchShoe.rejected, requestFailed);
  },
});

export const { shoeCleared } = shoeSlice.actions;

export const selectShoe = (state) => state.shoe;

export default shoeSlice.reducer;
