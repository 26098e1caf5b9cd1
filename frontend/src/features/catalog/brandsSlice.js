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

// A brand's name as the shop spells it, for a name typed in any case (in an address); as typed if unknown.
export const selectBrandName = (state, name) =>
  state.brands.brands.find((brand) => brand.name.toLowerCase() === name.toLowerCase())?.name ?? name;

export default brandsSlice.reducer;
