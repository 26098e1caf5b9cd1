import { createSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../app/store";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { signOut } from "../account/accountSlice";

// The dashboard's tiles and chart: {pairs, orders, sales (cents), salesByDay: [{date, amount (cents),
// orders}] for the last 30 days}, computed by the database in one call (GET /admin/stats).

export const fetchStats = apiThunk("stats/requested", (_, options) => api.get("/admin/stats", options));

const initialState = { stats: null, status: "idle", requestId: null, error: null };

const statsSlice = createSlice({
  name: "stats",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    const forgotten = () => initialState;
    builder
      .addCase(fetchStats.pending, requestStarted)
      .addCase(fetchStats.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        state.stats = action.payload;
      })
      .addCase(fetchStats.rejected, requestFailed)
      .addCase(signOut.fulfilled, forgotten)
      .addCase(signOut.rejected, forgotten);
  },
  selectors: { selectStats: (state) => state },
});

const injected = statsSlice.injectInto(rootReducer);

export const { selectStats } = injected.selectors;
