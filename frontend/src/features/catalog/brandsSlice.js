import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";

// The brands of the header's BRANDS menu.
export const fetchBrands = apiThunk("brands/requested", (_, options) => api.get("/brands", options));

const initialState = { brands: [], status: "idle", requestId: null, error: null };

const brandsSlice = createSlice({
  name: "brands",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchBrands.pending, requestStarted)
      .addCase(fetchBrands.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        state.brands = action.payload;
      })
      .addCase(fetchBrands.rejected, requestFailed);
  },
});

export const selectBrands = (state) => state.brands;

export default brandsSlice.reducer;
